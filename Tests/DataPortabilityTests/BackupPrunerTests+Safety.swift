import DataPortability
import Foundation
import TestSupport
import Testing

/// Retention that cannot eat its own backups (issue 15.8).
extension BackupPrunerTests {
    @Test func theBackupTheRunJustWroteStaysWhateverTheRulesSay() throws {
        let fixture = try BackupDirectoryFixture()
        // A copy from elsewhere sorts after the new backup (the same second, a higher number).
        let new = try fixture.add(named: "domaindig-20260101T000005Z.ddbackup")
        try fixture.add(named: "domaindig-20260101T000005Z-2.ddbackup")
        let decisions = BackupPruner(policy: RetentionPolicy(keepLast: 1)).plan(
            try fixture.directory.scan(), protecting: new)
        #expect(decisions.map(\.keep) == [true, true])
        #expect(decisions.map(\.reasons) == [["new"], ["last"]])
    }

    @Test func filesNamedAfterNowAreNotCountedAndNeverRemoved() throws {
        let fixture = try BackupDirectoryFixture()
        try fixture.add(named: "domaindig-20260101T000005Z.ddbackup")
        try fixture.add(named: "domaindig-20990101T000000Z.ddbackup")
        let entries = try fixture.directory.scan(now: BackupDirectoryFixture.date("2026-01-02T00:00:00Z"))
        #expect(entries.map(\.health) == [.good, .future])
        #expect(entries[1].manifest == nil, "a future file is not even read")
        let decisions = BackupPruner(policy: RetentionPolicy(keepLast: 1)).plan(entries)
        #expect(decisions.map(\.keep) == [true, true])
        #expect(decisions.map(\.reasons) == [["last"], ["dated after now, not counted"]])
        #expect(
            entries[1].warning?.hasPrefix("domaindig-20990101T000000Z.ddbackup is dated 2099-01-01T00:00:00Z") == true)
    }

    /// The newest backup kept is verified in full before anything is deleted; one whose
    /// section was damaged after it was written is set aside, and the next one kept instead.
    @Test func pruneVerifiesTheNewestKeptBackupBeforeDeleting() throws {
        let fixture = try BackupDirectoryFixture(compression: .uncompressed)
        let times = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 4)
        let newest = fixture.directory.url.appendingPathComponent(BackupExporter.defaultFileName(at: times[3]))
        try fixture.alterSectionBytes(of: newest)
        let pruner = BackupPruner(policy: RetentionPolicy(keepLast: 1))
        #expect(pruner.plan(try fixture.directory.scan()).last?.keep == true, "the quick check passes it")

        let dryRun = try pruner.prune(fixture.directory, now: times[3], dryRun: true)
        #expect(dryRun.removed.isEmpty)
        #expect(try fixture.names().count == 4)
        let (decisions, removed) = try pruner.prune(fixture.directory, now: times[3])
        #expect(decisions.map(\.keep) == [false, false, true, true])
        #expect(decisions[2].reasons == ["last"])
        #expect(decisions[3].entry.health.isDamaged)
        #expect(removed.map(\.name) == times[0...1].map(BackupExporter.defaultFileName(at:)))
        #expect(try fixture.names() == times[2...3].map(BackupExporter.defaultFileName(at:)))
    }

    @Test func nothingIsVerifiedWhenNothingIsDeletedOrTheNewestIsTheRunsOwn() throws {
        let fixture = try BackupDirectoryFixture(compression: .uncompressed)
        let times = try hourly(fixture, from: "2026-01-01T00:00:05Z", count: 2)
        let newest = fixture.directory.url.appendingPathComponent(BackupExporter.defaultFileName(at: times[1]))
        try fixture.alterSectionBytes(of: newest)
        // The run's own backup was read back in full already: it counts as verified.
        let (decisions, _) = try BackupPruner(policy: RetentionPolicy(keepLast: 1)).prune(
            fixture.directory, now: times[1], protecting: newest, dryRun: true)
        #expect(decisions.map(\.keep) == [false, true])
        let kept = try BackupPruner(policy: RetentionPolicy(keepLast: 2)).prune(fixture.directory, now: times[1])
        #expect(kept.decisions.allSatisfy(\.keep) && kept.decisions.allSatisfy(\.entry.isGood))
    }
}
