import Foundation
import TestSupport
import Testing

/// `BACKUPCTL_TEST_NOW` pins every time a command writes, not only the manifest's `createdAt`
/// and the file's name: the tar headers' mtime (export, upgrade) and the migration journal's
/// `appliedAt` (migrate, import) too.
@Suite struct PinnedClockTests {
    static let pinned = "2026-03-04T05:06:07Z"
    static let clock = ["BACKUPCTL_TEST_NOW": pinned]
    /// `pinned` in seconds since 1970.
    static let pinnedSeconds = 1_772_600_767

    /// Prints the mtime of every tar header of the zstd archive `sys.argv[1]` (decompressed by
    /// the `zstd` tool, read by Python's tarfile), one `name mtime` per line.
    static let headerTimes = """
        import io, subprocess, sys, tarfile
        data = subprocess.run(["zstd", "-dc", sys.argv[1]], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as archive:
            for member in archive.getmembers():
                print(member.name, repr(member.mtime))
        """

    /// The lines of `headerTimes` for `path`.
    static func headerTimes(of path: String) throws -> [String] {
        let run = try ProcessRunner.python(headerTimes, [path])
        try #require(run.status == 0, "\(run.stderrText)")
        return run.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The `appliedAt` of every journal entry of `store`, as `status --json` shows it.
    static func journalTimes(of store: String, in workspace: CommandWorkspace) throws -> [String] {
        let status = try workspace.backupctl("status", "--store", store, "--json")
        try #require(status.status == 0, "\(status.stderrText)")
        let journal = try #require(try status.jsonObject()["journal"] as? [[String: Any]])
        return journal.compactMap { $0["appliedAt"] as? String }
    }

    @Test func twoExportsWithThePinnedClockASecondApartAreByteIdentical() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let first = try workspace.backupctl(
            "export", "--store", store, "-o", "first.ddbackup", "--quiet", environment: Self.clock)
        #expect(first.status == 0, "\(first.stderrText)")
        // Past the next whole second, so that a wall clock anywhere in the file would show.
        Thread.sleep(forTimeInterval: 1.2)
        let second = try workspace.backupctl(
            "export", "--store", store, "-o", "second.ddbackup", "--quiet", environment: Self.clock)
        #expect(second.status == 0, "\(second.stderrText)")
        #expect(try workspace.contents("first.ddbackup") == workspace.contents("second.ddbackup"))

        let times = try Self.headerTimes(of: workspace.path("first.ddbackup"))
        #expect(times.count >= 10, "the manifest, the carried entries and every section: \(times)")
        #expect(times.allSatisfy { $0.hasSuffix(" \(Self.pinnedSeconds)") }, "\(times)")
    }

    @Test func anUpgradeRecordsThePinnedClockOnItsTarHeaders() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl(
            "upgrade", Fixtures.url("Backups/v3.ddbackup").path, "-o", "new.ddbackup", environment: Self.clock)
        #expect(run.status == 0, "\(run.stderrText)")
        let times = try Self.headerTimes(of: workspace.path("new.ddbackup"))
        #expect(!times.isEmpty && times.allSatisfy { $0.hasSuffix(" \(Self.pinnedSeconds)") }, "\(times)")
    }

    @Test func migrateRecordsThePinnedClockInTheJournal() throws {
        let workspace = try CommandWorkspace()
        let store = try copyStoreFixture("v0", into: workspace.directory).path
        let run = try workspace.backupctl("migrate", "--store", store, environment: Self.clock)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(try Self.journalTimes(of: store, in: workspace) == Array(repeating: Self.pinned, count: 3))
    }

    /// An import into an older store migrates it first; the journal entries it adds carry the
    /// pinned time (the fixture's own entry keeps the time it was written with).
    @Test func importRecordsThePinnedClockInTheJournal() throws {
        let workspace = try CommandWorkspace()
        let store = try copyStoreFixture("v1", into: workspace.directory).path
        let before = try Self.journalTimes(of: store, in: workspace)
        let run = try workspace.backupctl(
            "import", Fixtures.url("Backups/v4.ddbackup").path, "--store", store, "--yes", "--quiet",
            environment: Self.clock)
        #expect(run.status == 0, "\(run.stderrText)")
        let after = try Self.journalTimes(of: store, in: workspace)
        #expect(after.count == before.count + 2, "steps 2 and 3: \(after)")
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.dropFirst(before.count).allSatisfy { $0 == Self.pinned }, "\(after)")
    }
}
