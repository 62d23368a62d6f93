import Foundation
import TestSupport

@testable import ObjectStorage

/// A bucket of its own on the shared moto server, optionally behind a fault proxy, and clients
/// for it with short retry waits (the counts, not the waits, are what the tests check).
struct S3TestEnvironment {
    let moto: MotoServer
    let bucket: String
    let proxy: FaultProxy?

    init(_ purpose: String, withProxy: Bool = false) throws {
        moto = try MotoServer.shared()
        bucket = try moto.newBucket(purpose)
        proxy = withProxy ? try FaultProxy(upstreamPort: moto.port) : nil
    }

    /// A client through the proxy when there is one.
    func client(
        secret: String? = nil, accessKeyID: String? = nil, bucket: String? = nil, maxAttempts: Int = 3,
        partSize: Int = S3ObjectUpload.minimumPartSize, endpoint: String? = nil
    ) throws -> S3Client {
        let credentials = AWSCredentials(
            accessKeyID: accessKeyID ?? moto.accessKeyID, secretAccessKey: SecretString(secret ?? moto.secretAccessKey),
            source: "the test")
        let settings = ObjectStorageSettings(
            credentials: credentials, region: "us-east-1",
            endpoint: try S3Endpoint(url: endpoint ?? proxy?.endpoint ?? moto.endpoint),
            retry: RetryPolicy(maxAttempts: maxAttempts, baseDelay: 0.01, maxDelay: 0.05), partSize: partSize)
        return try S3Client(settings: settings, bucket: bucket ?? self.bucket)
    }

    /// Requests the proxy saw, as "METHOD query-marker" for the ones matching `method`.
    func requests(_ method: String, query: String = "") throws -> [FaultProxy.Request] {
        try proxy!.requests().filter { $0.method == method && (query.isEmpty || $0.query.contains(query)) }
    }
}

extension Array where Element == UInt8 {
    /// Deterministic bytes that do not compress, `count` of them.
    static func pseudoRandom(count: Int, seed: UInt64 = 7) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
