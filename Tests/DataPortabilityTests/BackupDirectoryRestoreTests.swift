import BackupFormat
import Concurrency
import DataPortability
import Foundation
import TestSupport
import Testing

/// `BackupDirectory.newestVerified`: the backup `restore --dir` takes, and the ones it skips.
@Suite struct BackupDirectoryRestoreTests {
    static let now = BackupDirectoryFixture.date("2026-01-19T12:00:00Z")
    static let times = ["2026-01-18T21:00:00Z", "2026-01-18T22:00:00Z", "2026-01-18T23:00:00Z"].map(
        BackupDirectoryFixture.date)

    private func fixture() throws -> (BackupDirectoryFixture, [URL]) {
        let fixture = try BackupDirectoryFixture(compression: .uncompressed)
        let urls = try Self.times.map { try fixture.add(at: $0) }
        return (fixture, urls)
    }

    @Test func theNewestBackupIsTakenWhenItVerifies() throws {
        let (fixture, urls) = try fixture()
        let choice = try fixture.directory.newestVerified(now: Self.now)
        #expect(choice.chosen?.url == urls[2])
        #expect(choice.chosen?.manifest != nil)
        #expect(choice.skipped.isEmpty)
        #expect(choice.backups.map(\.url) == urls)
    }

    @Test func aNewestBackupWhoseSectionWasAlteredIsSkippedForTheNextOne() throws {
        let (fixture, urls) = try fixture()
        // The manifest still reads, so only the full check finds it.
        try fixture.alterSectionBytes(of: urls[2])
        let choice = try fixture.directory.newestVerified(now: Self.now)
        #expect(choice.chosen?.url == urls[1])
        #expect(choice.skipped.map(\.url) == [urls[2]])
        #expect(choice.skipped.first?.health.isDamaged == true)
    }

    @Test func unreadableEmptyAndFutureFilesAreSkippedNewestFirst() throws {
        let (fixture, urls) = try fixture()
        let empty = try fixture.write(Data(), named: BackupExporter.defaultFileName(at: Self.times[2] + 1800))
        // A folder under a backup's name cannot be read as one, by root either.
        let unreadable = fixture.directory.url.appendingPathComponent(
            BackupExporter.defaultFileName(at: Self.times[2] + 2700))
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: false)
        let future = try fixture.add(at: Self.now + 3600)
        let choice = try fixture.directory.newestVerified(now: Self.now)
        #expect(choice.chosen?.url == urls[2])
        #expect(choice.skipped.map(\.url.lastPathComponent) == [future, unreadable, empty].map(\.lastPathComponent))
        #expect(choice.skipped.map(\.health.name) == ["future", "damaged", "damaged"])
    }

    @Test func beforeTakesOnlyBackupsFromStrictlyEarlier() throws {
        let (fixture, urls) = try fixture()
        let atSecond = try fixture.directory.newestVerified(before: Self.times[1], now: Self.now)
        #expect(atSecond.chosen?.url == urls[0], "a backup made at the time given is not before it")
        #expect(atSecond.skipped.isEmpty, "later backups are not even looked at")
        let justAfter = try fixture.directory.newestVerified(before: Self.times[1] + 1, now: Self.now)
        #expect(justAfter.chosen?.url == urls[1])
        let tooEarly = try fixture.directory.newestVerified(before: Self.times[0], now: Self.now)
        #expect(tooEarly.chosen == nil && tooEarly.skipped.isEmpty && tooEarly.backups.count == 3)
    }

    @Test func olderBackupsAreReadOnlyWhenTheNewerFailed() throws {
        let (fixture, urls) = try fixture()
        try fixture.alterSectionBytes(of: urls[2])
        let totals = Locked<Set<Int64>>([])
        _ = try fixture.directory.newestVerified(now: Self.now) { progress in
            totals.withLock { _ = $0.insert(progress.total) }
        }
        // The two newest were read in full (each reports its own size); the oldest never.
        let sizes = try urls.map { Int64(try Data(contentsOf: $0).count) }
        #expect(totals.withLock { $0 }.isSubset(of: Set(sizes[1...])))
        #expect(!totals.withLock { $0 }.isEmpty)
    }

    @Test func aDirectoryWithNoGoodBackupChoosesNothingAndNamesWhatItSkipped() throws {
        let (fixture, urls) = try fixture()
        for url in urls { try fixture.alterSectionBytes(of: url) }
        let choice = try fixture.directory.newestVerified(now: Self.now)
        #expect(choice.chosen == nil)
        #expect(choice.skipped.map(\.url) == urls.reversed())
    }

    @Test func aMissingDirectoryIsNotFound() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: BackupDirectoryError.notFound(path: folder.file("nothing").path)) {
            try BackupDirectory(url: folder.file("nothing")).newestVerified(now: Self.now)
        }
    }
}
