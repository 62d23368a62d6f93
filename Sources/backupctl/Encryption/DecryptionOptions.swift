import AgeEncryption
import ArgumentParsing
import BackupFormat
import Cryptography
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

    /// The keys given by the options, else by the environment (with neither, a passphrase prompt
    /// when standard input is a terminal), and the passphrase of `--passphrase-file` when that
    /// option was given (not its variable), which `upgrade` also encrypts with: each file is read
    /// once, so a warning about it is given once.
    func keys(console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> (decryption: BackupDecryption, passphrase: SecretBytes?)
    {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let identityFiles =
            self.identityFiles.isEmpty ? variable(Self.identityVariable).map { [$0] } ?? [] : self.identityFiles
        let identityOption = self.identityFiles.isEmpty ? "$\(Self.identityVariable)" : "--identity"
        let passphraseFile = self.passphraseFile ?? variable(Self.passphraseVariable)
        let passphraseOption = self.passphraseFile == nil ? "$\(Self.passphraseVariable)" : "--passphrase-file"
        var identities: [AgeIdentity] = try identityFiles.flatMap { file in
            try KeyFileReader.identities(in: file, option: identityOption, console: console).map { .x25519($0) }
        }
        let passphrase = try passphraseFile.map {
            try KeyFileReader.passphrase(in: $0, option: passphraseOption, console: console)
        }
        if let passphrase { identities.append(.passphrase(ScryptIdentity(passphrase: passphrase))) }
        return (
            BackupDecryption(identities: identities, passphrasePrompt: PassphrasePrompt.ifInteractive),
            self.passphraseFile == nil ? nil : passphrase
        )
    }
}
