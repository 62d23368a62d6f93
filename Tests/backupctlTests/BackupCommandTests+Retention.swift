import Foundation
import Glibc
import TestSupport
import Testing

/// Retention that cannot eat its own backups (issue 15.8), and cron seeing what `backup`
/// worked around (issue 15.7).
extension BackupCommandTests {
    /// The issue's reproduction: with a file named in the future, every
    /// `backup --keep-last 1 --keep-daily 1` wrote, verified and then deleted its own new file.
    @Test func aFileNamedInTheFutureIsReportedNotCountedAndTheNewBackupStays() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        let backups = workspace.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        let future = "domaindig-20990101T000000Z.ddbackup"
        _ = try workspace.copy(try workspace.exportBackup(from: store), to: "backups/\(future)")
        for hour in ["21", "22", "23"] {
            let run = try workspace.backupctl(
                "backup", "--dir", backups, "--store", store, "--keep-last", "1", "--keep-daily", "1",
                environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T\(hour):00:05Z"])
            #expect(run.status == 0, "\(run.stderrText)")
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderrText == """
                    warning: \(future) is dated 2099-01-01T00:00:00Z, after now: it is not counted as a backup and never removed. Check the system clock, or where the file came from.

                    """)
            #expect(
                try ScheduleTestSupport.backupNames(in: backups) == [
                    "domaindig-20260118T\(hour)0005Z.ddbackup", future,
                ],
                "the run kept its own backup and removed the one before")
        }
        let list = try workspace.backupctl("list", "--dir", backups, "--json")
        #expect(list.status == 0)
        let entries = try #require(try list.jsonObject()["backups"] as? [[String: Any]])
        #expect(entries.map { $0["health"] as? String } == ["good", "future"])
    }

    /// The issue's second hazard: a backup whose section was damaged after it was written
    /// passes the quick check, so `--keep-last 1` kept it and deleted the good ones.
    @Test func pruneVerifiesTheNewestBackupItKeepsBeforeDeletingAnything() throws {
        let workspace = try CommandWorkspace()
        let good = try workspace.exportBackup(from: try workspace.sampleStore(), to: "good.ddbackup")
        let damaged = try workspace.damagedBackup(from: good, .checksumMismatch)
        let backups = workspace.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        let names = ["domaindig-20260118T210005Z.ddbackup", "domaindig-20260118T220005Z.ddbackup"]
        for name in names { _ = try workspace.copy(good, to: "backups/\(name)") }
        let newest = "domaindig-20260118T230005Z.ddbackup"
        _ = try workspace.copy(damaged, to: "backups/\(newest)")
        #expect(try workspace.backupctl("list", "--dir", backups).status == 0, "the quick check passes it")

        let run = try workspace.backupctl("prune", "--dir", backups, "--keep-last", "1")
        #expect(run.status == 0, "\(run.stderrText)")
        let lines = run.stdoutText.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("\(names[0]) removed"))
        #expect(lines.contains("\(names[1]) keep last"), "\(run.stdoutText)")
        #expect(lines.contains("\(newest) DAMAGED damaged, not counted"))
        #expect(run.stderrText.hasPrefix("warning: \(newest) is damaged and not counted as a backup: sections/"))
        #expect(try ScheduleTestSupport.backupNames(in: backups) == [names[1], newest])
        #expect(try workspace.backupctl("validate", backups + "/" + names[1], "--quiet").status == 0)
    }

    @Test func fromANonTerminalWhatTheRunWorkedAroundGoesToStandardErrorUnlessQuiet() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let run = try workspace.backupctl("backup", "--dir", "backups", "--store", store)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "no report: standard output is not a terminal")
        let warnings = run.stderrText.split(separator: "\n")
        #expect(warnings.count == 8, "\(run.stderrText)")
        #expect(
            warnings.contains(
                #"warning: the store has a problem the backup worked around: trackedDomains $[45].domain: is not a valid domain name: "exa mple..com"; the record cannot be read and is kept as written"#
            ))
        let quiet = try workspace.backupctl("backup", "--dir", "backups", "--store", store, "--quiet")
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderrText)")
    }
}
