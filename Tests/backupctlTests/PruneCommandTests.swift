import Foundation
import TestSupport
import Testing

/// `backupctl prune` and the retention of `backup`, checked against restic's rules as an
/// independent Python program computes them, and against facts checked by hand.
@Suite struct PruneCommandTests {
    private typealias Support = ScheduleTestSupport

    private func date(_ text: String) -> Date { Support.date(text) }

    /// The issue's scenario: 90 days of hourly runs (2025-10-21 to 2026-01-18, across three
    /// month ends and the 2025/2026 ISO year boundary) under `--keep-hourly 24 --keep-daily 7
    /// --keep-weekly 4 --keep-monthly 6`. Each hour's backup is a copy of one real backup under
    /// the name that hour's run gives it, and each day ends as cron would end it: every third
    /// day with a real `backupctl backup` at 23:00 (which prunes), the other days with a copy
    /// and `backupctl prune --quiet`. (Running the binary 2,160 times would take too long.)
    @Test func ninetyDaysOfHourlyRunsKeepExactlyWhatResticsRulesKeep() throws {
        let workspace = try CommandWorkspace()
        let store = try workspace.cleanStore()
        let template = URL(fileURLWithPath: try workspace.exportBackup(from: try workspace.sampleStore()))
        let backups = workspace.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        let keep = Support.keepOptions(Support.issuePolicy)

        let start = date("2025-10-21T00:00:05Z")
        var history: [Date] = []
        var afterEachDay: [[String]] = []
        for day in 0..<90 {
            for hour in 0..<24 {
                let time = start.addingTimeInterval(Double(day * 24 + hour) * 3600)
                history.append(time)
                let realRun = hour == 23 && day % 3 == 2
                if !realRun {
                    try FileManager.default.copyItem(
                        at: template, to: URL(fileURLWithPath: backups + "/" + Support.backupName(time)))
                }
                guard hour == 23 else { continue }
                let run =
                    realRun
                    ? try workspace.backupctl(
                        arguments: ["backup", "--dir", backups, "--store", store] + keep,
                        environment: ["BACKUPCTL_TEST_NOW": Support.timestamp(time)])
                    : try workspace.backupctl(arguments: ["prune", "--dir", backups, "--quiet"] + keep)
                try #require(run.status == 0, "the run at \(Support.timestamp(time)) failed: \(run.stderrText)")
                #expect(
                    run.stdout.isEmpty && run.stderr.isEmpty,
                    "cron would have mailed: \(run.stdoutText)\(run.stderrText)")
                afterEachDay.append(try Support.backupNames(in: backups))
            }
        }

        // After every day, the directory holds what the rules keep of the whole history so far.
        let prefixes = (1...90).map { Array(history.prefix($0 * 24)) }
        let reference = try Support.forgetReasons(prefixes, policy: Support.issuePolicy)
        for day in 0..<90 {
            #expect(
                afterEachDay[day] == Support.expectedKept(prefixes[day], reasons: reference[day]),
                "after day \(day + 1)")
        }

        // prune --dry-run explains each backup: the rules that keep it, as the reference names them.
        let dryRun = try workspace.backupctl(arguments: ["prune", "--dir", backups, "--dry-run", "--json"] + keep)
        #expect(dryRun.status == 0)
        let decisions = try #require(try dryRun.jsonObject()["decisions"] as? [[String: Any]])
        let finalReasons = Dictionary(uniqueKeysWithValues: zip(history.map(Support.backupName), reference[89]))
        #expect(decisions.count == 36)
        for decision in decisions {
            let name = decision["name"] as? String ?? "?"
            #expect(decision["keep"] as? Bool == true, "\(name)")
            #expect(decision["reasons"] as? [String] == finalReasons[name], "\(name)")
        }
        #expect(try Support.backupNames(in: backups).count == 36, "a dry run removes nothing")

        // Facts checked by hand.
        let reasons = Dictionary(
            uniqueKeysWithValues: decisions.map { ($0["name"] as? String ?? "?", $0["reasons"] as? [String] ?? []) })
        let newestDay = (0..<24).map {
            Support.backupName(date("2026-01-18T00:00:05Z").addingTimeInterval(Double($0) * 3600))
        }
        #expect(newestDay.allSatisfy { reasons[$0]?.contains("hourly") == true }, "the 24 newest hours are all kept")
        #expect(reasons["domaindig-20260118T230005Z.ddbackup"] == ["hourly", "daily", "weekly", "monthly"])
        #expect(reasons["domaindig-20260117T220005Z.ddbackup"] == nil, "the 25th newest hour goes")
        #expect(reasons["domaindig-20260117T230005Z.ddbackup"] == ["daily"])
        #expect(reasons["domaindig-20260112T230005Z.ddbackup"] == ["daily"], "the seventh day")
        #expect(reasons["domaindig-20260111T230005Z.ddbackup"] == ["weekly"], "Sunday ends 2026-W02")
        // ISO week 2026-W01 runs from Monday 2025-12-29 to Sunday 2026-01-04: the weekly rule keeps
        // its Sunday, and 2025-W52's Sunday before it, not the last backup of the calendar year.
        #expect(reasons["domaindig-20260104T230005Z.ddbackup"] == ["weekly"])
        #expect(reasons["domaindig-20251228T230005Z.ddbackup"] == ["weekly"])
        #expect(reasons["domaindig-20251221T230005Z.ddbackup"] == nil, "a fifth week is not kept")
        // Each month's last backup is its monthly one; the first of the next month is not kept.
        #expect(reasons["domaindig-20251231T230005Z.ddbackup"] == ["monthly"])
        #expect(reasons["domaindig-20260101T000005Z.ddbackup"] == nil)
        #expect(reasons["domaindig-20251130T230005Z.ddbackup"] == ["monthly"])
        #expect(reasons["domaindig-20251031T230005Z.ddbackup"] == ["monthly"])
        #expect(
            reasons.values.filter { $0.contains("monthly") }.count == 4, "four months hold backups; six may be kept")

        // The same explanation in words.
        let text = try workspace.backupctl(arguments: ["prune", "--dir", backups, "--dry-run"] + keep)
        #expect(text.status == 0)
        let lines = text.stdoutText.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("domaindig-20251231T230005Z.ddbackup keep monthly"))
        #expect(lines.contains("domaindig-20260118T230005Z.ddbackup keep hourly, daily, weekly, monthly"))
        #expect(lines.last == "Dry run: would keep 36 and remove 0; nothing was removed.")
    }

    /// The folder `backups` in `workspace`, holding a copy of one exported backup under each of `names`.
    private func backupsFolder(_ workspace: CommandWorkspace, named names: [String]) throws -> String {
        let template = try workspace.exportBackup(from: try workspace.sampleStore())
        let backups = workspace.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: false)
        for name in names { try FileManager.default.copyItem(atPath: template, toPath: backups + "/" + name) }
        return backups
    }

    /// A year of nightly backups under `--keep-daily 7 --keep-monthly 6`: exactly six monthly
    /// keeps, each the last backup of its month, the newest month's shared with the daily rule.
    @Test func aYearOfNightlyBackupsKeepsExactlySixMonthlyOnes() throws {
        let workspace = try CommandWorkspace()
        let start = date("2025-01-01T02:30:00Z")
        let nights = (0..<365).map { start.addingTimeInterval(Double($0) * 86_400) }
        let backups = try backupsFolder(workspace, named: nights.map(Support.backupName))
        let policy = ["daily": 7, "monthly": 6]
        let run = try workspace.backupctl(
            arguments: ["prune", "--dir", backups, "--json"] + Support.keepOptions(policy))
        #expect(run.status == 0)
        let kept = try Support.backupNames(in: backups)
        #expect(kept == Support.expectedKept(nights, reasons: try Support.forgetReasons([nights], policy: policy)[0]))
        let decisions = try #require(try run.jsonObject()["decisions"] as? [[String: Any]])
        let monthly = decisions.filter { ($0["reasons"] as? [String])?.contains("monthly") == true }.map {
            $0["name"] as? String ?? "?"
        }
        #expect(
            monthly
                == ["20250731", "20250831", "20250930", "20251031", "20251130", "20251231"].map {
                    "domaindig-\($0)T023000Z.ddbackup"
                })
        #expect(kept.count == 12, "7 days + 5 more month ends")
        #expect(decisions.filter { $0["keep"] as? Bool == false }.count == 353)
    }

    @Test func damagedAndPartialFilesAreReportedNeverCountedAndNeverRemoved() throws {
        let workspace = try CommandWorkspace()
        let backups = try backupsFolder(workspace, named: (20...22).map { "domaindig-20260118T\($0)0005Z.ddbackup" })
        // The newest name is corrupt, and a killed run left its temporary file.
        let corrupt = "domaindig-20260118T230005Z.ddbackup"
        try Data("this is not a backup".utf8).write(to: URL(fileURLWithPath: backups + "/" + corrupt))
        let partial = ".domaindig-20260119T000005Z.ddbackup.tmp-3f2a9c81d04e7b65"
        let whole = try Data(contentsOf: URL(fileURLWithPath: backups + "/domaindig-20260118T200005Z.ddbackup"))
        try Data(whole.prefix(1000)).write(to: URL(fileURLWithPath: backups + "/" + partial))

        let run = try workspace.backupctl("prune", "--dir", backups, "--keep-hourly", "1")
        #expect(run.status == 0)
        let lines = run.stdoutText.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("domaindig-20260118T220005Z.ddbackup keep hourly"), "the newest valid backup stays")
        #expect(lines.contains("domaindig-20260118T210005Z.ddbackup removed"))
        #expect(lines.contains("\(corrupt) DAMAGED damaged, not counted"))
        #expect(lines.contains("\(partial) PARTIAL partial file, not a backup"))
        #expect(lines.last == "Kept 1, removed 2.")
        #expect(run.stderrText.contains("warning: \(corrupt) is damaged and not counted as a backup: "))
        #expect(
            run.stderrText.contains(
                "warning: \(partial) is a partial file left by an interrupted backup; it is not a backup"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
                == [".backupctl.lock", partial, "domaindig-20260118T220005Z.ddbackup", corrupt].sorted())

        // Any policy: the newest valid backup is never removed for the damaged file's sake.
        for option in [["--keep-last", "1"], ["--keep-daily", "1"], ["--keep-monthly", "1"]] {
            let again = try workspace.backupctl(arguments: ["prune", "--dir", backups, "--json"] + option)
            #expect(again.status == 0)
            #expect(try Support.backupNames(in: backups) == ["domaindig-20260118T220005Z.ddbackup", corrupt])
        }
    }

    @Test func aDryRunRemovesNothing() throws {
        let workspace = try CommandWorkspace()
        let names = (0..<5).map { "domaindig-2026011\($0)T120000Z.ddbackup" }
        let backups = try backupsFolder(workspace, named: names)
        let run = try workspace.backupctl("prune", "--dir", backups, "--keep-last", "2", "--dry-run")
        #expect(run.status == 0)
        let lines = run.stdoutText.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.first == "backup action why")
        #expect(
            Array(lines.dropFirst().prefix(5)) == [
                "\(names[0]) would remove", "\(names[1]) would remove", "\(names[2]) would remove",
                "\(names[3]) keep last", "\(names[4]) keep last",
            ])
        #expect(lines.last == "Dry run: would keep 2 and remove 3; nothing was removed.")
        #expect(try Support.backupNames(in: backups) == names)
    }

    @Test func jsonPrintsOneDocument() throws {
        let workspace = try CommandWorkspace()
        let backups = try backupsFolder(workspace, named: (1...3).map { "domaindig-2026010\($0)T120000Z.ddbackup" })
        let run = try workspace.backupctl("prune", "--dir", backups, "--keep-daily", "2", "--json")
        let document = try run.successfulJSONDocument()
        #expect(document["directory"] as? String == backups)
        #expect(document["dryRun"] as? Bool == false)
        let decisions = try #require(document["decisions"] as? [[String: Any]])
        #expect(
            decisions.map { $0["time"] as? String ?? "?" } == [
                "2026-01-01T12:00:00Z", "2026-01-02T12:00:00Z", "2026-01-03T12:00:00Z",
            ])
        #expect(decisions.map { $0["keep"] as? Bool ?? true } == [false, true, true])
        #expect(try Support.backupNames(in: backups).count == 2)
    }

    @Test(arguments: [[], ["--keep-hourly", "0"], ["--keep-last", "0", "--keep-monthly", "0"]])
    func withoutAKeepAboveZeroItIsAUsageError(options: [String]) throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        let run = try workspace.backupctl(arguments: ["prune", "--dir", "backups"] + options)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderrText.hasPrefix(
                "error: prune needs at least one --keep-last, --keep-hourly, --keep-daily, --keep-weekly or --keep-monthly above 0"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("backups")).isEmpty)
    }

    @Test(arguments: [["--keep-hourly", "-1"], ["--keep-weekly=-2"], ["--keep-daily", "7", "--keep-last", "-5"]])
    func aNegativeKeepIsAUsageError(options: [String]) throws {
        let workspace = try CommandWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.path("backups"), withIntermediateDirectories: false)
        let run = try workspace.backupctl(arguments: ["prune", "--dir", "backups", "--json"] + options)
        #expect(run.status == 64)
        #expect(run.stderrText.hasPrefix("error: --keep-"), "\(run.stderrText)")
        #expect(run.stderrText.contains("must be zero or more"))
        let document = try run.jsonObject()
        #expect(document["exitCode"] as? Int == 64)
    }

    @Test func aMissingDirectoryIsInputNotFound() throws {
        let workspace = try CommandWorkspace()
        let run = try workspace.backupctl("prune", "--dir", "absent", "--keep-last", "1")
        #expect(run.status == 66)
        #expect(run.stderrText.hasPrefix("error: There is no backup directory at \(workspace.path("absent"))."))
        #expect(try workspace.names().isEmpty)
    }

    @Test func aHeldDirectoryIsBusy() throws {
        let workspace = try CommandWorkspace()
        let backups = workspace.path("backups")
        let holder = try LockHoldingProcess(directory: backups)
        defer { holder.release() }
        let run = try workspace.backupctl("prune", "--dir", backups, "--keep-last", "1", "--dry-run")
        #expect(run.status == 75)
        #expect(run.stderrText.contains("is locked by process \(holder.pid)"))
    }
}
