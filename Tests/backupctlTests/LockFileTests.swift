import Foundation
import Glibc
import TestSupport
import Testing

/// One lock per file, not per spelling (issue 15.4), and lock files never written through
/// (issue 16.2).
@Suite struct LockFileTests {
    static let backends = ["store.sqlite", "store.plist"]

    /// The reproduction: two imports reaching one property-list store through a
    /// symbolic link and its real path both exited 0, and one's records were lost.
    @Test(arguments: backends)
    func writersReachingOneStoreByAnotherNameExcludeEachOther(name: String) throws {
        let workspace = try CommandWorkspace()
        let ext = (name as NSString).pathExtension
        let store = try workspace.sampleStore(name, seed: 1)
        let first = try workspace.exportBackup(
            from: try workspace.sampleStore("first.sqlite", seed: 2), to: "1.ddbackup")
        let second = try workspace.exportBackup(
            from: try workspace.sampleStore("second.sqlite", seed: 3), to: "2.ddbackup")
        try FileManager.default.createDirectory(atPath: workspace.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.\(ext)"), withDestinationPath: name)
        try FileManager.default.linkItem(atPath: store, toPath: workspace.path("hard.\(ext)"))

        // The first import takes the lock by the real path, then waits for its backup.
        let input = Pipe()
        let holder = try workspace.start(["import", "-", "--store", store, "--quiet"], standardInput: input)
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let pidLine = "\(holder.processIdentifier)\n"
        try #require(
            waitWhileRunning(holder) { (try? String(contentsOfFile: store + ".lock", encoding: .utf8)) == pidLine },
            "the first import ended before it took the lock")
        // Done opening the store (its -wal and -shm are made) once it waits for its backup.
        try #require(
            waitWhileRunning(holder) { isReadingStandardInput(holder.processIdentifier) },
            "the first import ended before it read its backup")

        let before = try FolderState(of: workspace.url)
        for (other, holderShown) in [
            ("link.\(ext)", "process \(holder.processIdentifier)"),
            ("sub/../\(name)", "process \(holder.processIdentifier)"),
            ("hard.\(ext)", "another process"),
        ] {
            let busy = try workspace.backupctl("import", second, "--store", other)
            #expect(busy.status == 75, "\(other): \(busy.stderrText)")
            let shown = other.hasPrefix("hard") ? workspace.path(other) : store
            #expect(
                busy.stderrText.hasPrefix("error: The store \(shown) is in use by \(holderShown)."),
                "\(other): \(busy.stderrText)")
            let after = try FolderState(of: workspace.url)
            #expect(after == before, "\(other): \(after.difference(from: before))")
        }

        input.fileHandleForWriting.write(try workspace.contents(first))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(holder.terminationReason == .exit && holder.terminationStatus == 0)
    }

    @Test func backupDirectoriesAreLockedWhateverTheSpelling() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        let backups = workspace.path("backups")
        try FileManager.default.createSymbolicLink(atPath: workspace.path("alias"), withDestinationPath: "backups")
        let holder = try LockHoldingProcess(directory: backups)
        defer { holder.release() }
        for spelling in ["alias", "backups/../backups", "./backups"] {
            let backup = try workspace.backupctl("backup", "--dir", spelling, "--store", store)
            #expect(backup.status == 75, "\(spelling): \(backup.stderrText)")
            #expect(backup.stderrText.contains("is locked by process \(holder.pid)"), "\(backup.stderrText)")
            let prune = try workspace.backupctl("prune", "--dir", spelling, "--keep-last", "1")
            #expect(prune.status == 75, "\(spelling): \(prune.stderrText)")
        }
        #expect(try ScheduleTestSupport.backupNames(in: backups).isEmpty)
    }

    /// Issue 16.2: a user who may write the folder plants the lock file as a symbolic link to
    /// a file of root's; root's import, backup and prune must refuse, not truncate it.
    @Test func aLockFilePlantedAsASymbolicLinkIsRefusedAndItsTargetUntouched() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let backup = try workspace.exportBackup(from: store)
        let victim = workspace.path("root-only")
        try Data("root's file: must not be truncated\n".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.removeItem(atPath: store + ".lock")
        try FileManager.default.createSymbolicLink(atPath: store + ".lock", withDestinationPath: victim)
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path("backups/.backupctl.lock"), withDestinationPath: victim)
        let before = try FolderState(of: workspace.url)

        let runs = [
            (["import", backup, "--store", store], store + ".lock"),
            (["migrate", "--store", store], store + ".lock"),
            (["backup", "--dir", "backups", "--store", store], workspace.path("backups/.backupctl.lock")),
            (["prune", "--dir", "backups", "--keep-last", "1"], workspace.path("backups/.backupctl.lock")),
        ]
        for (arguments, lockFile) in runs {
            let run = try workspace.backupctl(arguments: arguments)
            #expect(run.status == 73, "\(arguments): \(run.stderrText)")
            #expect(
                run.stderrText.hasPrefix(
                    "error: \(lockFile) was left alone: it is a symbolic link, and backupctl never follows one for a lock; remove it if no backupctl is running."
                ), "\(arguments): \(run.stderrText)")
            let after = try FolderState(of: workspace.url)
            #expect(after == before, "\(arguments): \(after.difference(from: before))")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "root's file: must not be truncated\n")
    }
}

/// Whether a thread of process `pid` is blocked in `read` on its standard input, as
/// `/proc/<pid>/task/<tid>/syscall` shows it (x86-64 and arm64 number `read` 0 and 63).
private func isReadingStandardInput(_ pid: Int32) -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
        let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
        let fields = call.split(separator: " ")
        return fields.count > 1 && (fields[0] == "0" || fields[0] == "63") && fields[1] == "0x0"
    }
}
