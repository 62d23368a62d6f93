import Foundation
import TestSupport
import Testing

/// Item 7 of issue 19: what cannot be undone — `import` and `restore` with `--mode replace
/// --no-safety-snapshot`, and `prune` — asks first when standard input is a terminal (a
/// pseudo-terminal here, through `script`), showing what will go; a no exits 2 and writes
/// nothing; `--yes` skips the question; without a terminal nothing is asked.
@Suite struct ConfirmationTests {
    /// A store (seed 1) and a backup of another store (seed 2), so a replace removes records.
    private func storeAndOtherBackup(_ workspace: CommandWorkspace) throws -> (store: String, backup: String) {
        let store = try workspace.sampleStore("store.sqlite", seed: 1)
        let other = try workspace.sampleStore("other.sqlite", seed: 2)
        return (store, try workspace.exportBackup(from: other, to: "other.ddbackup"))
    }

    private static let replaceWithoutSnapshot = ["--mode", "replace", "--no-safety-snapshot"]

    @Test func importAnsweredNoWritesNothingAndExits2() throws {
        let workspace = try CommandWorkspace()
        let (store, backup) = try storeAndOtherBackup(workspace)
        let before = try workspace.storeContents(store)
        let names = try workspace.namesWithoutCompanions()
        let run = try workspace.backupctlOnTerminal(
            arguments: ["import", backup, "--store", store] + Self.replaceWithoutSnapshot, typed: "n\n")
        #expect(run.status == 2, "\(run.stdoutText)")
        let screen = run.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            screen.contains(
                "Replacing 9 sections of \(store) with those of \(backup), without a safety snapshot, cannot be undone: "
            ))
        // What goes, section by section: the store's records the backup lacks, and those it replaces.
        #expect(screen.contains("  section             removed  replaced  kept  added\n"))
        #expect(screen.contains(#/\n  trackedDomains +[1-9]\d* +\d+ +\d+ +[1-9]\d*\n/#))
        #expect(screen.contains("Replace them? [y/N] "))
        #expect(screen.contains("error: Nothing was imported: the question was not answered yes.\n"))
        #expect(screen.contains("hint: Pass --yes to replace without the question"))
        #expect(try workspace.storeContents(store) == before)
        #expect(try workspace.namesWithoutCompanions() == names, "no snapshot, no file of any kind")
    }

    @Test(arguments: ["y\n", "yes\n", "YES\n"])
    func importAnsweredYesReplaces(answer: String) throws {
        let workspace = try CommandWorkspace()
        let (store, backup) = try storeAndOtherBackup(workspace)
        let run = try workspace.backupctlOnTerminal(
            arguments: ["import", backup, "--store", store] + Self.replaceWithoutSnapshot, typed: answer)
        #expect(run.status == 0, "\(run.stdoutText)")
        #expect(run.stdoutText.contains("Replace them? [y/N] "))
        #expect(run.stdoutText.contains("Imported \(backup)"))
        #expect(
            try workspace.exportedSections(store, digests: true) == workspace.sections(ofBackup: backup, digests: true))
        #expect(try workspace.safetySnapshots(of: "store.sqlite").isEmpty)
    }

    @Test(arguments: ["\n", "", "maybe\n"])
    func anEmptyAnswerTheEndOfInputOrAnythingElseIsNo(answer: String) throws {
        let workspace = try CommandWorkspace()
        let (store, backup) = try storeAndOtherBackup(workspace)
        let before = try workspace.storeContents(store)
        let run = try workspace.backupctlOnTerminal(
            arguments: ["import", backup, "--store", store] + Self.replaceWithoutSnapshot, typed: answer)
        #expect(run.status == 2)
        #expect(try workspace.storeContents(store) == before)
    }

    @Test func withoutATerminalNothingIsAskedAsForCron() throws {
        let workspace = try CommandWorkspace()
        let (store, backup) = try storeAndOtherBackup(workspace)
        let run = try workspace.backupctl(
            arguments: ["import", backup, "--store", store] + Self.replaceWithoutSnapshot)
        #expect(run.status == 0)
        #expect(!run.stderrText.contains("[y/N]"))
        #expect(
            try workspace.exportedSections(store, digests: true) == workspace.sections(ofBackup: backup, digests: true))
    }

    /// An import on a terminal that does not ask: the question answered up front, or nothing
    /// lost that cannot be undone.
    struct Unasked: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let options: [String]
        var intoANewStore = false
    }

    @Test(arguments: [
        Unasked(testDescription: "--yes skips the question", options: ["--yes"] + replaceWithoutSnapshot),
        Unasked(testDescription: "-y skips the question", options: ["-y"] + replaceWithoutSnapshot),
        Unasked(testDescription: "a replace with a safety snapshot", options: ["--mode", "replace"]),
        Unasked(testDescription: "a merge without a safety snapshot", options: ["--no-safety-snapshot"]),
        Unasked(testDescription: "a dry run", options: replaceWithoutSnapshot + ["--dry-run"]),
        Unasked(
            testDescription: "a replace that removes nothing (a new store)", options: replaceWithoutSnapshot,
            intoANewStore: true),
    ])
    func importIsNotAsked(_ unasked: Unasked) throws {
        let workspace = try CommandWorkspace()
        let (existing, backup) = try storeAndOtherBackup(workspace)
        let store = unasked.intoANewStore ? workspace.path("new.sqlite") : existing
        let run = try workspace.backupctlOnTerminal(arguments: ["import", backup, "--store", store] + unasked.options)
        #expect(run.status == 0, "\(run.stdoutText)")
        #expect(!run.stdoutText.contains("[y/N]"))
    }

    @Test func declinedWithJSONPrintsTheDeclinedDocument() throws {
        let workspace = try CommandWorkspace()
        let (store, backup) = try storeAndOtherBackup(workspace)
        let run = try workspace.backupctlOnTerminal(
            arguments: ["import", backup, "--store", store, "--json"] + Self.replaceWithoutSnapshot,
            redirection: "> declined.json", typed: "n\n")
        #expect(run.status == 2)
        let data = try workspace.contents("declined.json")
        let document = try ProcessOutput.jsonObject(from: data)
        #expect(document["ok"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 2)
        #expect(document["status"] as? String == "declined")
        #expect(try JSONOutputTests.schemaProblems([data]) == [])
    }

    @Test func restoreAsksAsImportDoes() throws {
        let workspace = try CommandWorkspace()
        let (store, _) = try storeAndOtherBackup(workspace)
        let backup = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", workspace.path("other.sqlite"), "--quiet")
        try #require(backup.status == 0)
        let before = try workspace.storeContents(store)
        let no = try workspace.backupctlOnTerminal(
            arguments: ["restore", "--dir", "backups", "--store", store] + Self.replaceWithoutSnapshot, typed: "n\n")
        #expect(no.status == 2, "\(no.stdoutText)")
        #expect(no.stdoutText.contains("Replace them? [y/N] "))
        #expect(try workspace.storeContents(store) == before)
        let yes = try workspace.backupctlOnTerminal(
            arguments: ["restore", "--dir", "backups", "--store", store] + Self.replaceWithoutSnapshot, typed: "y\n")
        #expect(yes.status == 0, "\(yes.stdoutText)")
        #expect(try workspace.storeContents(store) != before)
    }

    /// The undo an import prints restores a store snapshot whole; without a snapshot of its
    /// own it cannot be undone either, so on a terminal it shows the keys that go and asks.
    @Test func restoringAStoreSnapshotWithoutASafetySnapshotAsks() throws {
        let workspace = try CommandWorkspace()
        let (store, _) = try storeAndOtherBackup(workspace)
        let snapshot = workspace.path("other.sqlite")
        let before = try workspace.storeContents(store)
        let arguments = ["import", snapshot, "--store", store] + Self.replaceWithoutSnapshot
        let no = try workspace.backupctlOnTerminal(arguments: arguments, typed: "n\n")
        #expect(no.status == 2, "\(no.stdoutText)")
        let screen = no.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            screen.contains(
                "Restoring \(store) from the store snapshot \(snapshot), without a safety snapshot, cannot be undone: "
            ))
        #expect(screen.contains(#/ will be removed and [1-9]\d* written over \(\d+ unchanged\)\.\n/#))
        #expect(screen.contains("Restore it? [y/N] "))
        #expect(screen.contains("error: Nothing was imported: the question was not answered yes.\n"))
        #expect(try workspace.storeContents(store) == before)
        #expect(try workspace.safetySnapshots(of: "store.sqlite").isEmpty)

        let yes = try workspace.backupctlOnTerminal(arguments: arguments, typed: "y\n")
        #expect(yes.status == 0, "\(yes.stdoutText)")
        #expect(yes.stdoutText.contains("Restored \(store) from the store snapshot \(snapshot)"))
        #expect(try workspace.storeContents(store) == (try workspace.storeContents(snapshot)))
        // Restored already: nothing would go, so nothing is asked.
        let again = try workspace.backupctlOnTerminal(arguments: arguments)
        #expect(again.status == 0)
        #expect(!again.stdoutText.contains("[y/N]"))
    }

    /// A directory of four backups a minute apart; `--keep-last 1` removes three.
    private func directoryOfBackups(_ workspace: CommandWorkspace) throws -> [String] {
        let store = try workspace.sampleStore()
        for minute in 0..<4 {
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--quiet",
                environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T22:0\(minute):00Z"])
            try #require(run.status == 0)
        }
        return try ScheduleTestSupport.backupNames(in: workspace.path("backups"))
    }

    @Test func pruneListsWhatItWouldRemoveAndAnsweredNoRemovesNothing() throws {
        let workspace = try CommandWorkspace()
        let names = try directoryOfBackups(workspace)
        // The directory's lock file gets the pid of its holder.
        let before = try FolderState(of: workspace.directory.file("backups")).ignoringContent(of: [".backupctl.lock"])
        let run = try workspace.backupctlOnTerminal("prune", "--dir", "backups", "--keep-last", "1", typed: "n\n")
        #expect(run.status == 2, "\(run.stdoutText)")
        let screen = run.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(screen.contains("Pruning \(workspace.path("backups")) removes 3 backups, which cannot be undone:\n"))
        for name in names.dropLast() { #expect(screen.contains("  \(name)  ")) }
        #expect(!screen.contains("  \(names[3])  "))
        #expect(screen.contains("Remove them? [y/N] "))
        #expect(screen.contains("error: Nothing was removed: the question was not answered yes.\n"))
        let after = try FolderState(of: workspace.directory.file("backups")).ignoringContent(of: [".backupctl.lock"])
        #expect(after == before, "\(after.difference(from: before))")
    }

    @Test func pruneAnsweredYesRemoves() throws {
        let workspace = try CommandWorkspace()
        let names = try directoryOfBackups(workspace)
        let run = try workspace.backupctlOnTerminal("prune", "--dir", "backups", "--keep-last", "3", typed: "y\n")
        #expect(run.status == 0, "\(run.stdoutText)")
        #expect(run.stdoutText.contains("removes 1 backup, which cannot be undone:"))
        #expect(run.stdoutText.contains("Remove it? [y/N] "))
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == Array(names.dropFirst()))
    }

    @Test(arguments: [["--dry-run"], ["--yes"], ["-y"]])
    func pruneDoesNotAskForADryRunOrWithYes(options: [String]) throws {
        let workspace = try CommandWorkspace()
        let names = try directoryOfBackups(workspace)
        let run = try workspace.backupctlOnTerminal(
            arguments: ["prune", "--dir", "backups", "--keep-last", "1"] + options)
        #expect(run.status == 0)
        #expect(!run.stdoutText.contains("[y/N]"))
        let left = try ScheduleTestSupport.backupNames(in: workspace.path("backups"))
        #expect(left == (options == ["--dry-run"] ? names : [names[3]]))
    }

    @Test func pruneWithoutATerminalRemovesWithoutAsking() throws {
        let workspace = try CommandWorkspace()
        let names = try directoryOfBackups(workspace)
        let run = try workspace.backupctl("prune", "--dir", "backups", "--keep-last", "1")
        #expect(run.status == 0)
        #expect(try ScheduleTestSupport.backupNames(in: workspace.path("backups")) == [names[3]])
    }
}
