import ArgumentParsing
import BackupFormat
import DataPortability
import DurableIO
import Foundation

/// `backupctl backup`: one scheduled backup into a directory, then retention.
struct BackupCommand: BackupctlCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the store into a directory and apply retention (for cron and systemd timers).",
        discussion: """
            Opens the store (exits 66 when it is missing) and takes the directory's lock (a \
            second run exits 75 at once), exports the store to \
            domaindig-<UTC time>.ddbackup, reads the new file back in full (checksums and \
            validation), then removes the backups no --keep-… rule keeps (restic's forget rules). \
            The newest good backup is never removed; damaged and partial files are reported and \
            left alone. Prints nothing on success when stdout is not a terminal, so cron mails \
            only failures. See Docs/scheduling.md.
            """)

    @Option(help: ArgumentHelp("The backup directory (created if missing).", valueName: "dir"))
    var dir: String

    @Option(help: CommonOptions.storeHelp("back up"))
    var store: String?

    @OptionGroup var retention: RetentionOptions

    @Option(help: "How to compress the backup.")
    var compression: ArchiveCompression.Algorithm = .zstd

    @OptionGroup var common: CommonOptions

    func run() throws {
        var options = common
        if !Console.stdoutIsTerminal { options.quiet = true }
        let console = Console(options: options)
        let directory = BackupDirectory(
            url: URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        let run = ScheduledBackup(
            directory: directory, policy: retention.policy, compression: try ArchiveCompression(compression))
        let summary: ScheduledBackup.Summary
        do {
            summary = try run.run(storePath: store)
        } catch let failure as ScheduledBackup.Failure {
            throw CommandFailure(.invalidData, failure.description)
        } catch let error as FileIOError {
            // Store errors are StoreError: a bare file error is about the directory or the new file.
            throw ErrorClassifier.classifyOutput(error)
        }
        let records = summary.manifest.recordCount
        console.print(
            "Backed up \(records) records to \(summary.file.path) (\(Formatting.bytes(summary.compressedBytes))), verified."
        )
        if !summary.decisions.isEmpty {
            console.print(
                "Retention: kept \(summary.decisions.filter { $0.keep && $0.entry.isGood }.count), removed \(summary.removed.count)."
            )
        }
        for issue in summary.storeIssues { console.warn("the store has a problem the backup worked around: \(issue)") }
        for problem in PruneReport.problems(summary.decisions.map(\.entry)) { console.warn(problem) }
        Console(options: common).emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("file")
            writer.string(summary.file.path)
            writer.key("records")
            writer.int(records)
            writer.key("bytes")
            writer.int(Int(summary.compressedBytes))
            writer.key("verified")
            writer.bool(true)
            writer.key("warnings")
            writer.int(summary.verification.count(.warning))
            writer.key("storeIssues")
            writer.strings(summary.storeIssues.map(\.description))
            writer.key("removed")
            writer.strings(summary.removed.map(\.name))
            writer.key("decisions")
            PruneReport.writeJSON(summary.decisions, to: &writer)
            writer.key("seconds")
            writer.double((summary.duration * 1000).rounded() / 1000)
            writer.endObject()
        }
    }
}
