import ArgumentParsing
import BackupFormat
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
            backup with validation errors is refused (exit 65) and nothing is written.
            """,
        examples: [
            CommandExample("Rewrite an old backup as a current one", "backupctl upgrade old.json.gz -o new.ddbackup")
        ])

    @Argument(
        help: ArgumentHelp("The backup to upgrade, or - for standard input.", valueName: "file"), completion: .file)
    var file: String

    @Option(
        name: [.short("o"), .long], help: ArgumentHelp("Where to write the upgraded backup.", valueName: "file"),
        completion: .file)
    var output: String

    @Option(help: "How to compress the new archive.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let progress = ProgressLine(options: common)
        defer { progress.clear() }
        try BackupLocations.requireLocal(output, option: "-o")
        let destination = BackupLocations.localURL(output).standardizedFileURL
        // Never over the backup being read, nor over the default store or one of its files.
        // A local input is opened first, so a file error while upgrading is about the output;
        // an `s3://` input is downloaded by the upgrade itself.
        let localInput: String? =
            if file != "-", case .local(let path) = try RemoteStorage.location(file) { path } else { nil }
        var inputs: [StoreFiles.File] = []
        if let localInput {
            let input = BackupLocations.localURL(localInput)
            inputs.append(StoreFiles.File(url: input.standardizedFileURL, role: "the backup being upgraded"))
        }
        if let store = try? StoreLocator().locate(explicitPath: nil) { inputs += StoreFiles.all(of: store.url) }
        try OutputGuard.refuse(output: destination, overwriting: inputs)
        // An existing output file is replaced, as before; a device or a folder in the way is not.
        try OutputGuard.refuseReplacing(destination, force: true)
        if let localInput { _ = try BackupFile(path: localInput) }
        let summary: BackupUpgrade.Summary
        do {
            var upgrade = BackupUpgrade(compression: try ArchiveCompression(compression))
            upgrade.progress = progress.handler("upgrading")
            summary = try upgrade.run(input: file, output: destination)
        } catch let error as FileIOError {
            throw ErrorClassifier.classifyOutput(error)
        } catch let refusal as BackupUpgrade.Refusal {
            let report =
                switch refusal {
                case .invalid(let report): report
                }
            throw CommandFailure(
                .invalidData, refusal.description,
                hint: "Run `backupctl validate \(Formatting.shellQuoted(file))` to see every finding.",
                details: ValidationReportText.fields(report) + ["output": .string(destination.path)])
        }
        progress.clear()
        console.print(
            "Upgraded \(summary.input) from version \(summary.fromVersion) to \(summary.manifest.schemaVersion): \(summary.output)"
        )
        console.print(ManifestSectionText.table(summary.manifest.sections))
        return [
            "input": .string(summary.input), "output": .string(summary.output),
            "fromVersion": .int(summary.fromVersion), "toVersion": .int(summary.manifest.schemaVersion),
            "sections": ManifestSectionText.value(summary.manifest.sections, includingChecksums: false),
        ]
            + ValidationReportText.fields(summary.report.findings)
    }
}
