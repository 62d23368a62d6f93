import ArgumentParsing
import DataPortability
import DomainModel
import Foundation

/// `backupctl restore`: imports the newest good backup of a backup directory.
struct RestoreCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Import the newest backup of a directory that verifies in full.",
        discussion: """
            Looks at the backups of the directory newest first — with --before, only those named \
            with an earlier time — and verifies each in full (every checksum, and validation \
            without errors) until one passes; damaged, unreadable and future-dated ones are \
            skipped with a warning naming them. That backup is then imported exactly as import \
            does: validated, the store migrated, a safety snapshot taken first (the undo is \
            printed), under the store's lock, all in one transaction. Exits 66 when no backup \
            qualifies, naming every file it skipped. --before takes an ISO 8601 time with its \
            zone (2026-01-18T09:00:00Z), a date (2026-01-18, midnight UTC), or a backup name's \
            UTC time (20260118T090000Z). A replace without a safety snapshot asks first on a \
            terminal, as import does. Encrypted backups are read with --identity or \
            --passphrase-file (or their variables, or a prompt on a terminal), as import reads \
            them; when no key given opens the backup to restore, it exits 77 rather than take an \
            older one. The directory is only read: no lock, nothing written in it. --dir takes an \
            s3://bucket/prefix too (Docs/remote.md): each backup checked is downloaded into an \
            unnamed temporary file, and the one restored is imported from there, not downloaded \
            again.
            """,
        examples: [
            CommandExample(
                "Restore the newest good backup into the default store", "backupctl restore --dir ~/backups"),
            CommandExample(
                "See what restoring would change, writing nothing", "backupctl restore --dir ~/backups --dry-run"),
            CommandExample(
                "Restore the store as it was before 9:00 UTC on 18 January",
                "backupctl restore --dir ~/backups --before 2026-01-18T09:00:00Z"),
            CommandExample(
                "Restore the newest good backup under an S3 prefix", "backupctl restore --dir s3://bucket/domaindig"),
            CommandExample(
                "Make each section of a given store the backup's",
                "backupctl restore --dir ~/backups --store s.sqlite --mode replace"),
            CommandExample(
                "Restore from encrypted backups with the key they were encrypted to",
                "backupctl restore --dir ~/backups --identity ~/.config/backupctl/key.txt"),
        ])

    @Option(help: CommonOptions.directoryHelp, completion: .directory)
    var dir: String

    @Option(
        help: ArgumentHelp("Take the newest backup made before this time (UTC, or with its zone).", valueName: "time"))
    var before: RestoreTime?

    @OptionGroup var options: ImportOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        let folder = try BackupLocations.folder(dir)
        // Keys first: a key file that cannot be used fails before any backup is read.
        let keys = try options.decryption.keys(console: console).decryption
        let progress = ProgressLine(options: common)
        let choice = try folder.newestVerified(
            before: before?.date, decryption: keys, now: StoreClock().now(), progress: progress.handler("verifying"))
        progress.clear()
        for entry in choice.skipped { console.warn(Self.skipWarning(entry)) }
        let context: ReportFields = [
            "directory": .string(folder.displayName), "before": before.map { .timestamp($0.date) },
            "skipped": .objects(choice.skipped, PruneReport.entryFields),
        ]
        if let (entry, reason) = choice.locked {
            // The newest backup that qualifies needs a key no one gave: an older one is not it.
            var failure = ErrorClassifier.classify(reason)
            failure.details = context + ["input": .string(BackupLocations.display(entry.url))] + failure.details
            throw failure
        }
        guard let chosen = choice.chosen else { throw noBackup(choice, in: folder.displayName, details: context) }
        console.print(
            "Restoring \(chosen.name), made \(chosen.time.map(Timestamp.format) ?? "?"): the newest backup in "
                + "\(folder.displayName)\(before.map { " from before \(Timestamp.format($0.date))" } ?? "") "
                + "that verified in full.")
        do {
            return try context
                + ImportRun(options: options, common: common).run(
                    backup: BackupLocations.display(chosen.url), opened: choice.opened, keys: keys, console: console
                ).fields
        } catch {
            // The failure names the directory and what was skipped too.
            var failure = ErrorClassifier.classify(error)
            failure.details = context + failure.details
            throw failure
        }
    }

    /// The warning for a backup passed over.
    static func skipWarning(_ entry: BackupDirectory.Entry) -> CommandWarning {
        let why =
            switch entry.health {
            case .damaged(let problem): "it did not verify: \(problem)"
            case .future: "it is dated \(entry.time.map(Timestamp.format) ?? "?"), after now (check the clock)"
            case .partial, .good: "it is not a complete backup"
            }
        return CommandWarning("backup.\(entry.health.name)", "skipped \(entry.name): \(why)", file: entry.name)
    }

    /// Exit 66: no backup of the directory qualifies; the message says why, naming what was skipped.
    private func noBackup(_ choice: BackupDirectory.RestoreChoice, in path: String, details: ReportFields)
        -> CommandFailure
    {
        let list = "`backupctl list --dir \(Formatting.shellQuoted(path))`"
        // Without a key, `list --verify` checks an encrypted backup only as far as it can
        // without one: the hint names the key, as the check restore made needed it.
        let encrypted = choice.skipped.contains(where: \.isEncrypted)
        let verify =
            "`backupctl list --dir \(Formatting.shellQuoted(path)) --verify"
            + (encrypted ? " --identity FILE` (or `--passphrase-file FILE`)" : "`")
        if choice.backups.isEmpty {
            return CommandFailure(
                .notFound, "No backups in \(path).",
                hint: "Pass the directory `backupctl backup --dir` writes into.", details: details)
        }
        if let before, choice.skipped.isEmpty {
            let oldest = choice.backups.first?.time.map(Timestamp.format) ?? "?"
            return CommandFailure(
                .notFound,
                "No backup in \(path) is from before \(Timestamp.format(before.date)); the oldest is from \(oldest).",
                hint: "Pass a later --before, or run \(list) to see every backup.", details: details)
        }
        let skipped = choice.skipped.map { entry in
            "\(entry.name) (\(entry.health.problem ?? entry.health.reason ?? entry.health.name))"
        }
        let scope = before.map { " from before \(Timestamp.format($0.date))" } ?? ""
        return CommandFailure(
            .notFound,
            "No backup in \(path)\(scope) verified in full; skipped \(Wording.count(skipped.count, "backup")): "
                + skipped.joined(separator: "; ") + ".",
            hint: "Run \(verify) to see each file; a copy kept elsewhere can be imported with `backupctl import FILE`.",
            details: details)
    }
}
