import AgeEncryption
import DomainModel

/// How an encrypted file's header is described: to whom it is encrypted, as far as the header
/// tells (X25519 stanzas do not name their recipient).
enum EncryptionText {
    /// In words: `for 2 recipients`, `with a passphrase`.
    static func recipients(of header: AgeHeader) -> String {
        if header.isPassphraseProtected { return "with a passphrase" }
        return "for \(Wording.count(header.stanzas.count, "recipient"))"
    }

    /// In JSON (`encryption`): `{"method": "recipients", "recipients": 2}` or
    /// `{"method": "passphrase"}`.
    static func value(of header: AgeHeader) -> ReportValue {
        header.isPassphraseProtected
            ? .object(["method": "passphrase"])
            : .object(["method": "recipients", "recipients": .int(header.stanzas.count)])
    }
}
