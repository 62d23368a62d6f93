import AgeEncryption

/// How an encrypted file's header is described: to whom it is encrypted, as far as the header
/// tells (X25519 stanzas do not name their recipient).
enum EncryptionText {
    static func recipients(of header: AgeHeader) -> String {
        if header.isPassphraseProtected { return "with a passphrase" }
        let count = header.stanzas.count
        return count == 1 ? "for 1 recipient" : "for \(count) recipients"
    }
}
