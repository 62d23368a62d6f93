import Cryptography

/// The 16-byte key every age file is encrypted with, and the keys derived from it.
///
/// A fresh one is drawn for each file; recipients wrap it into stanzas and identities unwrap it.
struct AgeFileKey {
    static let byteCount = 16

    let secret: SecretBytes

    /// A fresh file key from the CSPRNG.
    static func generate() throws -> AgeFileKey {
        AgeFileKey(secret: try SecureRandom.secret(count: byteCount))
    }

    /// `HMAC-SHA-256(HKDF-SHA-256(ikm = file key, salt = empty, info = "header"), header up to ---)`.
    func headerMAC(over authenticatedBytes: [UInt8]) throws -> [UInt8] {
        let key = try HKDFSHA256.deriveKey(inputKeyMaterial: secret, salt: [UInt8](), info: Array("header".utf8))
        return try HMACSHA256.authenticationCode(for: authenticatedBytes, key: key)
    }

    /// `HKDF-SHA-256(ikm = file key, salt = nonce, info = "payload")`.
    func payloadKey(nonce: [UInt8]) throws -> SecretBytes {
        try HKDFSHA256.deriveKey(inputKeyMaterial: secret, salt: nonce, info: Array("payload".utf8))
    }

    /// The nonce of every key-wrapping ChaCha20-Poly1305 in age: twelve zero bytes (each wrap
    /// key is used once).
    static let wrapNonce = [UInt8](repeating: 0, count: ChaCha20Poly1305.nonceByteCount)

    /// Wraps this file key under `wrapKey`: the 32-byte stanza body.
    func wrapped(with wrapKey: SecretBytes) throws -> [UInt8] {
        try secret.withUnsafeBytes { try ChaCha20Poly1305(key: wrapKey).seal($0, nonce: Self.wrapNonce) }
    }

    /// Unwraps a 32-byte stanza body with `wrapKey`.
    /// - Returns: `nil` when the body does not authenticate under `wrapKey` (not this identity's).
    /// - Precondition: `body` has 32 bytes (checked before, as the specification demands).
    static func unwrap(_ body: [UInt8], with wrapKey: SecretBytes) throws -> AgeFileKey? {
        precondition(
            body.count == byteCount + ChaCha20Poly1305.tagByteCount, "AgeFileKey.unwrap: body of \(body.count)")
        do {
            return AgeFileKey(
                secret: try body.withUnsafeBytes { try ChaCha20Poly1305(key: wrapKey).openSecret($0, nonce: wrapNonce) }
            )
        } catch CryptographyError.authenticationFailed {
            return nil
        }
    }
}
