import AgeEncryption
import ArgumentParsing
import BackupFormat
import Foundation

/// How a command that reads backups decrypts encrypted ones: identity files, a passphrase
/// file, the same through environment variables, or a prompt on the terminal.
struct DecryptionOptions: ParsableArguments {
    /// Names an identity file when `--identity` is not given.
    static let identityVariable = "BACKUPCTL_IDENTITY_FILE"
    /// Names a passphrase file when `--passphrase-file` is not given.
    static let passphraseVariable = "BACKUPCTL_PASSPHRASE_FILE"

    @Option(
        name: .customLong("identity"),
        help: ArgumentHelp(
            "Decrypt with the age identities (AGE-SECRET-KEY-1...) in this file, as age-keygen writes it; "
                + "repeat for several (default: $\(DecryptionOptions.identityVariable)).",
            valueName: "file"),
        completion: .file)
    var identityFiles: [String] = []

    @Option(
        help: ArgumentHelp(
            "Decrypt with the passphrase in this file (its first line) "
                + "(default: $\(DecryptionOptions.passphraseVariable)).", valueName: "file"),
        completion: .file)
    var passphraseFile: String?

    /// The keys given by the options, else by the environment; with neither, a passphrase prompt
    /// when standard input is a terminal.
    func decryption(console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> BackupDecryption
    {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let identityFiles =
            self.identityFiles.isEmpty ? variable(Self.identityVariable).map { [$0] } ?? [] : self.identityFiles
        let identityOption = self.identityFiles.isEmpty ? "$\(Self.identityVariable)" : "--identity"
        let passphraseFile = self.passphraseFile ?? variable(Self.passphraseVariable)
        let passphraseOption = self.passphraseFile == nil ? "$\(Self.passphraseVariable)" : "--passphrase-file"
        var identities: [AgeIdentity] = []
        for file in identityFiles {
            identities += try KeyFileReader.identities(in: file, option: identityOption, console: console)
                .map { .x25519($0) }
        }
        if let passphraseFile {
            let passphrase = try KeyFileReader.passphrase(
                in: passphraseFile, option: passphraseOption, console: console)
            identities.append(.passphrase(ScryptIdentity(passphrase: passphrase)))
        }
        return BackupDecryption(identities: identities, passphrasePrompt: PassphrasePrompt.ifInteractive)
    }
}
