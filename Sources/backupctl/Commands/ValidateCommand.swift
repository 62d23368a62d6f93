import ArgumentParsing
import BackupFormat
import DataPortability
import DataValidation
import DomainModel

/// `backupctl validate`: checks a backup against the schema and the rules, without importing.
struct ValidateCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a backup without importing it.",
        discussion: """
            Reports findings grouped by severity: errors (the import would be refused), warnings \
            (the import proceeds and says what it did) and notes (expected and harmless), each \
            with a stable code and a JSON path such as $.trackedDomains[12].domain. Exits 0 when \
            there are no errors, 65 when there are, 76 when the backup comes from a newer version. \
            The codes are listed in Docs/validation.md.
            """,
        examples: [
            CommandExample("Check a backup before relying on it", "backupctl validate backup.ddbackup"),
            CommandExample(
                "List every finding of a backup, section by section", "backupctl validate -v backup.ddbackup"),
            CommandExample(
                "Check a backup arriving on standard input", "ssh host cat b.ddbackup | backupctl validate -"),
            CommandExample(
                "Check a backup in S3-compatible object storage", "backupctl validate s3://bucket/domaindig/b.ddbackup"),
        ])

    @Argument(
        help: ArgumentHelp("The backup file, s3://bucket/key, or - for standard input.", valueName: "file"),
        completion: .file)
    var file: String

    @Flag(name: [.short("v"), .long], help: "List every finding, section by section, and the time taken.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let progress = ProgressLine(options: common)
        let started = ContinuousClock.now
        let service = DataValidationService.standard()
        let keys = try decryption.keys(console: console).decryption
        let backup = try ErrorClassifier.openingInput {
            try BackupInput.open(file, maxInputSize: service.limits.archive.maxTotalSize, decryption: keys)
        }
        backup.readProgress = progress.handler("validating")
        let report = service.validate(backup: backup)
        progress.clear()
        ValidationReportText.print(
            report, to: console, verbose: verbose, timing: (backup.size, (ContinuousClock.now - started).timeInterval))
        let details =
            ["input": .string(report.file), "encrypted": .bool(backup.encryptionHeader != nil)]
            + ValidationReportText.fields(report)
        if report.isFromNewerVersion {
            throw CommandFailure(
                .newerVersion,
                report.findings.first { $0.code == .versionNewer }?.message ?? "The backup is from a newer version.",
                details: details)
        }
        if report.hasErrors {
            throw CommandFailure(
                .invalidData,
                "The backup has \(Wording.count(report.count(.error), "error")); importing it would be refused.",
                hint: "Run with --verbose to see every finding.", details: details)
        }
        return details
    }
}
