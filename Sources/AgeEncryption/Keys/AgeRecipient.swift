/// Whom an age file is encrypted to: public keys, or one passphrase.
public enum AgeRecipient {
    case x25519(X25519Recipient)
    case passphrase(ScryptRecipient)

    /// The stanza wrapping `fileKey` for this recipient.
    func wrap(_ fileKey: AgeFileKey) throws -> AgeStanza {
        switch self {
        case .x25519(let recipient): return try recipient.wrap(fileKey)
        case .passphrase(let recipient): return try recipient.wrap(fileKey)
        }
    }
}
