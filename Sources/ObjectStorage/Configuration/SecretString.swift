/// A secret from the environment or a credentials file — a secret access key, a session
/// token — that never prints: `description`, `debugDescription`, string interpolation and
/// `dump` all show a placeholder. Only this module reads the value (``exposedValue`` is
/// internal), to sign requests with it.
///
///     let secret = SecretString("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
///     print(secret)   // <redacted>
public struct SecretString: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let exposedValue: String

    public init(_ value: String) {
        exposedValue = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
