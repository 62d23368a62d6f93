import Foundation
import Glibc
import TestSupport
import Testing

/// Found by the crash tests: a `backup --dir` killed before its rename left
/// `.domaindig-<time>.ddbackup.tmp-<hex>` in the directory, listed as PARTIAL by every later
/// `list` and `prune` and removed by nothing.
extension BackupCommandTests {
    @Test func theNextBackupRemovesThePartialFileAKilledOneLeftButNotOneBeingWritten() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        let arguments = ["backup", "--dir", "backups", "--store", store]
        let probe = try workspace.backupctlTracingSteps(arguments + ["--dir", "probe"])
        #expect(probe.output.status == 0, "\(probe.output.stderrText)")
        let rename = try #require(probe.steps.first { $0.kind == "rename" }, "\(probe.steps)")
        try FileManager.default.removeItem(atPath: workspace.path("probe"))

        let killed = try workspace.backupctl(arguments, killedAtStep: rename.number)
        #expect(killed.status == 128 + SIGKILL)
        let partials = try workspace.directory.names(in: "backups").filter { $0.contains(".ddbackup.tmp-") }
        try #require(partials.count == 1)
        let list = try workspace.backupctl("list", "--dir", "backups")
        #expect(list.stdoutText.contains("PARTIAL"), "\(list.stdoutText)")

        // A temporary file whose writer is alive holds its lock: it stays.
        let live = ".domaindig-20260101T000000Z.ddbackup.tmp-00c0ffee00c0ffee"
        try Data("being written".utf8).write(to: URL(fileURLWithPath: workspace.path("backups/" + live)))
        let writer = open(workspace.path("backups/" + live), O_RDONLY)
        defer { close(writer) }
        #expect(flock(writer, LOCK_EX | LOCK_NB) == 0)

        let next = try workspace.backupctl(arguments: arguments)
        #expect(next.status == 0, "\(next.stderrText)")
        let removed = workspace.url.appendingPathComponent("backups/" + partials[0]).path
        #expect(next.stderrText == "warning: removed \(removed), a partial file an interrupted backup had left\n")
        let names = try workspace.directory.names(in: "backups")
        #expect(names.filter { $0.contains(".tmp-") } == [live], "\(names)")
        #expect(names.filter { $0.hasSuffix(".ddbackup") }.count == 1)
    }
}
