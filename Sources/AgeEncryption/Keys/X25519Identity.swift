import Cryptography

/// An age X25519 identity: a private key, written `AGE-SECRET-KEY-1…` (uppercase Bech32 with
/// HRP `AGE-SECRET-KEY-`), as `age-keygen` writes it.
///
///     let identity = try X25519Identity(encoded: Array(line))
///     identity.recipient   // its age1… public key
///
/// The key stays in libcrypto's memory; its text form exists only in wiped-on-release
/// ``SecretBytes`` (``encoded()``), and no error ever quotes it.
public final class X25519Identity {
    static let humanReadablePart = "age-secret-key-"

    /// The recipient this identity opens files for.
    public let recipient: X25519Recipient
    private let privateKey: X25519PrivateKey

    public init(privateKey: X25519PrivateKey) {
        self.privateKey = privateKey
        recipient = X25519Recipient(publicKey: privateKey.publicKey)
    }

    /// A new identity from the CSPRNG, as `age-keygen` makes one.
    public static func generate() throws -> X25519Identity {
        X25519Identity(privateKey: try X25519PrivateKey())
    }

    /// Parses `AGE-SECRET-KEY-1…` given as bytes (so the secret never becomes a `String`).
    /// - Throws: ``AgeError/invalidIdentity(reason:)``, never quoting the text.
    public convenience init(encoded text: some Collection<UInt8>) throws {
        let decoded: Bech32.Decoded
        do {
            decoded = try Bech32.decode(text)
        } catch {
            throw AgeError.invalidIdentity(reason: Self.reason(for: error, text))
        }
        var groups = decoded.groups
        defer { SecretBytes.wipe(&groups) }
        guard decoded.humanReadablePart == Self.humanReadablePart, decoded.isUppercase else {
            throw AgeError.invalidIdentity(reason: Self.reason(forPrefix: decoded.humanReadablePart))
        }
        guard var bytes = Bech32.bytes(fromGroups: groups) else {
            throw AgeError.invalidIdentity(reason: "it does not encode whole bytes")
        }
        guard bytes.count == X25519PrivateKey.byteCount else {
            SecretBytes.wipe(&bytes)
            throw AgeError.invalidIdentity(reason: "it holds \(bytes.count) bytes instead of 32")
        }
        self.init(privateKey: try X25519PrivateKey(rawRepresentation: SecretBytes(wipingAfterCopy: &bytes)))
    }

    /// The identity as `AGE-SECRET-KEY-1…`, in wiped-on-release memory.
    public func encoded() throws -> SecretBytes {
        let key = try privateKey.rawRepresentation()
        var bytes = key.withUnsafeBytes { Array($0) }
        defer { SecretBytes.wipe(&bytes) }
        var text = Array(Bech32.encode(humanReadablePart: Self.humanReadablePart, bytes: bytes).uppercased().utf8)
        return SecretBytes(wipingAfterCopy: &text)
    }

    /// The file key from `stanza` if it is an X25519 stanza addressed to this identity.
    /// - Returns: `nil` for a stanza of another type, or one wrapped for another key.
    /// - Throws: ``AgeError/malformedStanza(type:reason:)`` for an X25519 stanza that breaks
    ///   the specification's rules (checked before any decryption, as it demands).
    func unwrap(_ stanza: AgeStanza) throws -> AgeFileKey? {
        guard let stanza = try NativeStanza(stanza, type: X25519Recipient.stanzaType, argumentCount: 1) else {
            return nil
        }
        let share = try stanza.decodedArgument(1, byteCount: X25519PublicKey.byteCount, name: "share")
        let sharedSecret: SecretBytes
        do {
            sharedSecret = try privateKey.sharedSecret(with: try X25519PublicKey(rawRepresentation: share))
        } catch CryptographyError.lowOrderPoint {
            throw stanza.malformed("its share is a point of small order")
        }
        let wrapKey = try HKDFSHA256.deriveKey(
            inputKeyMaterial: sharedSecret, salt: share + recipient.publicKey.rawRepresentation,
            info: X25519Recipient.wrapInfo)
        return try stanza.unwrap(with: wrapKey)
    }

    private static func reason(for error: any Error, _ text: some Collection<UInt8>) -> String {
        if text.starts(with: "-----BEGIN".utf8) || text.starts(with: "ssh-".utf8) {
            return "SSH keys are not supported; use an identity made by age-keygen"
        }
        switch error as? Bech32.Failure {
        case .checksumMismatch: return "its checksum does not match (a character is mistyped or missing)"
        case .mixedCase: return "it mixes uppercase and lowercase letters"
        default: return "it is not text of the form AGE-SECRET-KEY-1…"
        }
    }

    private static func reason(forPrefix prefix: String) -> String {
        switch prefix {
        case humanReadablePart: return "age identities are written in uppercase"
        case "age-secret-key-pq-": return "post-quantum (AGE-SECRET-KEY-PQ-1…) identities are not supported"
        case _ where prefix.hasPrefix("age-plugin-"): return "plugin identities (AGE-PLUGIN-…) are not supported"
        default: return "it is not an AGE-SECRET-KEY-1… identity"
        }
    }
}
