import DataPortability
import Foundation
import TestSupport
import Testing

@Suite struct BackupPrunerTests {
    private func date(_ text: String) -> Date { BackupDirectoryFixture.date(text) }

    /// One good backup per hour from `first`, `count` of them.
    func hourly(_ fixture: BackupDirectoryFixture, from first: String, count: Int) throws -> [Date] {
        let start = date(first)
        let times = (0..<count).map { start.addingTimeInterval(Double($0) * 3600) }
        for time in times { try fixture.add(at: time) }
        return times
    }

    @Test func decisionsFollowThePolicyAndNameTheRulesThatKeep() throws {
        let fixture = try BackupDirectoryFixture()
        let times = try hourly(fixture, from: "2026-01-31T20:00:05Z", count: 8) // to 2026-02-01T03:00:05Z
        let policy = RetentionPolicy(keepLast: 1, keepHourly: 3, keepDaily: 2, keepMonthly: 2)
        let decisions = BackupPruner(policy: policy).plan(try fixture.directory.scan())

        #expect(decisions.map(\.entry.time) == times)
        let expected = try ForgetReference.reasons(for: times, policy: policy)
        for (decision, reasons) in zip(decisions, expected) {
            #expect(decision.keep == !reasons.isEmpty, "\(decision.entry.name)")
            #expect(
                decision.reasons == RetentionPolicy.Rule.allCases.filter(reasons.contains).map(\.rawValue),
                "\(decision.entry.name)")
        }
        #expect(decisions.last?.reasons == ["last", "hourly", "daily", "monthly"])
        // The last backup of January is the month's and the day's.
        #expect(decisions[3].entry.name == "domaindig-20260131T230005Z.ddbackup")
        #expect(decisions[3].reasons == ["daily", "monthly"])
        #expect(decisions.filter(\.keep).count == 4)
    }

    @Test func executeRemovesExactlyTheBackupsNoRuleKeeps() throws {
        let fixture = try BackupDirectoryFixture()
        _ = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 6)
        let pruner = BackupPruner(policy: RetentionPolicy(keepLast: 2))
        let decisions = pruner.plan(try fixture.directory.scan())
        let removed = try pruner.execute(decisions, in: fixture.directory)
        #expect(removed.map(\.name) == decisions.filter { !$0.keep }.map(\.entry.name))
        #expect(removed.count == 4)
        #expect(try fixture.names() == ["domaindig-20260101T040005Z.ddbackup", "domaindig-20260101T050005Z.ddbackup"])
        // Pruning again changes nothing.
        #expect(try pruner.execute(pruner.plan(try fixture.directory.scan()), in: fixture.directory).isEmpty)
    }

    @Test func damagedAndPartialFilesAreReportedNeverCountedAndNeverRemoved() throws {
        let fixture = try BackupDirectoryFixture()
        _ = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 3)
        let damaged = "domaindig-20260101T030005Z.ddbackup" // the newest name, but not a backup
        try fixture.write(Data("garbage".utf8), named: damaged)
        let partial = ".domaindig-20260101T040005Z.ddbackup.tmp-00000000deadbeef"
        try fixture.write(Data("half".utf8), named: partial)

        let pruner = BackupPruner(policy: RetentionPolicy(keepHourly: 1))
        let decisions = pruner.plan(try fixture.directory.scan())
        let byName = Dictionary(uniqueKeysWithValues: decisions.map { ($0.entry.name, $0) })
        // The hourly rule's one keep goes to the newest good backup, not to the damaged file.
        #expect(byName["domaindig-20260101T020005Z.ddbackup"]?.reasons == ["hourly"])
        #expect(byName["domaindig-20260101T020005Z.ddbackup"]?.keep == true)
        #expect(byName["domaindig-20260101T010005Z.ddbackup"]?.keep == false)
        #expect(byName["domaindig-20260101T000005Z.ddbackup"]?.keep == false)
        #expect(byName[damaged]?.keep == true)
        #expect(byName[damaged]?.reasons == ["damaged, not counted"])
        #expect(byName[partial]?.keep == true)
        #expect(byName[partial]?.reasons == ["partial file, not a backup"])

        _ = try pruner.execute(decisions, in: fixture.directory)
        #expect(try fixture.names() == [partial, damaged, "domaindig-20260101T020005Z.ddbackup"].sorted())
    }

    @Test func theNewestGoodBackupStaysWhenEveryNewerFileIsDamaged() throws {
        let fixture = try BackupDirectoryFixture()
        _ = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 2)
        for hour in 2...4 {
            try fixture.write(Data("broken \(hour)".utf8), named: "domaindig-20260101T0\(hour)0005Z.ddbackup")
        }
        for policy in [RetentionPolicy(keepLast: 1), RetentionPolicy(keepHourly: 1), RetentionPolicy(keepMonthly: 1)] {
            let decisions = BackupPruner(policy: policy).plan(try fixture.directory.scan())
            let kept = decisions.filter { $0.keep && $0.entry.isGood }.map(\.entry.name)
            #expect(kept == ["domaindig-20260101T010005Z.ddbackup"], "\(policy)")
        }
    }

    @Test func ofTwoBackupsInTheSameSecondTheLaterNumberStays() throws {
        let fixture = try BackupDirectoryFixture()
        try fixture.add(named: "domaindig-20260101T000005Z-2.ddbackup")
        try fixture.add(named: "domaindig-20260101T000005Z-10.ddbackup")
        try fixture.add(named: "domaindig-20260101T000005Z.ddbackup")
        let decisions = BackupPruner(policy: RetentionPolicy(keepHourly: 5)).plan(try fixture.directory.scan())
        #expect(decisions.filter(\.keep).map(\.entry.name) == ["domaindig-20260101T000005Z-10.ddbackup"])
    }

    @Test func aPolicyWithoutRulesPrunesNothing() throws {
        let fixture = try BackupDirectoryFixture()
        _ = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 3)
        let pruner = BackupPruner(policy: RetentionPolicy())
        let decisions = pruner.plan(try fixture.directory.scan())
        #expect(decisions.allSatisfy { $0.keep })
        #expect(try pruner.execute(decisions, in: fixture.directory).isEmpty)
        #expect(try fixture.names().count == 3)
    }

    @Test func anEmptyDirectoryHasNothingToDecide() throws {
        let fixture = try BackupDirectoryFixture()
        let pruner = BackupPruner(policy: RetentionPolicy(keepDaily: 7))
        #expect(pruner.plan(try fixture.directory.scan()).isEmpty)
        #expect(try pruner.execute([], in: fixture.directory).isEmpty)
    }
}
