import Foundation
import TestSupport
import Testing

/// `backupctl restore --dir DIR`: the newest backup of a directory that verifies in full,
/// imported as `import` imports it (item 6 of issue 19).
@Suite struct RestoreCommandTests {
    /// A directory with three backups, each of a different sample store so their contents tell
    /// them apart: seed 1 at 21:00, seed 2 at 22:00, seed 3 at 23:00 (UTC, 18 January 2026).
    static let times = ["2026-01-18T21:00:00Z", "2026-01-18T22:00:00Z", "2026-01-18T23:00:00Z"]
    static let names = [
        "domaindig-20260118T210000Z.ddbackup", "domaindig-20260118T220000Z.ddbackup",
        "domaindig-20260118T230000Z.ddbackup",
    ]

    private func directoryOfBackups(_ workspace: CommandWorkspace) throws -> String {
        for (index, time) in Self.times.enumerated() {
            let store = try workspace.sampleStore("source-\(index + 1).sqlite", seed: index + 1)
            let run = try workspace.backupctl(
                "backup", "--dir", "backups", "--store", store, "--quiet", environment: ["BACKUPCTL_TEST_NOW": time])
            try #require(run.status == 0, "\(run.stderrText)")
        }
        return workspace.path("backups")
    }

    /// Damages the newest backup past its manifest: the quick check passes, full verification does not.
    private func damageNewest(_ workspace: CommandWorkspace) throws -> String {
        let newest = workspace.path("backups/" + Self.names[2])
        let damaged = try workspace.damagedBackup(from: newest, .checksumMismatch)
        try FileManager.default.removeItem(atPath: newest)
        try FileManager.default.moveItem(atPath: damaged, toPath: newest)
        return newest
    }

    /// Whether the store holds exactly the sections of the backup `name` (by their export).
    private func storeHolds(_ store: String, backup name: String, in workspace: CommandWorkspace) throws -> Bool {
        try workspace.exportedSections(store, digests: true)
            == workspace.sections(ofBackup: workspace.path("backups/" + name), digests: true)
    }

    @Test func takesTheNewestBackupThatVerifiesAndWarnsAboutTheDamagedOneItSkips() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        _ = try damageNewest(workspace)
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", "restored.sqlite")
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(
            run.stderrText.hasPrefix("warning: skipped \(Self.names[2]): it did not verify: "), "\(run.stderrText)")
        #expect(run.stderrText.contains("lookupHistory"), "the warning says what is wrong: \(run.stderrText)")
        #expect(
            run.stdoutText.hasPrefix("Restoring \(Self.names[1]), made 2026-01-18T22:00:00Z: the newest backup in "))
        #expect(run.stdoutText.contains("Imported \(workspace.path("backups/" + Self.names[1])) (schema version 4)"))
        #expect(try storeHolds(workspace.path("restored.sqlite"), backup: Self.names[1], in: workspace))

        let json = try workspace.backupctl("restore", "--dir", "backups", "--store", "again.sqlite", "--json")
        let document = try json.jsonObject()
        #expect(document["input"] as? String == workspace.path("backups/" + Self.names[1]))
        let skipped = try #require(document["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["name"] as? String } == [Self.names[2]])
        #expect(skipped.first?["health"] as? String == "damaged")
        #expect((document["warnings"] as? [[String: Any]])?.first?["file"] as? String == Self.names[2])
    }

    @Test(arguments: [
        ("2026-01-18T22:30:00Z", 1), ("2026-01-18T23:30:00+01:00", 1), ("20260118T220000Z", 0),
        ("domaindig-20260118T230000Z.ddbackup", 1), ("2026-01-19", 2),
    ])
    func beforeTakesTheNewestBackupFromEarlier(before: String, expected: Int) throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let run = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "restored.sqlite", "--before", before, "--json")
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(try run.jsonObject()["input"] as? String == workspace.path("backups/" + Self.names[expected]))
        #expect(try storeHolds(workspace.path("restored.sqlite"), backup: Self.names[expected], in: workspace))
    }

    @Test func beforeSkipsADamagedBackupToo() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        _ = try damageNewest(workspace)
        // The damaged 23:00 backup is the newest before midnight: skipped, named, and 22:00 taken.
        let run = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "restored.sqlite", "--before", "2026-01-19")
        #expect(run.status == 0)
        #expect(run.stderrText.hasPrefix("warning: skipped \(Self.names[2]): "))
        #expect(try storeHolds(workspace.path("restored.sqlite"), backup: Self.names[1], in: workspace))
    }

    @Test func noUsableBackupExits66NamingWhatWasSkippedAndWritesNothing() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        for name in Self.names {
            try Data("not a backup".utf8).write(to: URL(fileURLWithPath: workspace.path("backups/" + name)))
        }
        let before = try FolderState(of: workspace.url)
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", "restored.sqlite")
        #expect(run.status == 66)
        #expect(
            run.stderrText.contains(
                "error: No backup in \(workspace.path("backups")) verified in full; skipped 3 backups: \(Self.names[2]) ("
            ))
        for name in Self.names { #expect(run.stderrText.contains("warning: skipped \(name): it did not verify: ")) }
        #expect(run.stderrText.contains("hint: Run `backupctl list --dir \(workspace.path("backups")) --verify`"))
        #expect(try FolderState(of: workspace.url) == before, "no store, lock or folder was created")
    }

    @Test func anEmptyDirectorySaysItHasNoBackups() throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", "restored.sqlite")
        #expect(run.status == 66)
        #expect(run.stderrText.hasPrefix("error: No backups in \(workspace.path("backups")).\n"))
        #expect(try workspace.names() == ["backups"])
        let missing = try workspace.backupctl("restore", "--dir", "absent", "--store", "restored.sqlite")
        #expect(missing.status == 66)
        #expect(missing.stderrText.hasPrefix("error: There is no backup directory at \(workspace.path("absent")).\n"))
    }

    @Test func nothingBeforeTheTimeIsNotFoundAndSaysWhenTheOldestIs() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let run = try workspace.backupctl(
            "restore", "--dir", "backups", "--store", "restored.sqlite", "--before", "2026-01-18T21:00:00Z")
        #expect(run.status == 66)
        #expect(
            run.stderrText.hasPrefix(
                "error: No backup in \(workspace.path("backups")) is from before 2026-01-18T21:00:00Z; the oldest is from 2026-01-18T21:00:00Z.\n"
            ))
    }

    @Test(arguments: ["yesterday", "2026-01-18T09:00:00", "2026-13-01", "20260118T2200Z"])
    func aTimeThatIsNotOneIsAUsageError(before: String) throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let run = try workspace.backupctl("restore", "--dir", "backups", "--before", before)
        #expect(run.status == 64)
        #expect(
            run.stderrText.hasPrefix("error: invalid value '\(before)' for --before: expected a time with its zone"))
    }

    @Test func intoAStoreWithDataItTakesASafetySnapshotAndPrintsTheUndo() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let store = try workspace.sampleStore("store.sqlite", seed: 9)
        let before = try workspace.exportedSections(store, digests: true)
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", store, "--mode", "replace")
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(try storeHolds(store, backup: Self.names[2], in: workspace))
        let snapshot = try #require(try workspace.safetySnapshots(of: "store.sqlite").first)
        let undo = "backupctl import \(workspace.path(snapshot)) --mode replace --store \(store)"
        #expect(run.stdoutText.contains("  To undo: \(undo)\n"))
        // The undo printed brings the store back.
        let undone = try workspace.backupctl(
            "import", workspace.path(snapshot), "--mode", "replace", "--store", store, "--no-safety-snapshot")
        #expect(undone.status == 0)
        #expect(try workspace.exportedSections(store, digests: true) == before)
    }

    @Test func aDryRunVerifiesAndReportsButWritesNothing() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let store = try workspace.sampleStore("store.sqlite", seed: 9)
        // The store's lock file gets the pid of its holder, as for an import.
        let before = try FolderState(of: workspace.url).ignoringContent(of: ["store.sqlite.lock"])
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", store, "--dry-run")
        #expect(run.status == 0)
        #expect(run.stdoutText.contains("Dry run: nothing was written."))
        let after = try FolderState(of: workspace.url).ignoringContent(of: ["store.sqlite.lock"])
        #expect(after == before, "\(after.difference(from: before))")
    }

    @Test func aStoreAnotherBackupctlHoldsIsBusyAndTheDirectoryIsOnlyRead() throws {
        let workspace = try CommandWorkspace()
        _ = try directoryOfBackups(workspace)
        let store = try workspace.sampleStore("store.sqlite", seed: 9)
        let directoryBefore = try FolderState(of: workspace.directory.file("backups"))
        let holder = try LockHoldingProcess(lockFile: workspace.directory.file("store.sqlite.lock"))
        let run = try workspace.backupctl("restore", "--dir", "backups", "--store", store)
        holder.release()
        #expect(run.status == 75)
        #expect(try FolderState(of: workspace.directory.file("backups")) == directoryBefore)
        let done = try workspace.backupctl("restore", "--dir", "backups", "--store", store, "--quiet")
        #expect(done.status == 0)
        #expect(try FolderState(of: workspace.directory.file("backups")) == directoryBefore, "no lock file in it")
    }
}
