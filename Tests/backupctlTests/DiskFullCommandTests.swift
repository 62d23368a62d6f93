import Foundation
import TestSupport
import Testing

/// A disk that fills up while a command writes: exit 74, a message naming the real file and
/// advice for the command that was running, and nothing left behind (design §7, §8). Uses a
/// real tmpfs, mounted by the test.
@Suite(.enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"))
struct DiskFullCommandTests {
    /// A medium sample store on a 64 MiB tmpfs, with about `leavingKiB` left free: enough to
    /// open the store, not enough for a copy or an export of it.
    private func fullDisk(storeName: String, leavingKiB: Int = 1024) throws -> (TmpfsMount, CommandWorkspace, String) {
        let disk = try TmpfsMount(sizeKiB: 64 << 10)
        let workspace = try CommandWorkspace()
        let store = disk.file(storeName).path
        let sample = try workspace.backupctl("sample", "--store", store, "--size", "medium", "--seed", "3", "--quiet")
        try #require(sample.status == 0, "\(sample.stderrText)")
        try disk.fill(leavingKiB: leavingKiB)
        return (disk, workspace, store)
    }

    private func names(_ disk: TmpfsMount) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted()
    }

    @Test(arguments: ["store.sqlite", "store.plist"])
    func aFullDiskDuringTheSafetySnapshotNamesTheSnapshotAndTheWayOut(storeName: String) throws {
        let (disk, workspace, store) = try fullDisk(storeName: storeName)
        let backup = try workspace.exportBackup(from: try workspace.sampleStore("other.sqlite", seed: 5))
        let digests = try workspace.fileDigests(store)
        let before = try names(disk)

        let output = try workspace.backupctl("import", backup, "--store", store)
        #expect(output.status == 74, "\(output.stderrText)")
        // The snapshot is a copy of the store file, in its format: SQLite says the disk is full
        // in its own words.
        let snapshotPrefix = "\(store).before-import-"
        let suffix = URL(fileURLWithPath: store).pathExtension
        let reason = suffix == "sqlite" ? "database or disk is full" : "No space left on device"
        #expect(output.stderrText.hasPrefix("error: The safety snapshot \(snapshotPrefix)"), "\(output.stderrText)")
        #expect(
            output.stderrText.contains(
                ".\(suffix) could not be written (\(reason)), so nothing was imported and the store is unchanged.\n"
            ), "\(output.stderrText)")
        #expect(
            output.stderrText.contains(
                "hint: Free space in \(disk.url.path) for a copy of the store file, "
                    + "or import again with --no-safety-snapshot.\n"))
        #expect(!output.stderrText.contains("temporary file"))
        #expect(!output.stderrText.contains("export again"))
        #expect(try workspace.fileDigests(store) == digests)
        #expect(try names(disk) == before, "no snapshot or temporary file is left")
    }

    @Test func aFullDiskDuringAnExportNamesTheBackup() throws {
        let (disk, workspace, store) = try fullDisk(storeName: "store.sqlite")
        let before = try names(disk)
        let destination = disk.file("backup.ddbackup").path
        let output = try workspace.backupctl("export", "--store", store, "-o", destination)
        #expect(output.status == 74)
        #expect(
            output.stderrText.hasPrefix(
                "error: There is no space left to write \(destination) (No space left on device)."),
            "\(output.stderrText)")
        #expect(try names(disk) == before)
    }
}
