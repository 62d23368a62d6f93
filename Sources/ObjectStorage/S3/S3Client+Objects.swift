import Foundation

extension S3Client {
    /// Stores `bytes` as the object `key` in one request (PutObject), which S3 makes visible
    /// only complete.
    /// - Parameter ifAbsent: send `If-None-Match: *`, so the write fails with a
    ///   ``ObjectStorageError/Category/conditionFailed`` error when the key exists (a lock).
    /// - Returns: the new object's entity tag.
    @discardableResult
    public func putObject(key: String, bytes: [UInt8], ifAbsent: Bool = false) throws -> String {
        var request = Request(operation: "PutObject", method: "PUT", key: key, body: bytes)
        request.headers.append(("Content-Type", "application/octet-stream"))
        if ifAbsent { request.headers.append(("If-None-Match", "*")) }
        return try send(request).header("etag") ?? ""
    }

    /// The object's size and entity tag (HeadObject), or nil when there is no such key.
    public func headObject(key: String) throws -> S3ObjectInfo? {
        do {
            let response = try send(Request(operation: "HeadObject", method: "HEAD", key: key))
            guard let length = response.header("content-length").flatMap({ Int64($0) }) else {
                throw ObjectStorageError.invalidResponse(
                    operation: "HeadObject", resource: resource(key), detail: "no Content-Length")
            }
            return S3ObjectInfo(key: key, size: length, etag: response.header("etag") ?? "")
        } catch ObjectStorageError.service(let error) where error.status == 404 {
            return nil
        }
    }

    /// Streams the object's bytes — or those in `range` — to `handler`, chunk by chunk, in
    /// order and each byte once: when the connection drops, the download resumes where it
    /// stopped (a `Range` request) on the same version of the object (`If-Match` with its
    /// entity tag), within the retry budget.
    /// - Returns: the object's size and entity tag.
    /// - Throws: ``ObjectStorageError`` — `.service` with category `.objectNotFound` when there
    ///   is no such key, `.conditionFailed` when it was replaced during the download; whatever
    ///   `handler` throws.
    @discardableResult
    public func getObject(
        key: String, range: Range<Int64>? = nil, into handler: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> S3ObjectInfo {
        guard let info = try headObject(key: key) else {
            throw ObjectStorageError.service(
                S3ServiceError(
                    operation: "GetObject", resource: resource(key), status: 404, code: "NoSuchKey",
                    message: "The specified key does not exist.", requestID: nil))
        }
        let wanted = range.map { $0.clamped(to: 0..<info.size) } ?? 0..<info.size
        guard !wanted.isEmpty else { return info }
        try withoutActuallyEscaping(handler) { handler in
            try download(key: key, etag: info.etag, range: wanted, into: handler)
        }
        return info
    }

    /// Downloads `range` of the object whose entity tag is `etag`, resuming after breaks.
    private func download(
        key: String, etag: String, range wanted: Range<Int64>,
        into handler: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var next = wanted.lowerBound
        try withRetries("GetObject", key: key) { _ in
            var request = Request(operation: "GetObject", method: "GET", key: key)
            request.headers = [("Range", "bytes=\(next)-\(wanted.upperBound - 1)"), ("If-Match", etag)]
            _ = try sendOnce(
                request,
                responseBody: .stream { chunk in
                    guard next + Int64(chunk.count) <= wanted.upperBound else {
                        throw ObjectStorageError.invalidResponse(
                            operation: "GetObject", resource: self.resource(key), detail: "more bytes than asked for")
                    }
                    try handler(chunk)
                    next += Int64(chunk.count)
                })
            guard next == wanted.upperBound else {
                // A complete answer that is short: treat it as a broken transfer and resume.
                throw HTTPTransportError.truncated("the answer ended \(wanted.upperBound - next) bytes early")
            }
        }
    }

    /// Removes the object (DeleteObject); removing a key that does not exist succeeds.
    public func deleteObject(key: String) throws {
        do {
            _ = try send(Request(operation: "DeleteObject", method: "DELETE", key: key))
        } catch ObjectStorageError.service(let error) where error.code == "NoSuchKey" {
            return
        }
    }
}
