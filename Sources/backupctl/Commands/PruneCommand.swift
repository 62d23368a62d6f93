import ArgumentParsing
import DataPortability
import Foundation

/// `backupctl prune`: applies a retention policy to a backup directory.
struct PruneCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the backups of a directory that no retention rule keeps.",
        discussion: """
            Lists every backup with kept or removed and the rule or rules that keep it. Each rule \
            keeps the newest backup in each of its last N periods (restic's forget); a backup kept \
            by any rule stays, and the newest good backup always stays. Before removing anything, \
            the newest backup kept is verified in full (checksums and validation); one that fails \
            is treated as damaged and the next one kept instead. Damaged, partial and \
            future-dated files are reported and never removed. Needs at least one --keep-… option.
            """,
        examples: [
            CommandExample(
                "See what a policy would remove", "backupctl prune --dir ~/backups --keep-daily 7 --dry-run"),
            CommandExample("Keep the 10 newest backups", "backupctl prune --dir ~/backups --keep-last 10"),
        ])

    @Option(help: ArgumentHelp("The backup directory.", valueName: "dir"), completion: .directory)
    var dir: String

    @OptionGroup var retention: RetentionOptions

    @Flag(help: "Show what would be removed and remove nothing.")
    var dryRun = false

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        if retention.policy.isEmpty {
            throw ValidationError(
                "prune needs at least one --keep-last, --keep-hourly, --keep-daily, --keep-weekly or --keep-monthly above 0"
            )
        }
    }

    func run() throws {
        let console = Console(options: common)
        let pruner = BackupPruner(policy: retention.policy)
        let folderName: String
        let decisions: [BackupPruner.Decision]
        let removed: [BackupDirectory.Entry]
        switch try RemoteStorage.location(dir) {
        case .remote(let location):
            let folder = RemoteBackupFolder(location: location, client: try RemoteStorage.client(for: location))
            folderName = folder.displayName
            let lock = try RemoteLock.acquire(folder)
            defer { lock.release() }
            (decisions, removed) = try pruner.prune(folder, now: StoreClock().now(), dryRun: dryRun)
        case .local(let path):
            let directory = BackupDirectory(url: BackupLocations.localURL(path))
            folderName = directory.displayName
            let lock = try directory.lock(creatingDirectory: false)
            var removedSomething = false
            // A dry run, or a run that fails, leaves nothing it created, not even the lock file.
            defer { if removedSomething { lock.release() } else { lock.releaseRemovingCreated() } }
            (decisions, removed) = try pruner.prune(directory, now: StoreClock().now(), dryRun: dryRun)
            removedSomething = !removed.isEmpty
        }
        console.print(Formatting.table(PruneReport.rows(decisions, removedVerb: dryRun ? "would remove" : "removed")))
        let kept = decisions.filter { $0.keep && $0.entry.isGood }.count
        console.print(
            dryRun
                ? "Dry run: would keep \(kept) and remove \(decisions.filter { !$0.keep }.count); nothing was removed."
                : "Kept \(kept), removed \(removed.count).")
        for problem in PruneReport.problems(decisions.map(\.entry)) { console.warn(problem) }
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("dir")
            writer.string(folderName)
            writer.key("dryRun")
            writer.bool(dryRun)
            writer.key("decisions")
            PruneReport.writeJSON(decisions, to: &writer)
            writer.endObject()
        }
    }
}
