import BackupFormat
import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// The pipelines' byte progress, which the command line draws on a terminal: from zero to
/// the whole, never backwards, out of a total known from the start.
@Suite struct ByteProgressTests {
    private static let now = Date(timeIntervalSince1970: 1_767_312_000)

    /// Checks reports out of `total`: the same total throughout, never going back, within it.
    private func expectSteady(
        _ reports: [ByteProgress], total: Int64, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!reports.isEmpty, sourceLocation: sourceLocation)
        #expect(reports.allSatisfy { $0.total == total }, "\(reports)", sourceLocation: sourceLocation)
        #expect(
            zip(reports, reports.dropFirst()).allSatisfy { $0.completed <= $1.completed }, "\(reports)",
            sourceLocation: sourceLocation)
        #expect(reports.allSatisfy { (0...total).contains($0.completed) }, sourceLocation: sourceLocation)
    }

    /// The bytes an export weighs its sections by, read independently: each section's store
    /// keys' data and string values.
    private func storeBytes(_ store: any StoreReading) throws -> Int64 {
        var total: Int64 = 0
        for key in BackupSection.allCases.flatMap(\.entry.storeKeys) {
            switch try store.value(forKey: key) {
            case .data(let data)?: total += Int64(data.count)
            case .string(let text)?: total += Int64(text.utf8.count)
            default: break
            }
        }
        return total
    }

    @Test(arguments: StoreUnderTest.allCases)
    func exportCountsTheStoresBytesFromNoneToAll(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try kind.sampledStore(in: folder)
        let reports = Recorder<ByteProgress>()
        var exporter = BackupExporter(clock: StoreClock(fixedAt: Self.now))
        exporter.byteProgress = reports.append
        let summary = try exporter.export(from: store, to: .file(folder.file("b.ddbackup")), storeSchemaVersion: 3)
        let total = try storeBytes(store)
        #expect(total > 0)
        expectSteady(reports.values, total: total)
        #expect(reports.values.first?.completed == 0)
        #expect(reports.values.last?.completed == total)
        // Every section read and written: two reports each, after the first.
        #expect(reports.values.count == 1 + 2 * BackupSection.allCases.count)
        #expect(Set(summary.sectionTimes.keys) == Set(BackupSection.allCases))
        #expect(summary.sectionTimes.values.allSatisfy { $0.encoding >= 0 && $0.writing >= 0 })
    }

    @Test func importCountsTheFileReadUpToItsSize() throws {
        let folder = try TemporaryDirectory()
        let backup = folder.file("b.ddbackup")
        _ = try BackupExporter(clock: StoreClock(fixedAt: Self.now))
            .export(from: try StoreUnderTest.memory.sampledStore(in: folder), to: .file(backup), storeSchemaVersion: 3)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: backup.path)[.size] as? Int64)
        let reports = Recorder<ByteProgress>()
        var importer = BackupImporter(makesSafetySnapshot: false)
        importer.inputProgress = reports.append
        let locked = try LockedStore.open(explicitPath: folder.file("store.sqlite").path, mode: .createIfMissing)
        defer { locked.release() }
        _ = try importer.run(backup: backup.path, into: locked)
        expectSteady(reports.values, total: size)
        #expect(try #require(reports.values.last).completed > size / 2)
    }

    /// An archive is validated whole before anything is written, then copied; a single
    /// document is read once (`LegacyBackupReadOnceTests`).
    @Test(arguments: ["Backups/v3.ddbackup", "Backups/v4.ddbackup"])
    func upgradeReadsAnArchiveTwice(fixture: String) throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.url(fixture)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int64)
        let reports = Recorder<ByteProgress>()
        var upgrade = BackupUpgrade()
        upgrade.progress = reports.append
        _ = try upgrade.run(input: input.path, output: folder.file("upgraded.ddbackup"))
        expectSteady(reports.values, total: 2 * size)
        // The copy is the second reading: it counts after the whole first one.
        #expect(try #require(reports.values.last).completed > size)
    }

    @Test func scheduledBackupReportsTheExportThenTheReadBack() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreUnderTest.sqlite.sampledStore(in: folder)
        let total = try storeBytes(store)
        try StoreUnderTest.sqlite.close(store)
        let exported = Recorder<ByteProgress>()
        let verified = Recorder<ByteProgress>()
        var run = ScheduledBackup(
            folder: BackupDirectory(url: folder.file("backups")), policy: RetentionPolicy(),
            clock: StoreClock(fixedAt: Self.now))
        run.exportProgress = exported.append
        run.verificationProgress = verified.append
        let summary = try run.run(storePath: StoreUnderTest.sqlite.url(in: folder).path)
        expectSteady(exported.values, total: total)
        #expect(exported.values.last?.completed == total)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: summary.file.path)[.size] as? Int64)
        expectSteady(verified.values, total: size)
    }

    @Test func verifyingADirectoryCountsEveryBackupOneAfterAnother() throws {
        let fixture = try BackupDirectoryFixture()
        for time in ["2026-01-18T23:00:05Z", "2026-01-19T23:00:05Z", "2026-01-20T23:00:05Z"] {
            try fixture.add(at: BackupDirectoryFixture.date(time))
        }
        try fixture.write(Data("not a backup".utf8), named: "domaindig-20260121T230005Z.ddbackup")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: fixture.template.path)[.size] as? Int64)
        let reports = Recorder<ByteProgress>()
        let entries = try fixture.directory.scan(verify: true, progress: reports.append)
        #expect(entries.filter(\.isGood).count == 3)
        // The damaged file is part of the total; it fails before any section is read.
        expectSteady(reports.values, total: 3 * size + 12)
        #expect(try #require(reports.values.last).completed > 2 * size)
        // A quick scan reads manifests only and reports nothing.
        let quick = Recorder<ByteProgress>()
        _ = try fixture.directory.scan(verify: false, progress: quick.append)
        #expect(quick.values.isEmpty)
    }
}
