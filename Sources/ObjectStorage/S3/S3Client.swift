import Cryptography
import Foundation

/// An S3 bucket through the S3 REST API: signed requests (Signature Version 4), retried with
/// backoff and jitter when the endpoint throttles, fails with 5xx or drops the connection,
/// each failure reported in the endpoint's own words.
///
///     let client = try S3Client(settings: try .resolve(environment: ProcessInfo.processInfo.environment),
///                               bucket: "backups")
///     try client.putObject(key: "notes/a.txt", bytes: Array("hello".utf8))
///     let objects = try client.listObjects(prefix: "notes/")
///
/// Requests run one at a time over one kept-alive connection; the client may be shared
/// between threads (they take turns).
public final class S3Client: Sendable {
    public let settings: ObjectStorageSettings
    public let bucket: String
    let http: HTTPClient
    let signer: SignatureV4

    /// - Throws: ``ObjectStorageError/transport(operation:resource:detail:)`` when libcurl
    ///   cannot be initialised.
    public init(settings: ObjectStorageSettings, bucket: String) throws {
        self.settings = settings
        self.bucket = bucket
        signer = SignatureV4(credentials: settings.credentials, region: settings.region)
        do {
            http = try HTTPClient(settings: settings.http)
        } catch let error as HTTPTransportError {
            throw ObjectStorageError.transport(operation: "Connect", resource: "s3://\(bucket)", detail: error.detail)
        }
    }

    /// One S3 request before signing.
    struct Request {
        var operation: String
        var method: String
        /// The object's key, or nil for a request on the bucket.
        var key: String?
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var body: [UInt8] = []
    }

    /// `s3://bucket/key` for messages.
    func resource(_ key: String?) -> String {
        key.map { "s3://\(bucket)/\($0)" } ?? "s3://\(bucket)"
    }

    /// The failure for an answer to `request` that S3 never gives.
    func invalidResponse(_ request: Request, _ detail: String) -> ObjectStorageError {
        .invalidResponse(operation: request.operation, resource: resource(request.key), detail: detail)
    }

    /// Sends `request` once, signed now.
    /// - Returns: the response when it is a success.
    /// - Throws: ``S3ServiceError`` for an error answer, ``HTTPTransportError`` for a broken
    ///   transfer — both for ``withRetries(_:key:_:)`` to judge.
    func sendOnce(_ request: Request, responseBody: HTTPResponseBody) throws -> HTTPResponse {
        let address = settings.endpoint.address(bucket: bucket, key: request.key)
        let payloadHash = try SHA256Hasher.digest(of: request.body).hexString
        let signature = try signer.sign(
            method: request.method, canonicalPath: address.path, query: request.query,
            headers: [("Host", address.host)] + request.headers, payloadHash: payloadHash, date: AmzDate(Date()))
        var url = address.url
        if !request.query.isEmpty { url += "?" + SigV4Encoding.canonicalQuery(request.query) }
        let response = try http.send(
            HTTPRequest(method: request.method, url: url, headers: signature.headers, body: request.body),
            body: responseBody)
        guard response.isSuccess else {
            throw S3ServiceError(response: response, operation: request.operation, resource: resource(request.key))
        }
        return response
    }

    /// Runs `attempt` until it succeeds, fails in a way retrying does not fix, or has been
    /// tried ``RetryPolicy/maxAttempts`` times, waiting with full jitter between attempts.
    /// - Parameter attempt: receives the attempt's number, from 1.
    /// - Throws: ``ObjectStorageError``: `.service` for an answer not worth retrying,
    ///   `.unavailable` after the last attempt, `.transport` for a connection failure not worth
    ///   retrying; or whatever `attempt` throws otherwise.
    func withRetries<Result>(_ operation: String, key: String?, _ attempt: (Int) throws -> Result) throws -> Result {
        let policy = settings.retry
        var number = 1
        while true {
            let failure: String
            do {
                return try attempt(number)
            } catch let error as S3ServiceError {
                guard error.isRetryable else { throw ObjectStorageError.service(error) }
                failure = error.description
            } catch let error as HTTPTransportError {
                guard error.isRetryable else {
                    throw ObjectStorageError.transport(
                        operation: operation, resource: resource(key), detail: error.detail)
                }
                failure = error.detail
            } catch let error as CryptographyError {
                throw ObjectStorageError.transport(operation: operation, resource: resource(key), detail: "\(error)")
            }
            guard number < policy.maxAttempts else {
                throw ObjectStorageError.unavailable(
                    operation: operation, resource: resource(key), attempts: number, lastFailure: failure)
            }
            Thread.sleep(forTimeInterval: policy.delay(beforeRetry: number))
            number += 1
        }
    }

    /// Sends `request` with retries and returns the successful response, its body collected.
    func send(_ request: Request, limit: Int = 16 << 20) throws -> HTTPResponse {
        try withRetries(request.operation, key: request.key) { _ in
            try sendOnce(request, responseBody: .collect(limit: limit))
        }
    }

    /// Parses a success answer's XML document, expecting the root element `root` (any when nil).
    func document(_ response: HTTPResponse, root: String?, _ request: Request) throws -> S3XMLElement {
        do {
            let element = try S3XMLElement.parse(response.body)
            if let root, element.name != root {
                throw invalidResponse(request, "expected <\(root)>, got <\(element.name)>")
            }
            return element
        } catch ObjectStorageError.invalidResponse(_, _, let detail) {
            throw invalidResponse(request, detail)
        }
    }
}
