import AgeEncryption
import ArgumentParsing
import BackupFormat
import Cryptography
import DataPortability
import DataStore
import DurableIO
import Foundation

/// `backupctl upgrade`: rewrites an older backup as a current one.
struct UpgradeCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Rewrite a backup of any version as a current (version 4) one.",
        discussion: """
            Validates the backup, upgrades it step by step (v1 → v2 → v3 → v4) and writes a \
            version 4 archive atomically (a version 3 or 4 archive is copied into a new one, entry \
            by entry). Fields are renamed and reshaped, never dropped, and a section the old \
            version never had stays absent, so importing the new file does what importing the old \
            one does; duplicates and canonical forms are resolved when the backup is imported. A \
            backup with validation errors is refused (exit 65) and nothing is written. An encrypted \
            backup is read with --identity or --passphrase-file; the new one is encrypted to \
            --recipient or --recipients-file, else with --new-passphrase-file, else with \
            --passphrase-file, so re-encrypting to new keys is how keys are rotated. An encrypted \
            backup is written out unencrypted only with --decrypt. An existing backup at the output \
            is replaced; any other file (a store, a document) is not (exit 73).
            """,
        examples: [
            CommandExample("Rewrite an old backup as a current one", "backupctl upgrade old.json.gz -o new.ddbackup"),
            CommandExample(
                "Upgrade a backup kept in S3-compatible object storage",
                "backupctl upgrade s3://bucket/domaindig/old.ddbackup -o new.ddbackup"),
            CommandExample(
                "Re-encrypt a backup to a new key (key rotation)",
                """
                backupctl upgrade old.ddbackup -o new.ddbackup \\
                    --identity old-key.txt --recipient "$(age-keygen -y new-key.txt)"
                """),
        ])

    @Argument(
        help: ArgumentHelp(
            "The backup to upgrade: a file, s3://bucket/key, or - for standard input.", valueName: "file"),
        completion: .file)
    var file: String

    @Option(
        name: [.short("o"), .long],
        help: ArgumentHelp("Where to write the upgraded backup (a local file).", valueName: "file"),
        completion: .file)
    var output: String

    @Option(help: "How to compress the new archive.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var recipients: RecipientOptions

    @Option(
        help: ArgumentHelp(
            "Encrypt the new backup with the passphrase in this file instead of the one of --passphrase-file.",
            valueName: "file"),
        completion: .file)
    var newPassphraseFile: String?

    @Flag(help: "Write the new backup unencrypted even though the input is encrypted.")
    var decrypt = false

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        if !recipients.isEmpty && newPassphraseFile != nil {
            throw ValidationError(
                "--new-passphrase-file cannot be combined with --recipient or --recipients-file: "
                    + "an age file is encrypted to public keys or to one passphrase")
        }
        if decrypt && (!recipients.isEmpty || newPassphraseFile != nil) {
            throw ValidationError("--decrypt writes the new backup unencrypted: it takes no recipient or passphrase")
        }
    }

    /// The output's encryption: recipients, else the new passphrase, else the input's
    /// passphrase (`inputPassphrase`, read from --passphrase-file; unless --decrypt), else none.
    private func outputEncryption(inputPassphrase: SecretBytes?, console: Console) throws -> BackupEncryption {
        let parsed = try recipients.parsed()
        if !parsed.isEmpty { return .age(parsed) }
        let passphrase =
            try newPassphraseFile.map {
                try KeyFileReader.passphrase(in: $0, option: "--new-passphrase-file", console: console)
            } ?? (decrypt ? nil : inputPassphrase)
        return passphrase.map { .age([.passphrase(ScryptRecipient(passphrase: $0))]) } ?? .none
    }

    /// The first line: what was done. A current backup is not "upgraded from version 4 to 4":
    /// rewriting it is about its keys (rotated, added or removed) or its compression.
    static func headline(_ summary: BackupUpgrade.Summary) -> String {
        let version = summary.manifest.schemaVersion
        let unchanged = "(already version \(version), the version is unchanged)"
        return switch summary.outcome {
        case .upgraded:
            "Upgraded \(summary.input) from version \(summary.fromVersion) to \(version): \(summary.output)"
        case .reEncrypted: "Re-encrypted \(summary.input) \(unchanged): \(summary.output)"
        case .encrypted: "Encrypted \(summary.input) \(unchanged): \(summary.output)"
        case .decrypted: "Decrypted \(summary.input) \(unchanged): \(summary.output)"
        case .copied: "Copied \(summary.input) into a new archive \(unchanged): \(summary.output)"
        }
    }

    func execute(_ console: Console) throws -> ReportFields {
        let progress = ProgressLine(options: common)
        defer { progress.clear() }
        try BackupLocations.requireLocal(output, option: "-o")
        let destination = BackupLocations.localURL(output).standardizedFileURL
        // Never over the backup being read, nor over the default store or one of its files.
        var inputs: [StoreFiles.File] = []
        if file != "-", case .local(let path) = try RemoteStorage.location(file) {
            let input = BackupLocations.localURL(path)
            inputs.append(StoreFiles.File(url: input.standardizedFileURL, role: "the backup being upgraded"))
        }
        if let store = try? StoreLocator().locate(explicitPath: nil) { inputs += StoreFiles.all(of: store.url) }
        try OutputGuard.refuse(output: destination, overwriting: inputs)
        // An existing backup (plain or encrypted) is replaced, as before; any other file — a
        // store, a document — is not, nor a device or a folder: a mistyped -o destroys nothing.
        do {
            try OutputGuard.refuseReplacing(destination, force: false, replacesEncrypted: true)
        } catch OutputRefusal.notABackup(let path) {
            throw CommandFailure(
                .cannotCreate, OutputRefusal.notABackup(output: path).description,
                hint: "upgrade replaces only a backup: choose another output path, or remove the file first.")
        }
        // Keys first, then the input (decrypted, if need be, with those keys; an `s3://` object
        // downloaded): a key file that cannot be used, or an input that cannot be opened, fails
        // before the output is made, so a file error while upgrading is about the output.
        let keys = try decryption.keys(console: console)
        var upgrade = BackupUpgrade(
            compression: try ArchiveCompression(compression), decryption: keys.decryption,
            encryption: try outputEncryption(inputPassphrase: keys.passphrase, console: console),
            allowsPlaintextOutput: decrypt)
        upgrade.progress = progress.handler("upgrading")
        let opened =
            file == "-"
            ? nil
            : try ErrorClassifier.openingInput {
                try BackupInput.open(
                    file, maxInputSize: upgrade.limits.archive.maxTotalSize, decryption: upgrade.decryption)
            }
        let summary: BackupUpgrade.Summary
        do {
            summary =
                try opened.map { try upgrade.run(input: $0, output: destination) }
                ?? upgrade.run(input: file, output: destination)
        } catch let error as FileIOError {
            throw ErrorClassifier.classifyOutput(error)
        } catch let refusal as BackupUpgrade.Refusal {
            switch refusal {
            case .invalid(let report):
                throw CommandFailure(
                    .invalidData, refusal.description,
                    hint: "Run `backupctl validate \(Formatting.shellQuoted(file))` to see every finding.",
                    details: ValidationReportText.fields(report) + ["output": .string(destination.path)])
            case .wouldDecrypt:
                throw CommandFailure(
                    .usage, refusal.description,
                    hint: "Encrypt the new backup with --recipient, --recipients-file or --passphrase-file, "
                        + "or pass --decrypt to write it unencrypted.",
                    details: ["input": .string(file), "output": .string(destination.path)])
            }
        }
        progress.clear()
        console.print(Self.headline(summary))
        if let record = summary.encryption {
            console.print("Encrypted with age \(EncryptionText.recipients(of: record.header)).")
        } else if summary.inputWasEncrypted {
            console.warn(
                CommandWarning(
                    "upgrade.unencrypted-output",
                    "the new backup is not encrypted (--decrypt): \(summary.output) holds the data in the clear",
                    file: summary.output))
        }
        console.print(lines: ManifestSectionText.table(summary.manifest.sections))
        return [
            "input": .string(summary.input), "output": .string(summary.output),
            "fromVersion": .int(summary.fromVersion), "toVersion": .int(summary.manifest.schemaVersion),
            "outcome": .string(summary.outcome.rawValue),
            "encrypted": .bool(summary.encryption != nil),
            "encryption": summary.encryption.map { EncryptionText.value(of: $0.header) },
            "sections": ManifestSectionText.value(summary.manifest.sections, includingChecksums: false),
        ]
            + ValidationReportText.fields(summary.report.findings)
    }
}
