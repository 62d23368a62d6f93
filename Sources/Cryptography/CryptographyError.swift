/// Everything the cryptographic primitives can report.
///
/// Only ``libraryFailed(operation:message:)`` is a fault of the machine (a broken OpenSSL
/// installation, memory exhausted); the other cases describe the data and are for callers to
/// turn into their own terms (an age file that fails authentication, a key that is a
/// low-order point).
public enum CryptographyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libcrypto or libsodium failed; `message` is OpenSSL's own error string, or what
    /// libsodium's return code means.
    case libraryFailed(operation: String, message: String)

    /// A ChaCha20-Poly1305 tag did not match: the ciphertext, the nonce or the key is not the
    /// one it was sealed with. No plaintext was released.
    case authenticationFailed

    /// X25519 produced the all-zero shared secret (RFC 7748 §6.1): the peer's public key is a
    /// point of small order, which a sender can only have chosen on purpose.
    case lowOrderPoint

    /// Key material from outside has the wrong length.
    case invalidKeyLength(what: String, expected: Int, actual: Int)

    /// scrypt parameters this build refuses (RFC 7914 §2: N a power of two greater than 1,
    /// r·p < 2³⁰), or more memory than the caller allowed.
    case invalidScryptParameters(String)

    public var description: String {
        switch self {
        case .libraryFailed(let operation, let message):
            "libcrypto could not \(operation): \(message). "
                + "Check the OpenSSL installation and its configuration (OPENSSL_CONF)."
        case .authenticationFailed:
            "The data failed authentication: it was altered, or it is decrypted with the wrong key."
        case .lowOrderPoint: "The X25519 public key is a point of small order, which no honest sender uses."
        case .invalidKeyLength(let what, let expected, let actual):
            "The \(what) has \(actual) bytes instead of \(expected)."
        case .invalidScryptParameters(let reason): "Invalid scrypt parameters: \(reason)."
        }
    }
}
