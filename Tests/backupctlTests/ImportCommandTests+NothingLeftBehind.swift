import Foundation
import Glibc
import TestSupport
import Testing

/// Nothing left behind (issue 15.5, 16.4, 16.5): a refused, failed, interrupted or dry-run
/// command leaves nothing it created — no store (not even an empty one), no lock file, no
/// folders, no temporary copy once the next writer has run — and no home folder is created.
extension ImportCommandTests {
    static let backends = ["store.sqlite", "store.plist"]

    @Test(arguments: backends)
    func aRefusedImportIntoANewStoreLeavesNoStoreNoLockFileAndNoFolders(name: String) throws {
        let workspace = try CommandWorkspace()
        let good = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "good.ddbackup")
        let damaged = try workspace.damagedBackup(from: good, .invalidRecord)
        let before = try FolderState(of: workspace.url)
        let store = "new/deeper/\(name)"
        let refused = try workspace.backupctl("import", damaged, "--store", store)
        #expect(refused.status == 65)
        #expect(refused.stderrText.contains("nothing was imported and the store is unchanged"), "\(refused.stderrText)")
        let dryRun = try workspace.backupctl("import", good, "--store", store, "--dry-run")
        #expect(dryRun.status == 0, "\(dryRun.stderrText)")
        let after = try FolderState(of: workspace.url)
        #expect(after == before, "\(after.difference(from: before))")
        let status = try workspace.backupctl("status", "--store", store)
        #expect(status.status == 66, "no store, not even an empty one: \(status.stdoutText)")
    }

    @Test func aForeignFileIsRefusedWithoutALockFileBesideIt() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "b.ddbackup")
        let picture = workspace.path("pic.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: picture))
        let before = try FolderState(of: workspace.url)
        let run = try workspace.backupctl("import", backup, "--store", picture)
        #expect(run.status == 65)
        #expect(run.stderrText.hasPrefix("error: \(picture) is not a DomainDig store"), "\(run.stderrText)")
        #expect(try FolderState(of: workspace.url) == before, "no pic.png.lock")
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"), arguments: backends)
    func aFullDiskLeavesNoStoreNoLockFileAndNoTemporaryFile(name: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "b.ddbackup")
        let disk = try TmpfsMount(sizeKiB: 192)
        let run = try workspace.backupctl("import", backup, "--store", disk.url.path + "/data/\(name)")
        #expect(run.status == 74, "\(run.stderrText)")
        #expect(run.stderrText.contains("no space left"), "\(run.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == [], "the disk is as it was")

        // Export and backup onto the full disk leave nothing either.
        let store = try workspace.sampleStore("big.sqlite", size: "medium")
        let export = try workspace.backupctl("export", "--store", store, "-o", disk.url.path + "/b.ddbackup")
        #expect(export.status == 74, "\(export.stderrText)")
        let scheduled = try workspace.backupctl("backup", "--store", store, "--dir", disk.url.path + "/backups")
        #expect(scheduled.status == 74, "\(scheduled.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == [])
    }

    @Test func aHomeThatDoesNotExistIsNeverCreated() throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite"), to: "b.ddbackup")
        let home = workspace.path("nohome")
        let before = try FolderState(of: workspace.url)
        for command in [["import", backup], ["status"], ["export", "-o", "x.ddbackup"], ["backup", "--dir", "d"]] {
            let run = try workspace.backupctl(
                arguments: command,
                environment: ["HOME": home, "XDG_DATA_HOME": "", "DOMAINDIG_STORE": ""])
            #expect(run.status == 64, "\(command): \(run.stderrText)")
            #expect(
                run.stderrText == """
                    error: No usable store location: $HOME names \(home), which is not an existing folder, and backupctl never creates a home folder.
                    hint: Pass --store PATH or set DOMAINDIG_STORE.

                    """)
        }
        #expect(try FolderState(of: workspace.url) == before)
    }

    /// The issue's reproduction: 10 of 25 SIGKILLs left an empty store that `status` called
    /// version 0. Killed anywhere, an import into a missing store leaves no store under its
    /// name; what it had built is removed by the next writer.
    @Test(arguments: backends)
    func anImportKilledWhileCreatingAStoreLeavesNoStore(name: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(
            from: try workspace.sampleStore("source.sqlite", size: "medium"), to: "medium.ddbackup")
        let store = workspace.path(name)
        func temporaryFiles() throws -> [String] { try workspace.names().filter { $0.hasPrefix(".\(name).tmp-") } }
        var caughtBuilding = false
        // The lock taken, then (a few tries, the property list's rewrite is brief) the store being built.
        for point in ["lock taken"] + Array(repeating: "building", count: 5) where !caughtBuilding {
            let process = try workspace.start(["import", backup, "--store", store, "--quiet"])
            let pidLine = "\(process.processIdentifier)\n"
            let reached = waitWhileRunning(process) {
                point == "lock taken"
                    ? (try? String(contentsOfFile: store + ".lock", encoding: .utf8)) == pidLine
                    : ((try? temporaryFiles()) ?? []).contains { !$0.hasSuffix("-shm") }
            }
            if reached { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if !reached, FileManager.default.fileExists(atPath: store) {
                // It finished between two polls: start again from no store.
                try FileManager.default.removeItem(atPath: store)
                continue
            }
            caughtBuilding = point == "building" && reached
            guard reached else { continue }
            #expect(!FileManager.default.fileExists(atPath: store), "killed when \(point): a store appeared")
            let status = try workspace.backupctl("status", "--store", store)
            #expect(status.status == 66, "killed when \(point): \(status.stdoutText)")
        }
        try #require(caughtBuilding, "the import was never caught building the store")
        #expect(try !temporaryFiles().isEmpty, "the kill left the store being built")
        let rerun = try workspace.backupctl("import", backup, "--store", store)
        #expect(rerun.status == 0, "\(rerun.stderrText)")
        #expect(rerun.stderrText.contains("warning: removed \(workspace.path(".\(name).tmp-"))"), "\(rerun.stderrText)")
        #expect(try temporaryFiles().isEmpty, "the next writer removed what the killed one had built")
        #expect(try workspace.backupctl("validate", backup, "--quiet").status == 0)
    }

    /// Issue 16.5: killed rewrites of a property-list store left full copies
    /// (`.st.plist.tmp-<hex>`) that nothing cleaned up or reported.
    @Test func aKilledRewriteOfAPropertyListIsReportedByStatusAndRemovedByTheNextWriter() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore("st.plist", size: "medium", seed: 2)
        let backup = try workspace.exportBackup(
            from: try workspace.sampleStore("source.sqlite", size: "medium", seed: 1), to: "medium.ddbackup")
        func copies() throws -> [String] { try workspace.names().filter { $0.hasPrefix(".st.plist.tmp-") } }
        var attempts = 0
        while try copies().isEmpty, attempts < 5 {
            attempts += 1
            let process = try workspace.start(["import", backup, "--store", store, "--quiet", "--no-safety-snapshot"])
            let caught = waitWhileRunning(process) { !((try? copies()) ?? []).isEmpty }
            if caught { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let leftovers = try copies()
        try #require(leftovers.count == 1, "no rewrite was caught in \(attempts) attempts")
        let copy = workspace.path(leftovers[0])

        let status = try workspace.backupctl("status", "--store", store)
        #expect(status.status == 0)
        #expect(
            status.stderrText.hasPrefix(
                "warning: \(copy) is a temporary copy an interrupted write to the store left ("),
            "\(status.stderrText)")
        #expect(status.stderrText.contains("the next import, migrate or sample removes it"))
        let json = try workspace.backupctl("status", "--store", store, "--json")
        #expect(try json.jsonObject()["leftovers"] as? [String] == [copy])
        #expect(try copies() == leftovers, "status only reports")

        let migrate = try workspace.backupctl("migrate", "--store", store)
        #expect(migrate.status == 0)
        #expect(
            migrate.stderrText
                == "warning: removed \(copy), a temporary copy an interrupted write to the store had left\n")
        #expect(try copies().isEmpty)
        #expect(try workspace.backupctl("status", "--store", store).stderr.isEmpty)
    }

    /// Found by the crash tests: an import killed while it copied the store for its safety
    /// snapshot left `.<store>.before-import-<time>.<ext>.tmp-<hex>`, which `status` did not
    /// report and no later command removed.
    @Test(arguments: backends)
    func anImportKilledWhileWritingItsSnapshotLeavesACopyStatusReportsAndTheNextWriterRemoves(name: String) throws {
        let workspace = try CommandWorkspace()
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("source.sqlite", seed: 2))
        let store = try workspace.sampleStore(name)
        let probe = try workspace.copy(store, to: "probe-" + name)
        let traced = try workspace.backupctlTracingSteps(["import", backup, "--store", probe, "--quiet"])
        #expect(traced.output.status == 0, "\(traced.output.stderrText)")
        let snapshotRename = try #require(
            traced.steps.first { $0.kind == "rename" && $0.path.contains(".before-import-") }, "\(traced.steps)")

        let killed = try workspace.backupctl(["import", backup, "--store", store], killedAtStep: snapshotRename.number)
        #expect(killed.status == 128 + SIGKILL)
        let copies = try workspace.names().filter { $0.hasPrefix(".\(name).before-import-") }
        try #require(copies.count == 1 && copies[0].contains(".tmp-"), "\(copies)")
        let copy = workspace.path(copies[0])

        let status = try workspace.backupctl("status", "--store", store, "--json")
        #expect(status.status == 0)
        #expect(try status.jsonObject()["leftovers"] as? [String] == [copy])
        let rerun = try workspace.backupctl("import", backup, "--store", store)
        #expect(rerun.status == 0, "\(rerun.stderrText)")
        #expect(
            rerun.stderrText.contains(
                "warning: removed \(copy), a temporary copy an interrupted write to the store had left"),
            "\(rerun.stderrText)")
        #expect(try !workspace.names().contains(copies[0]))
        #expect(try workspace.names().filter { $0.contains(".tmp-") }.isEmpty)
    }
}
