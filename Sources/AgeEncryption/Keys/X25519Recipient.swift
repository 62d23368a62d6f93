import Cryptography

/// An age X25519 recipient: a public key, written `age1…` (Bech32 with HRP `age`).
///
///     let recipient = try X25519Recipient("age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj")
///     print(recipient)   // the same text
public struct X25519Recipient: Hashable, Sendable, CustomStringConvertible {
    static let humanReadablePart = "age"
    static let stanzaType = "X25519"
    static let wrapInfo = Array("age-encryption.org/v1/X25519".utf8)

    public let publicKey: X25519PublicKey

    public init(publicKey: X25519PublicKey) {
        self.publicKey = publicKey
    }

    /// Parses an `age1…` recipient.
    /// - Throws: ``AgeError/invalidRecipient(_:reason:)`` saying what is wrong (post-quantum,
    ///   plugin and SSH recipients are named as such); ``AgeError/secretKeyAsRecipient`` for a
    ///   secret key, which no error carries.
    public init(_ text: String) throws {
        guard !SecretKeyText.contains(text.utf8) else { throw AgeError.secretKeyAsRecipient }
        let decoded: Bech32.Decoded
        do {
            decoded = try Bech32.decode(Array(text.utf8))
        } catch {
            throw AgeError.invalidRecipient(text, reason: Self.reason(for: text, error))
        }
        guard decoded.humanReadablePart == Self.humanReadablePart, !decoded.isUppercase else {
            throw AgeError.invalidRecipient(text, reason: Self.reason(forPrefix: decoded.humanReadablePart))
        }
        guard let bytes = Bech32.bytes(fromGroups: decoded.groups), bytes.count == X25519PublicKey.byteCount else {
            throw AgeError.invalidRecipient(text, reason: "it does not encode a 32-byte X25519 public key")
        }
        publicKey = try X25519PublicKey(rawRepresentation: bytes)
    }

    /// The recipient as `age1…`.
    public var description: String {
        Bech32.encode(humanReadablePart: Self.humanReadablePart, bytes: publicKey.rawRepresentation)
    }

    /// An X25519 stanza wrapping `fileKey` for this recipient, with a fresh ephemeral key.
    func wrap(_ fileKey: AgeFileKey) throws -> AgeStanza {
        let ephemeral = try X25519PrivateKey()
        let share = ephemeral.publicKey.rawRepresentation
        let sharedSecret: SecretBytes
        do {
            sharedSecret = try ephemeral.sharedSecret(with: publicKey)
        } catch CryptographyError.lowOrderPoint {
            throw AgeError.invalidRecipient(description, reason: "it is a point of small order, which no real key is")
        }
        let wrapKey = try HKDFSHA256.deriveKey(
            inputKeyMaterial: sharedSecret, salt: share + publicKey.rawRepresentation, info: Self.wrapInfo)
        return AgeStanza(
            arguments: [Self.stanzaType, UnpaddedBase64.encode(share)], body: try fileKey.wrapped(with: wrapKey))
    }

    private static func reason(for text: String, _ error: any Error) -> String {
        if text.hasPrefix("ssh-") { return "SSH public keys are not supported; use an age1… recipient" }
        switch error as? Bech32.Failure {
        case .checksumMismatch: return "its checksum does not match (a character is mistyped or missing)"
        case .mixedCase: return "it mixes uppercase and lowercase letters"
        default: return "it is not Bech32 text of the form age1…"
        }
    }

    private static func reason(forPrefix prefix: String) -> String {
        switch prefix {
        case "age": return "age recipients are written in lowercase"
        case "age1pq": return "post-quantum (age1pq…) recipients are not supported; use an X25519 age1… recipient"
        case _ where prefix.hasPrefix("age1"): return "plugin recipients (\(prefix)…) are not supported"
        default: return "it is not an age1… recipient"
        }
    }
}
