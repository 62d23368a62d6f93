import Foundation
import Glibc
import TestSupport
import Testing

/// `backupctl backup --dir` as cron and systemd timers run it (design §7, §8).
@Suite struct BackupCommandTests {
    private typealias Support = ScheduleTestSupport

    @Test func fromANonTerminalASuccessfulRunPrintsNothing() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        // The pipes of the test runner are not terminals, as cron's are not.
        let run = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", store, "--keep-daily", "7",
            environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T23:00:05Z"])
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups")).sorted()
                == [".backupctl.lock", "domaindig-20260118T230005Z.ddbackup"])
        #expect(try workspace.permissions("backups") == 0o700)
        #expect(try workspace.permissions("backups/domaindig-20260118T230005Z.ddbackup") == 0o600)
        // The file is a complete backup, by the validator and by plain tar.
        #expect(
            try workspace.backupctl("validate", "backups/domaindig-20260118T230005Z.ddbackup", "--quiet").status == 0)
        #expect(try workspace.names() == ["backups", "clean.sqlite"], "nothing was written beside the store")
        let listing = try workspace.run("tar", "--zstd", "-tf", "backups/domaindig-20260118T230005Z.ddbackup")
        #expect(listing.stdoutText.hasPrefix("manifest.json\n"))
    }

    @Test func onATerminalItSaysWhatItDidAndWhatTheStoreLacks() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        // `script` gives the command a terminal, as a person at a shell has.
        let line = [BuildProducts.backupctl.path, "backup", "--dir", "backups", "--store", store, "--keep-last", "3"]
            .joined(separator: " ")
        let run = try ProcessRunner.run(
            "script", ["-qec", line, "/dev/null"],
            environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T23:00:05Z"], currentDirectory: workspace.url)
        #expect(run.status == 0)
        let text = run.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            text.contains(
                "Backed up 423 records to \(workspace.url.path)/backups/domaindig-20260118T230005Z.ddbackup ("))
        #expect(text.contains("verified.\nRetention: kept 1, removed 0.\n"))
        #expect(
            text.contains(
                #"warning: the store has a problem the backup worked around: trackedDomains $[45].domain: is not a valid domain name"#
            ))
    }

    @Test func quietSilencesATerminalToo() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let line = [BuildProducts.backupctl.path, "backup", "--dir", "backups", "--store", store, "--quiet"].joined(
            separator: " ")
        let run = try ProcessRunner.run("script", ["-qec", line, "/dev/null"], currentDirectory: workspace.url)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "\(run.stdoutText)")
        #expect(try Support.backupNames(in: workspace.path("backups")).count == 1)
    }

    @Test func jsonPrintsOneDocumentEvenWhenNotATerminal() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let backups = workspace.path("backups")
        for hour in ["21", "22"] {
            let run = try workspace.backupctl(
                "backup", "--dir", backups, "--store", store,
                environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T\(hour):00:05Z"])
            try #require(run.status == 0)
        }
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: backups + "/domaindig-20260118T223000Z.ddbackup"))
        let run = try workspace.backupctl(
            "backup", "--dir", backups, "--store", store, "--keep-last", "2", "--json",
            environment: ["BACKUPCTL_TEST_NOW": "2026-01-18T23:00:05Z"])
        #expect(run.status == 0)
        // What the run worked around goes to standard error (cron mails it), and into the JSON.
        let warnings = run.stderrText.split(separator: "\n")
        #expect(warnings.count == 9, "\(run.stderrText)")
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") })
        #expect(
            warnings.last
                == "warning: domaindig-20260118T223000Z.ddbackup is damaged and not counted as a backup: '\(backups)/domaindig-20260118T223000Z.ddbackup' is empty or not a tar archive (plain, zstd- or gzip-compressed). Check that you picked a backup file written by backupctl."
        )
        let document = try run.jsonObject()
        #expect(document["ok"] as? Bool == true)
        #expect(document["output"] as? String == backups + "/domaindig-20260118T230005Z.ddbackup")
        #expect(document["records"] as? Int == 423)
        #expect(document["verified"] as? Bool == true)
        // The same warnings are in the JSON document, each with its code.
        let listed = try #require(document["warnings"] as? [[String: Any]])
        #expect(listed.map { "warning: \($0["message"] as? String ?? "")" } == warnings.map(String.init))
        #expect(listed.filter { ($0["code"] as? String)?.hasPrefix("store.") == true }.count == 8)
        #expect(listed.last?["code"] as? String == "backup.damaged")
        #expect(document["removed"] as? [String] == ["domaindig-20260118T210005Z.ddbackup"])
        let decisions = try #require(document["decisions"] as? [[String: Any]])
        #expect(
            decisions.map { $0["name"] as? String ?? "?" } == [
                "domaindig-20260118T210005Z.ddbackup", "domaindig-20260118T220005Z.ddbackup",
                "domaindig-20260118T223000Z.ddbackup", "domaindig-20260118T230005Z.ddbackup",
            ])
        #expect(decisions.map { $0["keep"] as? Bool ?? false } == [false, true, true, true])
        #expect(decisions.map { $0["health"] as? String ?? "?" } == ["good", "good", "damaged", "good"])
        #expect(
            decisions.map { $0["reasons"] as? [String] ?? [] } == [[], ["last"], ["damaged, not counted"], ["last"]])
    }

    @Test func aMissingStoreExits66AndWritesNothing() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl("backup", "--dir", "backups", "--store", "absent.sqlite", "--keep-last", "1")
        run.expectRefused(status: 66, saying: "error: No DomainDig store exists at \(workspace.path("absent.sqlite"))")
        #expect(try workspace.names().isEmpty, "neither the directory nor a lock file is created")

        // An existing directory stays as it was.
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        let again = try workspace.backupctl("backup", "--dir", "backups", "--store", "absent.sqlite", "--json")
        #expect(again.status == 66)
        let document = try again.jsonObject()
        #expect(document["ok"] as? Bool == false)
        #expect(document["exitCode"] as? Int == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups")).isEmpty)
    }

    @Test func aRunWhileAnotherHoldsTheDirectoryExits75NamingItAndWritesNothing() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let backups = workspace.path("backups")
        let holder = try LockHoldingProcess(directory: backups)
        let refused = try workspace.backupctl("backup", "--dir", backups, "--store", store, "--keep-last", "1")
        #expect(refused.status == 75)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderrText.contains("\(backups)/.backupctl.lock is locked by process \(holder.pid)"),
            "\(refused.stderrText)")
        #expect(refused.stderrText.contains("hint: Another backupctl holds the lock; try again later."))
        #expect(try Support.backupNames(in: backups).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups) == [".backupctl.lock"])
        holder.release()

        let after = try workspace.backupctl("backup", "--dir", backups, "--store", store, "--keep-last", "1")
        #expect(after.status == 0, "\(after.stderrText)")
        #expect(try Support.backupNames(in: backups).count == 1)
    }

    /// Two real runs overlapping: the first is stopped while it holds the locks, the second is
    /// refused at once, and the first, continued, completes.
    @Test func overlappingRunsTheSecondExits75AndTheFirstCompletes() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let otherStore = try workspace.sampleStore("other.sqlite", seed: 2)
        let backups = workspace.path("backups")
        let lockFile = backups + "/.backupctl.lock"

        var caught: Process?
        for _ in 0..<5 where caught == nil {
            try? FileManager.default.removeItem(atPath: backups)
            let first = Process()
            first.executableURL = BuildProducts.backupctl
            first.arguments = ["backup", "--dir", backups, "--store", store, "--keep-last", "5"]
            first.currentDirectoryURL = workspace.url
            first.standardOutput = FileHandle.nullDevice
            first.standardError = FileHandle.nullDevice
            try first.run()
            if Support.stopWhileHoldingLock(first, lockFile: lockFile) { caught = first } else { first.waitUntilExit() }
        }
        let first = try #require(caught, "the first run was never caught holding the lock")
        defer { if first.isRunning { kill(first.processIdentifier, SIGCONT) } }

        // The same store or another: refused at the directory's lock (a backup never locks the store).
        let sameStore = try workspace.backupctl("backup", "--dir", backups, "--store", store, "--keep-last", "5")
        #expect(sameStore.status == 75)
        #expect(
            sameStore.stderrText.contains("is locked by process \(first.processIdentifier)"), "\(sameStore.stderrText)")
        let sameDirectory = try workspace.backupctl(
            "backup", "--dir", backups, "--store", otherStore, "--keep-last", "5")
        #expect(sameDirectory.status == 75)
        #expect(
            sameDirectory.stderrText.contains("is locked by process \(first.processIdentifier)"),
            "\(sameDirectory.stderrText)")
        #expect(sameStore.stdout.isEmpty && sameDirectory.stdout.isEmpty)

        kill(first.processIdentifier, SIGCONT)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let list = try workspace.backupctl("list", "--dir", backups, "--verify", "--json")
        let entries = try #require(try list.jsonObject()["backups"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["health"] as? String == "good")
        #expect(entries.first?["records"] as? Int == 423)
    }

    @Test func aDirectoryItCannotWriteExits73() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        try FileManager.default.createDirectory(
            atPath: workspace.path("readonly"), withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o500])
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: workspace.path("afile")))
        for dir in ["readonly", "readonly/backups", "afile"] {
            let run = try workspace.backupctlBoundByFileModes(
                "backup", "--dir", dir, "--store", store, "--keep-last", "1")
            #expect(run.status == 73, "\(dir): \(run.stderrText)")
            #expect(run.stderrText.hasPrefix("error: "))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("readonly")).isEmpty)
    }

    @Test(arguments: [["--keep-daily", "-1"], ["--keep-last=-3"], ["--keep-monthly", "many"]])
    func aBadKeepValueIsAUsageError(option: [String]) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let run = try workspace.backupctl(arguments: ["backup", "--dir", "backups", "--store", store] + option)
        #expect(run.status == 64)
        #expect(run.stderrText.hasPrefix("error: "))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("backups")))
    }

    @Test func theDirIsRequired() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl("backup", "--store", "store.sqlite")
        #expect(run.status == 64)
        #expect(try workspace.names().isEmpty)
    }

    @Test(arguments: ["zstd", "gzip", "none"])
    func everyCompressionMakesAVerifiedBackup(compression: String) throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.sampleStore()
        let run = try workspace.backupctl(
            "backup", "--dir", "backups", "--store", store, "--compression", compression, "--json")
        #expect(run.status == 0)
        let file = try #require(try run.jsonObject()["output"] as? String)
        let inspect = try workspace.backupctl("inspect", file, "--json")
        #expect(inspect.status == 0)
        #expect(try inspect.jsonObject()["compression"] as? String == compression)
    }
}
