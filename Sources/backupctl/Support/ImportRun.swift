import BackupFormat
import DataPortability
import DataValidation
import DomainModel
import Foundation

/// One import into the store, as `import` and `restore` run it: the store's lock, the
/// question before a replace that cannot be undone, the import pipeline (`BackupImporter`),
/// and its report — or, for a backup that is refused, its findings.
struct ImportRun {
    var options: ImportOptions
    var common: CommonOptions

    /// Imports the backup at `path` (`-` for standard input, `s3://bucket/key` for an object),
    /// printing its report.
    /// - Parameters:
    ///   - opened: the backup at `path` already opened (and decrypted, downloaded), as
    ///     `restore` verified it; nil to open it here.
    ///   - keys: the keys for an encrypted backup.
    /// - Returns: the report, for the command's JSON document.
    /// - Throws: a `CommandFailure` with the findings for a refused or unreadable backup
    ///   (65, 76), `declined` when the question was answered no; library errors otherwise
    ///   (`BackupFormatError.decryptionFailed`, 77, for an encrypted backup no key given opens).
    func run(backup path: String, opened: BackupFile? = nil, keys: BackupDecryption, console: Console) throws
        -> ImportReport
    {
        let times = SectionTimes()
        // The backup before the store: one that cannot even be opened (a folder, a missing
        // file) or that no key given decrypts is refused before the store is touched, and an
        // encrypted one's key is unwrapped once. Standard input is read once the lock is held.
        let local = try ErrorClassifier.openingInput {
            try opened ?? (path == "-" || RemoteStorage.isRemote(path) ? nil : BackupFile(path: path, decryption: keys))
        }
        let locked = try LockedStore.open(explicitPath: options.store, mode: .createIfMissing)
        defer { locked.release() }
        Console.reportRemovedLeftovers(locked.removedLeftovers, to: console)
        var importer = BackupImporter(
            mode: options.mode, isDryRun: options.dryRun, makesSafetySnapshot: !options.noSafetySnapshot,
            decryption: keys, progress: times.start)
        // An s3:// object is downloaded (and decrypted) once the lock is held and a newer store
        // refused, and before the question, which is asked about it as about a local file.
        let backup: BackupFile?
        do {
            backup = try local ?? (path == "-" ? nil : importer.open(backup: path, for: locked))
        } catch {
            throw failure(error, backup: path, console: console)
        }
        // Standard input is the backup itself, so no one can answer a question on it.
        if let backup, !options.canBeUndone && Confirmation.isNeeded(yes: options.yes) {
            try confirm(importing: backup, with: importer, into: locked, console: console)
        }
        let progress = ProgressLine(options: common)
        defer { progress.clear() }
        importer.inputProgress = progress.handler("importing")
        let summary: ImportSummary
        do {
            // Nothing is committed unless it all goes well, and a new store appears only at the
            // commit: a refused, failed or dry run leaves no store where there was none.
            summary =
                try backup.map { try importer.run(backup: $0, into: locked) }
                ?? importer.run(backup: path, into: locked)
        } catch {
            progress.clear()
            throw failure(error, backup: path, console: console)
        }
        progress.clear()
        let report = ImportReport(
            summary: summary, sectionTimes: options.verbose ? times.durations(endingAt: .now) : nil)
        report.print(to: console)
        return report
    }

    /// Rehearses the import (a dry run under the same lock), shows what it would remove or
    /// replace, and asks; nothing is asked when nothing would go.
    /// - Throws: `declined` when the answer is no; the rehearsal's failures.
    private func confirm(
        importing backup: BackupFile, with importer: BackupImporter, into locked: LockedStore, console: Console
    ) throws {
        var rehearsal = importer
        rehearsal.isDryRun = true
        rehearsal.progress = nil
        let plan: ImportSummary
        do {
            plan = try rehearsal.run(backup: backup, into: locked)
        } catch {
            throw failure(error, backup: backup.name, console: console)
        }
        guard let (what, question) = Self.question(for: plan) else { return }
        guard Confirmation.ask(what, question) else {
            throw Confirmation.declined(
                "Nothing was imported",
                hint: "Pass --yes to replace without the question, or leave out "
                    + "--no-safety-snapshot so the import can be undone.")
        }
    }

    /// What a rehearsed replace would remove or change, and the question to ask; nil when
    /// nothing would go. A store snapshot restored whole is counted in keys, a backup in
    /// records, section by section.
    private static func question(for plan: ImportSummary) -> (what: String, question: String)? {
        let store = plan.storePath
        if let keys = plan.restoredKeys {
            guard keys.removed + keys.written > 0 else { return nil }
            let what = """
                Restoring \(store) from the store snapshot \(plan.file), without a safety snapshot, cannot be \
                undone: \(Wording.count(keys.removed, "key")) of the store will be removed and \(keys.written) \
                written over (\(keys.unchanged) unchanged).
                """
            return (what, "Restore it?")
        }
        let going = plan.sections.filter { $0.present && $0.removed + $0.merged > 0 }
        guard !going.isEmpty else { return nil }
        let rows = going.map { counts in
            [
                counts.section.rawValue, String(counts.removed), String(counts.merged), String(counts.unchanged),
                String(counts.added),
            ]
        }
        let removed = going.reduce(0) { $0 + $1.removed }
        let replaced = going.reduce(0) { $0 + $1.merged }
        let what = """
            Replacing \(Wording.count(going.count, "section")) of \(store) with those of \
            \(plan.file), without a safety snapshot, cannot be undone: \
            \(Wording.count(removed, "record")) will be removed and \(replaced) replaced.
            \(Formatting.table([["section", "removed", "replaced", "kept", "added"]] + rows).joined(separator: "\n"))
            """
        return (what, "Replace them?")
    }

    /// The failure for an import that did not happen: a refused backup prints its findings
    /// and carries them into the JSON document, as does one the reader could not read.
    private func failure(_ error: any Error, backup path: String, console: Console) -> any Error {
        switch error {
        case let refusal as ImportRefusal:
            ValidationReportText.print(refusal.report, to: console)
            return CommandFailure(
                refusal.report.isFromNewerVersion ? .newerVersion : .invalidData, refusal.description,
                hint: "The store was not changed.", details: ValidationReportText.fields(refusal.report))
        case let error as BackupFormatError:
            // A damaged archive found while reading it: the finding validation would report.
            var failure = ErrorClassifier.classify(error)
            guard failure.status == .invalidData || failure.status == .newerVersion else { return failure }
            let file = path == "-" ? BackupFile.standardInputName : path
            failure.details =
                ["input": .string(file)]
                + ValidationReportText.fields([DataValidationService.finding(for: error, file: file)])
            return failure
        default:
            return error
        }
    }
}
