import Foundation

/// moto's S3 server on 127.0.0.1 and a free port (Tests/Fixtures/ObjectStorage/moto_server.py),
/// checking every request's signature against the one access key it made. One server serves
/// the whole test process (it starts in about two seconds); each test works in a bucket of its
/// own (``newBucket(_:)``), so tests running in parallel never meet. The server stops when the
/// test process ends (its standard input closes).
///
///     let moto = try MotoServer.shared()
///     let bucket = try moto.newBucket("upload")
///     let environment = moto.environment        // AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, …
public final class MotoServer: Sendable {
    public let port: Int
    public let accessKeyID: String
    public let secretAccessKey: String
    private let peer: JSONLineProcess

    private static let instance = Result { try MotoServer() }

    /// The process's server, started on first use.
    public static func shared() throws -> MotoServer {
        try instance.get()
    }

    private init() throws {
        peer = try JSONLineProcess(script: "ObjectStorage/moto_server.py")
        guard let hello = try JSONSerialization.jsonObject(with: Data(peer.greeting.utf8)) as? [String: Any],
            let port = hello["port"] as? Int, let id = hello["accessKeyId"] as? String,
            let secret = hello["secretAccessKey"] as? String
        else { throw JSONLineProcess.Failure(description: "moto said: \(peer.greeting)") }
        self.port = port
        accessKeyID = id
        secretAccessKey = secret
    }

    /// `http://127.0.0.1:PORT`.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The variables that point backupctl (or the AWS CLI) at this server with its key, and
    /// away from any shared AWS files of the machine.
    public func environment(endpoint: String? = nil) -> [String: String] {
        [
            "AWS_ENDPOINT_URL": endpoint ?? self.endpoint, "AWS_ACCESS_KEY_ID": accessKeyID,
            "AWS_SECRET_ACCESS_KEY": secretAccessKey, "AWS_REGION": "us-east-1",
            "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials", "AWS_CONFIG_FILE": "/nonexistent/config",
        ]
    }

    /// Creates a bucket with a fresh name starting with `purpose`.
    public func newBucket(_ purpose: String) throws -> String {
        let name = "\(purpose.lowercased())-\(UUID().uuidString.lowercased().prefix(12))"
        try peer.send(["op": "create_bucket", "bucket": name])
        return name
    }

    /// The objects under `prefix`, as boto3 lists them: key and size.
    public func objects(in bucket: String, prefix: String = "") throws -> [(key: String, size: Int)] {
        let list = try peer.send(["op": "list", "bucket": bucket, "prefix": prefix]) as? [[String: Any]] ?? []
        return list.map { ($0["key"] as? String ?? "", $0["size"] as? Int ?? -1) }
    }

    /// The keys of the multipart uploads in progress in `bucket`.
    public func multipartUploads(in bucket: String) throws -> [String] {
        try peer.send(["op": "uploads", "bucket": bucket]) as? [String] ?? []
    }

    /// An object's size and SHA-256 (hex), read with boto3.
    public func digest(of key: String, in bucket: String) throws -> (size: Int, sha256: String) {
        let result = try peer.send(["op": "get", "bucket": bucket, "key": key]) as? [String: Any] ?? [:]
        return (result["size"] as? Int ?? -1, result["sha256"] as? String ?? "")
    }

    /// Stores `text` under `key` with boto3.
    public func put(_ text: String, at key: String, in bucket: String) throws {
        try peer.send(["op": "put", "bucket": bucket, "key": key, "text": text])
    }

    /// Stores the bytes of the file at `path` under `key` with boto3.
    public func put(fileAt path: String, at key: String, in bucket: String) throws {
        try peer.send(["op": "put", "bucket": bucket, "key": key, "file": path])
    }
}
