import Foundation

/// Everything a client needs besides the bucket: credentials, region, endpoint, addressing
/// style and retry budget, found the way the AWS CLI finds them.
///
/// Credentials, first found wins:
/// 1. `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`);
/// 2. the profile (`AWS_PROFILE`, else `default`) in the credentials file
///    (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`);
/// 3. the same profile in the config file (`AWS_CONFIG_FILE`, else `~/.aws/config`).
///
/// Region: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region`, else `us-east-1`.
/// Endpoint: `AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`, the profile's `s3.endpoint_url` or
/// `endpoint_url`, else AWS's own for the region. Addressing: the profile's
/// `s3.addressing_style` (`path`, `virtual` or `auto`). Attempts per request: `AWS_MAX_ATTEMPTS`,
/// the profile's `max_attempts`, else 5. Certificate authorities: `AWS_CA_BUNDLE` or `ca_bundle`.
public struct ObjectStorageSettings: Sendable {
    public var credentials: AWSCredentials
    public var region: String
    public var endpoint: S3Endpoint
    public var retry = RetryPolicy()
    /// The multipart part size (``S3ObjectUpload``).
    public var partSize = S3ObjectUpload.defaultPartSize
    public var http = HTTPClient.Settings()

    /// The variable that sets the multipart part size, for tests: bytes, at least S3's
    /// minimum of 5 MiB.
    public static let partSizeVariable = "BACKUPCTL_S3_PART_SIZE"

    /// Resolves the settings from `environment` and the shared files it points to.
    /// - Throws: ``ObjectStorageError/missingCredentials(_:)`` when no credentials are found;
    ///   ``ObjectStorageError/configuration(_:)`` for an unreadable file, a named profile that
    ///   does not exist, or a value out of range.
    public static func resolve(environment: [String: String]) throws -> ObjectStorageSettings {
        func variable(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let home = variable("HOME") ?? NSHomeDirectory()
        let credentialsPath = variable("AWS_SHARED_CREDENTIALS_FILE") ?? "\(home)/.aws/credentials"
        let configPath = variable("AWS_CONFIG_FILE") ?? "\(home)/.aws/config"
        let explicitProfile = variable("AWS_PROFILE") ?? variable("AWS_DEFAULT_PROFILE")
        let profile = explicitProfile ?? "default"
        let credentialsFile = try AWSConfigFile.load(path: credentialsPath)
        let configFile = try AWSConfigFile.load(path: configPath)
        let fromCredentials = credentialsFile.sections[profile]
        let fromConfig = configFile.sections[profile == "default" ? "default" : "profile \(profile)"]
        if let explicitProfile, fromCredentials == nil, fromConfig == nil {
            throw ObjectStorageError.configuration(
                "the profile \(explicitProfile) (AWS_PROFILE) is in neither \(credentialsPath) nor \(configPath)")
        }
        let settings = fromConfig ?? [:]

        let credentials: AWSCredentials
        switch (variable("AWS_ACCESS_KEY_ID"), variable("AWS_SECRET_ACCESS_KEY")) {
        case (let id?, let secret?):
            credentials = AWSCredentials(
                accessKeyID: id, secretAccessKey: SecretString(secret),
                sessionToken: (variable("AWS_SESSION_TOKEN") ?? variable("AWS_SECURITY_TOKEN")).map(SecretString.init),
                source: "the environment")
        case (.some, nil):
            throw ObjectStorageError.missingCredentials("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
        case (nil, .some):
            throw ObjectStorageError.missingCredentials("AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not")
        case (nil, nil):
            if let found = profileCredentials(fromCredentials, source: "profile \(profile) in \(credentialsPath)")
                ?? profileCredentials(fromConfig, source: "profile \(profile) in \(configPath)")
            {
                credentials = found
            } else {
                throw ObjectStorageError.missingCredentials(
                    "none in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) nor for profile \(profile) in \(credentialsPath) or \(configPath)"
                )
            }
        }

        let region = variable("AWS_REGION") ?? variable("AWS_DEFAULT_REGION") ?? settings["region"] ?? "us-east-1"
        let style = try S3Endpoint.AddressingStyle(configValue: settings["s3.addressing_style"])
        let endpointURL =
            variable("AWS_ENDPOINT_URL_S3") ?? variable("AWS_ENDPOINT_URL") ?? settings["s3.endpoint_url"]
            ?? settings["endpoint_url"]
        let endpoint =
            try endpointURL.map { try S3Endpoint(url: $0, addressingStyle: style) }
            ?? .aws(region: region, addressingStyle: style)

        var retry = RetryPolicy()
        if let attempts = variable("AWS_MAX_ATTEMPTS") ?? settings["max_attempts"] {
            guard let count = Int(attempts), (1...20).contains(count) else {
                throw ObjectStorageError.configuration(
                    "max_attempts must be a whole number from 1 to 20, not \(attempts)")
            }
            retry.maxAttempts = count
        }
        var partSize = S3ObjectUpload.defaultPartSize
        if let text = variable(partSizeVariable) {
            guard let size = Int(text), size >= S3ObjectUpload.minimumPartSize, size <= S3ObjectUpload.maximumPartSize
            else {
                throw ObjectStorageError.configuration(
                    "\(partSizeVariable) must be a number of bytes from \(S3ObjectUpload.minimumPartSize) to \(S3ObjectUpload.maximumPartSize), not \(text)"
                )
            }
            partSize = size
        }
        return ObjectStorageSettings(
            credentials: credentials, region: region, endpoint: endpoint, retry: retry, partSize: partSize,
            http: HTTPClient.Settings(certificateAuthorities: variable("AWS_CA_BUNDLE") ?? settings["ca_bundle"]))
    }

    private static func profileCredentials(_ section: [String: String]?, source: String) -> AWSCredentials? {
        guard let section, let id = section["aws_access_key_id"], !id.isEmpty,
            let secret = section["aws_secret_access_key"], !secret.isEmpty
        else { return nil }
        return AWSCredentials(
            accessKeyID: id, secretAccessKey: SecretString(secret),
            sessionToken: section["aws_session_token"].map(SecretString.init), source: source)
    }
}
