import ArgumentParsing
import BackupFormat
import DataPortability
import DomainModel
import DurableIO
import Foundation

/// `backupctl backup`: one scheduled backup into a directory, then retention.
struct BackupCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the store into a directory and apply retention (for cron and systemd timers).",
        discussion: """
            Opens the store read-only (exits 66 when it is missing; it is never locked or written, \
            and an older one is backed up upgraded in memory) and takes the directory's lock (a \
            second run exits 75 at once), removes the partial files killed runs left, exports the store to \
            domaindig-<UTC time>.ddbackup, reads the new file back in full (checksums and \
            validation), then removes the backups no --keep-… rule keeps (restic's forget rules), \
            after verifying in full the newest one it keeps. The new backup and the newest good \
            backup are never removed; damaged and future-dated files are reported and \
            left alone. Prints nothing on success when stdout is not a terminal, but what it had to \
            work around goes to standard error (cron mails it) unless --quiet. With --recipient or \
            --recipients-file the backups are age-encrypted and no secret is needed: the read-back \
            then checks what it can without the key (the age header, the framing and length of the \
            payload, and that the file's SHA-256 is the one written); `list --verify --identity` \
            checks them in full. See Docs/scheduling.md and Docs/encryption.md.
            """,
        examples: [
            CommandExample(
                "Back up, keeping 24 hourly, 7 daily and 12 monthly backups",
                """
                backupctl backup --dir ~/backups \\
                    --keep-hourly 24 --keep-daily 7 --keep-monthly 12
                """),
            CommandExample(
                "Back up every hour from cron, keeping the last 48 (a line for crontab -e)",
                "0 * * * * backupctl backup --dir ~/backups --keep-last 48"),
            CommandExample(
                "Back up off-site, under a prefix of S3-compatible object storage (Docs/remote.md)",
                "backupctl backup --dir s3://bucket/domaindig --keep-daily 14"),
            CommandExample(
                "Back up encrypted to age public keys (one age1... per line): no secret needed here",
                """
                backupctl backup --dir ~/backups --keep-daily 14 \\
                    --recipients-file recipients.txt
                """),
        ])

    @Option(
        help: ArgumentHelp("The backup directory (created if missing), or s3://bucket/prefix.", valueName: "dir"),
        completion: .directory)
    var dir: String

    @Option(help: CommonOptions.storeHelp("back up"), completion: .file)
    var store: String?

    @OptionGroup var retention: RetentionOptions

    @Option(help: "How to compress the backup.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @OptionGroup var encryption: EncryptionOptions

    @OptionGroup var common: CommonOptions

    func execute(_ console: Console) throws -> ReportFields {
        // The report is for a person at a terminal; warnings are for cron's mail too.
        var console = console
        console.printsReport = Console.stdoutIsTerminal
        let progress = ProgressLine(options: common)
        defer { progress.clear() }
        let compression = try ArchiveCompression(self.compression)
        let keys = try encryption.keys(console: console)
        let summary: ScheduledBackup.Summary
        do {
            var run = ScheduledBackup(
                folder: try BackupLocations.folder(dir), policy: retention.policy, compression: compression,
                encryption: keys.encryption, readBackDecryption: keys.readBack)
            run.exportProgress = progress.handler("exporting")
            run.verificationProgress = progress.handler("verifying")
            summary = try run.run(storePath: store)
        } catch let failure as ScheduledBackup.Failure {
            throw CommandFailure(.invalidData, failure.description)
        } catch let error as FileIOError {
            // Store errors are StoreError: a bare file error is about the directory or the new file.
            throw ErrorClassifier.classifyOutput(error)
        } catch BackupDirectoryError.notADirectory(let path, let kind) {
            throw CommandFailure(
                .cannotCreate,
                "\(path) is \(kind), not a directory, so no backup can be written into it; it was left alone.",
                hint: "Pass a directory (or a path where one can be created) with --dir.")
        }
        progress.clear()
        let records = summary.manifest.recordCount
        let backedUp =
            "Backed up \(Wording.count(records, "record")) to \(BackupLocations.display(summary.file)) "
            + "(\(Formatting.bytes(summary.compressedBytes))"
        switch summary.readBack {
        case .validated: console.print(backedUp + "), verified.")
        case .checkedWithoutKey(let record):
            console.print(
                backedUp + ", encrypted \(EncryptionText.recipients(of: record.header))); "
                    + "checked without the key: age header, payload framing and length, and the SHA-256 of the file "
                    + "as written. Run `backupctl list --dir \(Formatting.shellQuoted(dir)) --verify --identity FILE` "
                    + "where the key is to check the contents."
            )
        }
        if !summary.decisions.isEmpty {
            console.print(
                "Retention: kept \(summary.decisions.filter { $0.keep && $0.entry.isGood }.count), removed \(summary.removed.count)."
            )
        }
        for partial in summary.removedPartials {
            console.warn(
                CommandWarning(
                    "backup.partial-removed", "removed \(partial.path), a partial file an interrupted backup had left",
                    file: partial.path))
        }
        for issue in summary.storeIssues {
            var warning = CommandWarning(issue)
            warning.message = "the store has a problem the backup worked around: \(issue)"
            console.warn(warning)
        }
        for leftover in summary.storeLeftovers {
            console.warn(
                CommandWarning(
                    "store.leftover",
                    "\(leftover.path) is a temporary copy an interrupted write to the store left; "
                        + "the next import or migrate removes it", file: leftover.path))
        }
        for entry in summary.decisions.map(\.entry) {
            if let warning = CommandWarning(entry) { console.warn(warning) }
        }
        return [
            "output": .string(BackupLocations.display(summary.file)), "records": .int(records),
            "outputBytes": .bytes(summary.compressedBytes), "encrypted": .bool(summary.encryption != nil),
            "encryption": summary.encryption.map { EncryptionText.value(of: $0.header) }, "verified": true,
            "readBack": .string(summary.readBack.report == nil ? "without-key" : "full"),
            "migrations": MigrationText.steps(summary.migration), "removed": .strings(summary.removed.map(\.name)),
            "decisions": PruneReport.value(summary.decisions), "seconds": .seconds(summary.duration),
        ]
            // Findings come from a validation: none when the new file was checked without its key.
            + (summary.readBack.report.map { ValidationReportText.fields($0.findings) } ?? [:])
    }
}
