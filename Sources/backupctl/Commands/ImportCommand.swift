import ArgumentParsing
import BackupFormat
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
            is created; it appears only when the import commits, so a refused or failed import \
            leaves nothing behind.
            """,
        examples: [
            CommandExample("See what a backup would change, writing nothing", "backupctl import b.ddbackup --dry-run"),
            CommandExample("Merge a backup into the default store", "backupctl import b.ddbackup"),
            CommandExample(
                "Make each section of the store the backup's", "backupctl import b.ddbackup --mode replace"),
            CommandExample("Import a backup from another machine", "ssh host cat b.ddbackup | backupctl import -"),
            CommandExample(
                "Undo an import: restore the safety snapshot it printed",
                "backupctl import SNAPSHOT --mode replace --store s.sqlite"),
        ])

    @Argument(
        help: ArgumentHelp(
            "The backup file, or - for standard input; or a safety snapshot to restore.", valueName: "file"),
        completion: .file)
    var file: String

    @Option(help: CommonOptions.storeHelp("import into"), completion: .file)
    var store: String?

    @Option(
        help:
            "merge: union with the store by the dedup rules; replace: each section in the backup replaces the store's.")
    var mode: ImportMode = .merge

    @Flag(help: "Report what would change, per section, and write nothing (not even the migration stamp).")
    var dryRun = false

    @Flag(name: .customLong("no-safety-snapshot"), help: "Do not copy the store next to itself before writing.")
    var noSafetySnapshot = false

    @Flag(name: [.short("v"), .long], help: "Also list every warning and note by section, and each section's time.")
    var verbose = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    func run() throws {
        let console = Console(options: common)
        let progress = ProgressLine(options: common)
        let times = SectionTimes()
        // Keys first, then the backup: a key file that cannot be read, a backup that cannot even
        // be opened (a folder, a missing file) or that no key given decrypts is refused before
        // the store is touched. Standard input is read, and an s3:// object downloaded (and
        // decrypted), once the lock is held, after a newer store has been refused.
        let keys = try decryption.decryption(console: console)
        let opened = file == "-" || RemoteStorage.isRemote(file) ? nil : try BackupFile(path: file, decryption: keys)
        let locked = try LockedStore.open(explicitPath: store, mode: .createIfMissing)
        defer { locked.release() }
        var importer = BackupImporter(
            mode: mode, isDryRun: dryRun, makesSafetySnapshot: !noSafetySnapshot, decryption: keys,
            progress: times.start)
        importer.inputProgress = progress.handler("importing")
        Console.reportRemovedLeftovers(locked.removedLeftovers, to: console)
        let summary: ImportSummary
        do {
            // Nothing is committed unless it all goes well, and a new store appears only at the
            // commit: a refused, failed or dry run leaves no store where there was none.
            summary =
                try opened.map { try importer.run(backup: $0, into: locked) }
                ?? importer.run(backup: file, into: locked)
        } catch {
            progress.clear()
            guard let refusal = error as? ImportRefusal else { throw error }
            ValidationReportText.print(refusal.report, to: console)
            throw CommandFailure(
                refusal.report.isFromNewerVersion ? .newerVersion : .invalidData, refusal.description,
                hint: "The store was not changed.", alreadyReported: common.json)
        }
        progress.clear()
        ImportReport(summary: summary, sectionTimes: verbose ? times.durations(endingAt: .now) : nil).print(to: console)
    }
}
