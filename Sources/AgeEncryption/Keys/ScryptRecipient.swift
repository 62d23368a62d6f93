import Cryptography

/// A passphrase as an age recipient: the file key is wrapped with a key derived by scrypt.
///
/// A file encrypted with a passphrase has no other recipient (the format forbids mixing).
public final class ScryptRecipient {
    static let stanzaType = "scrypt"
    static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)
    static let saltByteCount = 16

    /// What age itself uses: 2¹⁸, about a second and 256 MiB to derive the key.
    public static let defaultWorkFactor = 18

    /// The base-two logarithm of scrypt's N.
    public let workFactor: Int
    private let passphrase: SecretBytes

    /// - Precondition: `workFactor` is in 1...``ScryptIdentity/defaultMaximumWorkFactor``, so
    ///   that age (and this build) can open the file.
    public init(passphrase: SecretBytes, workFactor: Int = defaultWorkFactor) {
        precondition(
            (1...ScryptIdentity.defaultMaximumWorkFactor).contains(workFactor),
            "ScryptRecipient: work factor \(workFactor) is outside 1...\(ScryptIdentity.defaultMaximumWorkFactor)")
        self.passphrase = passphrase
        self.workFactor = workFactor
    }

    /// An scrypt stanza wrapping `fileKey`, with a fresh salt.
    func wrap(_ fileKey: AgeFileKey) throws -> AgeStanza {
        let salt = try SecureRandom.bytes(count: Self.saltByteCount)
        let wrapKey = try Self.wrapKey(passphrase: passphrase, salt: salt, workFactor: workFactor)
        return AgeStanza(
            arguments: [Self.stanzaType, UnpaddedBase64.encode(salt), String(workFactor)],
            body: try fileKey.wrapped(with: wrapKey))
    }

    /// `scrypt(N = 2^workFactor, r = 8, p = 1, dkLen = 32, S = "age-encryption.org/v1/scrypt" || salt, P = passphrase)`.
    static func wrapKey(passphrase: SecretBytes, salt: [UInt8], workFactor: Int) throws -> SecretBytes {
        try Scrypt.deriveKey(passphrase: passphrase, salt: saltLabel + salt, logN: workFactor, r: 8, p: 1)
    }
}
