extension ObjectStorageError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidLocation(let message): message
        case .missingCredentials(let detail):
            "No storage credentials: \(detail). Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE "
                + "with a profile in ~/.aws/credentials (see Docs/remote.md)."
        case .configuration(let detail): "The object-storage settings cannot be used: \(detail)."
        case .service(let error):
            switch category {
            case .credentials:
                "The storage endpoint refused the credentials: \(error). Check AWS_ACCESS_KEY_ID, "
                    + "AWS_SECRET_ACCESS_KEY (or the profile) and the bucket's permissions."
            case .bucketNotFound:
                "The bucket does not exist: \(error). Create it first, or check the name and the endpoint."
            default:
                "The storage endpoint refused the request: \(error)."
            }
        case .unavailable(let operation, let resource, let attempts, let lastFailure):
            "\(operation) \(resource) failed \(attempts) time\(attempts == 1 ? "" : "s"), the last with: "
                + "\(lastFailure). The endpoint is unreachable or failing; try again later."
        case .transport(let operation, let resource, let detail):
            "\(operation) \(resource) could not reach the endpoint: \(detail)."
        case .invalidResponse(let operation, let resource, let detail):
            "\(operation) \(resource): the endpoint's answer is not valid S3: \(detail)."
        case .objectTooLarge(let resource, let limit):
            "\(resource) would be larger than \(limit) bytes, the most one upload holds at this part size; "
                + "raise the part size."
        }
    }
}
