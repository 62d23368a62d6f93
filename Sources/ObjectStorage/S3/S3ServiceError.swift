/// An error answer from the endpoint: its HTTP status and, when it sent an error document,
/// S3's code and message (`<Error><Code>NoSuchBucket</Code><Message>…`), shown as the
/// endpoint wrote them.
public struct S3ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done: "PutObject", "ListObjectsV2", …
    public var operation: String
    /// `s3://bucket/key` or `s3://bucket`.
    public var resource: String
    public var status: Int
    /// S3's error code; for an answer without a document (HEAD), derived from the status.
    public var code: String
    public var message: String
    public var requestID: String?

    /// The codes that mean the credentials were refused.
    static let credentialCodes: Set<String> = [
        "InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "ExpiredToken", "InvalidToken",
        "TokenRefreshRequired", "AllAccessDisabled", "InvalidClientTokenId", "Forbidden",
    ]

    /// Throttling and the endpoint's own trouble: worth another attempt.
    public var isRetryable: Bool {
        status == 429 || status >= 500
            || ["SlowDown", "RequestTimeout", "InternalError", "ServiceUnavailable"]
                .contains(code)
    }

    public var description: String {
        let request = requestID.map { " (request id \($0))" } ?? ""
        return "\(operation) \(resource): HTTP \(status) \(code): \(message)\(request)"
    }
}

extension S3ServiceError {
    /// Reads an error answer: the error document when there is one, else the status alone.
    init(response: HTTPResponse, operation: String, resource: String) {
        self.operation = operation
        self.resource = resource
        status = response.status
        let document = response.body.isEmpty ? nil : try? S3XMLElement.parse(response.body)
        let error = document?.name == "Error" ? document : nil
        code = error?.text(of: "Code") ?? Self.code(forStatus: response.status)
        message =
            error.map { $0.text(of: "Message") ?? "" } ?? String(decoding: response.body.prefix(500), as: UTF8.self)
        requestID = error?.text(of: "RequestId") ?? response.header("x-amz-request-id")
    }

    private static func code(forStatus status: Int) -> String {
        switch status {
        case 400: return "BadRequest"
        case 403: return "Forbidden"
        case 404: return "NotFound"
        case 412: return "PreconditionFailed"
        case 429: return "TooManyRequests"
        case 503: return "ServiceUnavailable"
        default: return "HTTP\(status)"
        }
    }
}
