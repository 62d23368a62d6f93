/// The keys requests are signed with: an access key id (which is not secret and appears in
/// every request), its secret access key and, for temporary credentials, a session token.
/// Printing the value shows the access key id and where the keys came from, never a secret.
public struct AWSCredentials: Sendable, Equatable, CustomStringConvertible {
    public var accessKeyID: String
    public var secretAccessKey: SecretString
    public var sessionToken: SecretString?
    /// Where they were found, for messages: "environment", "profile default in ~/.aws/credentials", …
    public var source: String

    public var description: String {
        "access key \(accessKeyID) from \(source)\(sessionToken == nil ? "" : " with a session token")"
    }
}
