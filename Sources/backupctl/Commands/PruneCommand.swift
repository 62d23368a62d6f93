import ArgumentParsing
import DataPortability
import DomainModel
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
            is treated as damaged and the next one kept instead. An encrypted backup is read in \
            full with --identity or --passphrase-file (or their variables); without a key that \
            opens it, it is compared with the checksum file backup wrote beside it \
            (.NAME.sha256), and one without a checksum file is kept but not counted, as only the \
            key could show it whole. Damaged, partial and \
            future-dated files are reported and never removed. Needs at least one --keep-… option. \
            Removing cannot be undone: on a terminal prune lists the backups it would remove and \
            asks first (--yes skips the question; a no exits 2, removing nothing).
            """,
        examples: [
            CommandExample(
                "See what a policy would remove", "backupctl prune --dir ~/backups --keep-daily 7 --dry-run"),
            CommandExample("Keep the 10 newest backups", "backupctl prune --dir ~/backups --keep-last 10"),
            CommandExample(
                "Keep the 10 newest backups under an S3 prefix",
                "backupctl prune --dir s3://bucket/domaindig --keep-last 10"),
            CommandExample(
                "Verify the newest encrypted backup kept in full before removing any",
                "backupctl prune --dir ~/backups --keep-last 10 --identity key.txt"),
        ])

    @Option(help: CommonOptions.directoryHelp, completion: .directory)
    var dir: String

    @OptionGroup var retention: RetentionOptions

    @Flag(help: "Show what would be removed and remove nothing.")
    var dryRun = false

    @Flag(name: [.short("y"), .long], help: "Do not ask before removing backups (asked only on a terminal).")
    var yes = false

    @OptionGroup var decryption: DecryptionOptions

    @OptionGroup var common: CommonOptions

    mutating func validate() throws {
        if retention.policy.isEmpty {
            throw ValidationError(
                "prune needs at least one --keep-last, --keep-hourly, --keep-daily, --keep-weekly or --keep-monthly above 0"
            )
        }
    }

    func execute(_ console: Console) throws -> ReportFields {
        let folder = try BackupLocations.folder(dir)
        let lock = try folder.lock(creatingFolder: false, now: Date())
        var removed: [BackupDirectory.Entry] = []
        // A dry run, or a run that fails, leaves nothing it created, not even the lock file.
        defer { if removed.isEmpty { lock.releaseRemovingCreated() } else { lock.release() } }
        let pruner = BackupPruner(policy: retention.policy)
        // Decided (and the newest backup kept verified) first; removed only once confirmed.
        let keys = try decryption.keys(console: console).decryption
        let decisions = try pruner.prune(folder, now: StoreClock().now(), dryRun: true, decryption: keys).decisions
        let going = decisions.filter { !$0.keep }
        if !dryRun && !going.isEmpty && Confirmation.isNeeded(yes: yes) {
            try confirm(removing: going, from: folder.displayName)
        }
        if !dryRun { removed = try pruner.execute(decisions, in: folder) }
        if decisions.isEmpty {
            console.print("No backups in \(folder.displayName).")
        } else {
            console.print(
                lines: Formatting.table(PruneReport.rows(decisions, removedVerb: dryRun ? "would remove" : "removed")))
            let kept = decisions.filter { $0.keep && $0.entry.isGood }.count
            console.print(
                dryRun
                    ? "Dry run: would keep \(kept) and remove \(going.count); nothing was removed."
                    : "Kept \(kept), removed \(removed.count).")
        }
        for decision in decisions {
            if let warning = CommandWarning(decision.entry) { console.warn(warning) }
            if decision.isUnconfirmed { console.warn(.unconfirmed(decision.entry.name)) }
        }
        return [
            "directory": .string(folder.displayName), "dryRun": .bool(dryRun),
            "decisions": PruneReport.value(decisions), "removed": .strings(removed.map(\.name)),
        ]
    }

    /// Lists the backups that would be removed and asks.
    /// - Throws: `declined` when the answer is no.
    private func confirm(removing going: [BackupPruner.Decision], from folder: String) throws {
        let rows = going.map {
            [$0.entry.name, $0.entry.time.map(Timestamp.format) ?? "-", Formatting.bytes($0.entry.size)]
        }
        let what = """
            Pruning \(folder) removes \(Wording.count(going.count, "backup")), which cannot be undone:
            \(Formatting.table([["backup", "time", "size"]] + rows).joined(separator: "\n"))
            """
        guard Confirmation.ask(what, going.count == 1 ? "Remove it?" : "Remove them?") else {
            throw Confirmation.declined(
                "Nothing was removed", hint: "Pass --yes to prune without the question; --dry-run shows the plan.",
                details: ["directory": .string(folder)])
        }
    }
}
