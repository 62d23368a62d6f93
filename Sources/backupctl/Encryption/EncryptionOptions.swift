import AgeEncryption
import ArgumentParsing
import BackupFormat

/// How a command that writes a backup encrypts it: to public keys, or with a passphrase.
struct EncryptionOptions: ParsableArguments {
    @OptionGroup var recipients: RecipientOptions

    @Option(
        help: ArgumentHelp(
            "Encrypt the backup with the passphrase in this file (its first line); not combinable with recipients.",
            valueName: "file"),
        completion: .file)
    var passphraseFile: String?

    mutating func validate() throws {
        if passphraseFile != nil && !recipients.isEmpty {
            throw ValidationError(
                "--passphrase-file cannot be combined with --recipient or --recipients-file: "
                    + "an age file is encrypted to public keys or to one passphrase")
        }
    }

    /// The encryption asked for (none when no option was given), and keys that open what it
    /// writes, for a read-back in full: the passphrase itself; public keys give none (their
    /// identities are not on this machine). The passphrase file is read once, so a warning about
    /// it is given once.
    func keys(console: Console) throws -> (encryption: BackupEncryption, readBack: BackupDecryption) {
        if let passphraseFile {
            let passphrase = try KeyFileReader.passphrase(
                in: passphraseFile, option: "--passphrase-file", console: console)
            return (
                .age([.passphrase(ScryptRecipient(passphrase: passphrase))]),
                BackupDecryption(identities: [.passphrase(ScryptIdentity(passphrase: passphrase))])
            )
        }
        let parsed = try recipients.parsed()
        return (parsed.isEmpty ? .none : .age(parsed), .none)
    }
}
