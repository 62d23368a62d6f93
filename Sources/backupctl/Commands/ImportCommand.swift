import ArgumentParsing
import DataPortability
import DataValidation
import Foundation

extension ImportMode: ExpressibleByArgument {}

/// `backupctl import`: validates a backup and brings it into the store in one transaction.
struct ImportCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a backup into the store.",
        discussion: """
            Reads the backup (any version; older ones are upgraded), validates it — any error \
            refuses the import with exit 65, a newer version with exit 76 — migrates the store to \
            the current version, and saves every section through the deduplicating save paths, \
            all in one transaction: a failed import leaves the store exactly as it was. Before \
            writing, a safety snapshot — a copy of the store file — is made next to it; the \
            printed undo, `backupctl import SNAPSHOT --mode replace --store STORE`, restores \
            every key as it was (given a store file, import restores it whole). A missing store \
            is created.
            """)

    @Argument(
        help: ArgumentHelp(
            "The backup file, or - for standard input; or a safety snapshot to restore.", valueName: "file"))
    var file: String

    @Option(help: CommonOptions.storeHelp("import into"))
    var store: String?

    @Option(
        help:
            "merge: union with the store by the dedup rules; replace: each section in the backup replaces the store's.")
    var mode: ImportMode = .merge

    @Flag(help: "Report what would change, per section, and write nothing (not even the migration stamp).")
    var dryRun = false

    @Flag(name: .customLong("no-safety-snapshot"), help: "Do not copy the store next to itself before writing.")
    var noSafetySnapshot = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let progress = ProgressLine(options: common)
        let locked = try LockedStore.open(explicitPath: store, mode: .createIfMissing)
        defer { locked.release() }
        let importer = BackupImporter(
            mode: mode, isDryRun: dryRun, makesSafetySnapshot: !noSafetySnapshot,
            progress: { section in progress.show("importing \(section.rawValue)…") })
        let summary: ImportSummary
        do {
            summary = try importer.run(backup: file, into: locked)
            // A dry run into a store that did not exist leaves none behind.
            if dryRun { try locked.discardIfCreated() }
        } catch {
            progress.clear()
            // Nothing was committed: a store this run created goes again (§8: as it was).
            try? locked.discardIfCreated()
            guard let refusal = error as? ImportRefusal else { throw error }
            ValidationReportText.print(refusal.report, to: console)
            throw CommandFailure(
                refusal.report.isFromNewerVersion ? .newerVersion : .invalidData, refusal.description,
                hint: "The store was not changed.", alreadyReported: common.json)
        }
        progress.clear()
        ImportReport(summary: summary).print(to: console)
    }
}
