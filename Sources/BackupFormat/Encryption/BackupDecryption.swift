import AgeEncryption
import Cryptography

/// The keys a reader has for encrypted backups, and how to ask for a passphrase when it has none.
///
///     let keys = BackupDecryption(identities: [.x25519(identity)])
///     let file = try BackupFile(path: path, decryption: keys)
public struct BackupDecryption {
    /// Identities and passphrases to try, in order.
    public var identities: [AgeIdentity]
    /// Asked for the passphrase of a passphrase-encrypted file when no identity was given (a
    /// prompt on the terminal); called with the file's name, at most once per file.
    public var passphrasePrompt: ((String) throws -> SecretBytes)?

    public init(identities: [AgeIdentity] = [], passphrasePrompt: ((String) throws -> SecretBytes)? = nil) {
        self.identities = identities
        self.passphrasePrompt = passphrasePrompt
    }

    /// No keys: encrypted files are refused as such.
    public static var none: BackupDecryption { BackupDecryption() }
}
