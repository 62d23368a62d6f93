import Foundation
import TestSupport
import Testing

/// `backupctl list --dir`: what a directory of scheduled backups holds, and what it is worth.
@Suite struct ListCommandTests {
    private typealias Support = ScheduleTestSupport

    /// A directory with three real backups (the middle one uncompressed), taken by `backup`.
    private func directoryOfBackups(_ workspace: CommandWorkspace) throws -> String {
        let store = try workspace.sampleStore()
        let backups = workspace.path("backups")
        for (hour, compression) in [("21", "zstd"), ("22", "none"), ("23", "gzip")] {
            let run = try workspace.backupctl(
                "backup", "--dir", backups, "--store", store, "--compression", compression,
                environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T\(hour):00:05Z"])
            try #require(run.status == 0, "\(run.stderrText)")
        }
        return backups
    }

    /// Standard output's lines with runs of spaces collapsed.
    private func lines(_ output: ProcessOutput) -> [String] {
        output.stdoutText.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test func listsEachBackupOldestFirstWithItsIntegrity() throws {
        let workspace = try CommandWorkspace()
        let backups = try directoryOfBackups(workspace)
        let size = { (name: String) in HumanText.bytes(try workspace.contents(backups + "/" + name).count) }
        let run = try workspace.backupctl("list", "--dir", "backups")
        run.expectQuietSuccess()
        #expect(
            lines(run) == [
                "backup time version size encrypted records integrity",
                "domaindig-20260118T210005Z.ddbackup 2026-01-18T21:00:05Z 4 \(try size("domaindig-20260118T210005Z.ddbackup")) no 423 ok (quick)",
                "domaindig-20260118T220005Z.ddbackup 2026-01-18T22:00:05Z 4 \(try size("domaindig-20260118T220005Z.ddbackup")) no 423 ok (quick)",
                "domaindig-20260118T230005Z.ddbackup 2026-01-18T23:00:05Z 4 \(try size("domaindig-20260118T230005Z.ddbackup")) no 423 ok (quick)",
                "3 good backups, 0 problems.",
            ])
        let verified = try workspace.backupctl("list", "--dir", "backups", "--verify")
        #expect(verified.status == 0)
        #expect(lines(verified).filter { $0.hasSuffix(" verified") }.count == 3)
    }

    @Test func damagedAndPartialFilesAreListedAsSuchNeverAsBackups() throws {
        let workspace = try CommandWorkspace()
        let backups = try directoryOfBackups(workspace)
        let corrupt = "domaindig-20260118T233000Z.ddbackup"
        try Data("not a backup".utf8).write(to: URL(fileURLWithPath: backups + "/" + corrupt))
        let partial = ".domaindig-20260119T000005Z.ddbackup.tmp-00c0ffee00c0ffee"
        try Data(try workspace.contents(backups + "/domaindig-20260118T230005Z.ddbackup").prefix(4096))
            .write(to: URL(fileURLWithPath: backups + "/" + partial))
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: backups + "/README.txt"))

        let run = try workspace.backupctl("list", "--dir", backups)
        #expect(run.status == 65, "a damaged backup is worth an alert")
        #expect(run.stderrText.contains("error: 1 backup in "))
        #expect(run.stderrText.contains(" is damaged: \(corrupt)."))
        let listed = lines(run)
        #expect(listed.contains("\(corrupt) 2026-01-18T23:30:00Z - 12 B no - DAMAGED"))
        #expect(listed.contains("\(partial) - - 4.1 KB no - PARTIAL"))
        #expect(listed.last == "3 good backups, 2 problems.")
        #expect(!run.stdoutText.contains("README.txt"), "other files are not backups")
        #expect(run.stderrText.contains("warning: \(corrupt) is damaged and not counted as a backup: "))
        #expect(run.stderrText.contains("warning: \(partial) is a partial file left by an interrupted backup"))

        let document = try workspace.backupctl("list", "--dir", backups, "--json").jsonObject()
        #expect(document["ok"] as? Bool == false)
        let entries = try #require(document["backups"] as? [[String: Any]])
        #expect(
            entries.map { $0["name"] as? String ?? "?" } == [
                "domaindig-20260118T210005Z.ddbackup", "domaindig-20260118T220005Z.ddbackup",
                "domaindig-20260118T230005Z.ddbackup", corrupt, partial,
            ])
        #expect(entries.map { $0["health"] as? String ?? "?" } == ["good", "good", "good", "damaged", "partial"])
        #expect((entries[3]["problem"] as? String)?.isEmpty == false)
        #expect(entries[4]["time"] == nil)
    }

    @Test func onlyVerifyCatchesAlteredSectionBytesBehindAGoodManifest() throws {
        let workspace = try CommandWorkspace()
        let backups = try directoryOfBackups(workspace)
        // In the uncompressed backup, change one letter of trackedDomains' data, found with
        // Python's tarfile: the manifest still reads, the section's checksum no longer matches.
        let altered = backups + "/domaindig-20260118T220005Z.ddbackup"
        let edit = try workspace.python(
            """
            import sys, tarfile
            path = sys.argv[1]
            with tarfile.open(path) as archive:
                member = archive.getmember('sections/trackedDomains.json')
            with open(path, 'r+b') as file:
                data = file.read()
                offset = data.index(b'"domain":"', member.offset_data) + len('"domain":"')
                file.seek(offset)
                file.write(b'q' if data[offset:offset + 1] != b'q' else b'z')
            """, altered)
        try #require(edit.status == 0, "\(edit.stderrText)")

        let quick = try workspace.backupctl("list", "--dir", backups)
        #expect(quick.status == 0)
        #expect(lines(quick).last == "3 good backups, 0 problems.", "the quick check reads only the manifest")

        let verify = try workspace.backupctl("list", "--dir", backups, "--verify")
        #expect(verify.status == 65)
        let listed = lines(verify)
        #expect(
            listed.contains {
                $0.hasPrefix("domaindig-20260118T220005Z.ddbackup 2026-01-18T22:00:05Z 4 ")
                    && $0.hasSuffix(" 423 DAMAGED")
            })
        #expect(listed.last == "2 good backups, 1 problem.")
        #expect(
            verify.stderrText.contains(
                "warning: domaindig-20260118T220005Z.ddbackup is damaged and not counted as a backup: "))
        #expect(verify.stderrText.contains("trackedDomains"), "\(verify.stderrText)")

        let document = try workspace.backupctl("list", "--dir", backups, "--verify", "--json").jsonObject()
        #expect(document["verified"] as? Bool == true)
        let entries = try #require(document["backups"] as? [[String: Any]])
        #expect(entries.map { $0["health"] as? String ?? "?" } == ["good", "damaged", "good"])
    }

    @Test func jsonPrintsOneDocument() throws {
        let workspace = try CommandWorkspace()
        let backups = try directoryOfBackups(workspace)
        let run = try workspace.backupctl("list", "--dir", backups, "--json")
        let document = try run.successfulJSONDocument()
        #expect(document["directory"] as? String == backups)
        #expect(document["verified"] as? Bool == false)
        let entries = try #require(document["backups"] as? [[String: Any]])
        #expect(
            entries.map { $0["time"] as? String ?? "?" } == [
                "2026-01-18T21:00:05Z", "2026-01-18T22:00:05Z", "2026-01-18T23:00:05Z",
            ])
        #expect(entries.allSatisfy { $0["schemaVersion"] as? Int == 4 && $0["records"] as? Int == 423 })
        #expect(entries.allSatisfy { ($0["bytes"] as? Int ?? 0) > 0 })
    }

    @Test func anEmptyDirectoryHasNoBackups() throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        let run = try workspace.backupctl("list", "--dir", "backups")
        #expect(run.status == 0)
        #expect(lines(run) == ["No backups in \(workspace.path("backups"))."])
        #expect(try workspace.backupctl("list", "--dir", "backups", "--json").jsonObject()["backups"] as? [Any] != nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups")).isEmpty,
            "list writes nothing")
    }

    @Test func aMissingDirectoryIsInputNotFound() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl("list", "--dir", "absent", "--json")
        #expect(run.status == 66)
        #expect(run.stderrText.hasPrefix("error: There is no backup directory at \(workspace.path("absent"))."))
        let document = try run.jsonObject()
        #expect(document["ok"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 66)
        #expect(try workspace.names().isEmpty)
    }
}
