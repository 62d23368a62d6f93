import ArgumentParsing
import DataPortability
import DataValidation

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
            """)

    @Argument(help: ArgumentHelp("The backup file, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let report = try DataValidationService.standard().validate(backup: file)
        ValidationReportText.print(report, to: console)
        if report.isFromNewerVersion {
            throw CommandFailure(
                .newerVersion,
                report.findings.first { $0.code == .versionNewer }?.message ?? "The backup is from a newer version.",
                alreadyReported: common.json)
        }
        if report.hasErrors {
            throw CommandFailure(
                .invalidData, "The backup has \(report.count(.error)) errors; importing it would be refused.",
                hint: "Run with --json to see every finding.", alreadyReported: common.json)
        }
    }
}
