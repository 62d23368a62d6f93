/// Everything the object-storage layer reports. No case carries a secret: messages name the
/// bucket, the key, the access key id at most, and the endpoint's own words.
public enum ObjectStorageError: Error, Sendable, Equatable {
    /// An `s3://` location that does not parse, or another `scheme://`.
    case invalidLocation(String)
    /// No credentials were found, or only half of them.
    case missingCredentials(String)
    /// A setting or shared file that cannot be used.
    case configuration(String)
    /// The endpoint answered with an error that retrying does not fix.
    case service(S3ServiceError)
    /// The endpoint kept failing (throttling, 5xx, broken connections) for every attempt; the
    /// last failure in the endpoint's (or libcurl's) words.
    case unavailable(operation: String, resource: String, attempts: Int, lastFailure: String)
    /// A failure of the connection that retrying does not fix (a certificate that does not
    /// verify, for instance).
    case transport(operation: String, resource: String, detail: String)
    /// The endpoint answered in a way S3 never does.
    case invalidResponse(operation: String, resource: String, detail: String)
    /// An object grew past what one upload can hold (10,000 parts).
    case objectTooLarge(resource: String, limit: Int64)

    /// What kind of failure, for exit codes.
    public enum Category: Sendable, Equatable {
        /// A usage or configuration mistake (64).
        case usage
        /// Credentials missing, refused, or not allowed to do this (77).
        case credentials
        /// The bucket does not exist (66).
        case bucketNotFound
        /// The object does not exist (66).
        case objectNotFound
        /// A conditional request's condition failed: the object exists already (lock objects).
        case conditionFailed
        /// The endpoint is unreachable or failing (74).
        case unavailable
    }

    public var category: Category {
        switch self {
        case .invalidLocation, .configuration: return .usage
        case .missingCredentials: return .credentials
        case .service(let error):
            if error.code == "NoSuchBucket" { return .bucketNotFound }
            if error.code == "NoSuchKey" || error.status == 404 { return .objectNotFound }
            if error.status == 412 || error.code == "PreconditionFailed" { return .conditionFailed }
            if S3ServiceError.credentialCodes.contains(error.code) || error.status == 403 { return .credentials }
            return .unavailable
        case .unavailable, .transport, .invalidResponse, .objectTooLarge: return .unavailable
        }
    }
}
