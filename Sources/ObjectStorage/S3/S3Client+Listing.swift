import Cryptography
import Foundation

extension S3Client {
    /// Every object whose key starts with `prefix` (ListObjectsV2, followed page by page), in
    /// S3's order: by key, in UTF-8 byte order.
    /// - Parameter pageSize: keys per page (`max-keys`; S3 sends at most 1000).
    /// - Throws: ``ObjectStorageError``; `.service` with category `.bucketNotFound` when the
    ///   bucket does not exist.
    public func listObjects(prefix: String, pageSize: Int = 1000) throws -> [S3ObjectInfo] {
        var objects: [S3ObjectInfo] = []
        var token: String?
        repeat {
            var request = Request(operation: "ListObjectsV2", method: "GET", key: nil)
            request.query = [("list-type", "2"), ("max-keys", String(pageSize)), ("prefix", prefix)]
            if let token { request.query.append(("continuation-token", token)) }
            let result = try document(try send(request), root: "ListBucketResult", request)
            for entry in result.children(named: "Contents") {
                guard let key = entry.text(of: "Key"), let size = entry.text(of: "Size").flatMap({ Int64($0) }) else {
                    throw invalidResponse(request, "an entry without Key or Size")
                }
                objects.append(
                    S3ObjectInfo(
                        key: key, size: size, etag: entry.text(of: "ETag") ?? "",
                        lastModified: entry.text(of: "LastModified").flatMap(S3ObjectInfo.parseTimestamp)))
            }
            let truncated = result.text(of: "IsTruncated") == "true"
            token = truncated ? result.text(of: "NextContinuationToken") : nil
            if truncated, token == nil {
                throw invalidResponse(request, "a truncated page without a continuation token")
            }
        } while token != nil
        return objects
    }

    /// The most keys one DeleteObjects request takes.
    public static let deleteBatchSize = 1000

    /// Removes `keys` with DeleteObjects, `batchSize` (at most 1000) per request; keys that do
    /// not exist count as removed.
    /// - Throws: ``ObjectStorageError/service(_:)`` naming the first key the endpoint could
    ///   not remove (every batch is still tried first).
    public func deleteObjects(keys: [String], batchSize: Int = deleteBatchSize) throws {
        precondition((1...Self.deleteBatchSize).contains(batchSize), "DeleteObjects takes 1 to 1000 keys")
        var firstFailure: S3ServiceError?
        for start in stride(from: 0, to: keys.count, by: batchSize) {
            let batch = keys[start..<min(keys.count, start + batchSize)]
            let objects = batch.map { "<Object><Key>\(Self.escapedXML($0))</Key></Object>" }.joined()
            let body = Self.requestDocument("Delete", "<Quiet>true</Quiet>" + objects)
            var request = Request(operation: "DeleteObjects", method: "POST", key: nil, body: body)
            request.query = [("delete", "")]
            request.headers = [
                ("Content-Type", "application/xml"), ("Content-MD5", try ContentMD5.headerValue(for: body)),
            ]
            let result = try document(try send(request), root: "DeleteResult", request)
            if firstFailure == nil, let error = result.children(named: "Error").first {
                firstFailure = S3ServiceError(
                    operation: "DeleteObjects", resource: resource(error.text(of: "Key")), status: 200,
                    code: error.text(of: "Code") ?? "Error", message: error.text(of: "Message") ?? "", requestID: nil)
            }
        }
        if let firstFailure { throw ObjectStorageError.service(firstFailure) }
    }

    /// A request's XML document: `content` in the element `root`, in S3's namespace.
    static func requestDocument(_ root: String, _ content: String) -> [UInt8] {
        let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        return Array("\(prolog)<\(root) xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">\(content)</\(root)>".utf8)
    }

    /// Text escaped for an XML element's content.
    static func escapedXML(_ text: String) -> String {
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]
        return text.reduce(into: "") { escaped, character in escaped += entities[character] ?? String(character) }
    }
}
