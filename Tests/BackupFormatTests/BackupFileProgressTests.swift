import BackupFormat
import Foundation
import TestSupport
import Testing

/// `BackupFile.readProgress`: how much of the file has been read, for progress displays.
@Suite struct BackupFileProgressTests {
    /// Checks a reading's reports: out of the file's size, never going back, within it.
    private func expectSteadyProgress(_ reports: [ByteProgress], of size: Int64) {
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.total == size })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        #expect(reports.allSatisfy { $0.completed >= 0 && $0.completed <= size })
    }

    @Test(arguments: [ArchiveCompression.Algorithm.zstd, .gzip, .uncompressed])
    func anArchiveReportsItsCompressedBytesAsItsSectionsAreRead(algorithm: ArchiveCompression.Algorithm) throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("b.ddbackup")
        try writeBackup(SampleBackup.make(), to: .file(url), compression: try ArchiveCompression(algorithm))
        let file = try BackupFile(path: url.path)
        let reports = Recorder<ByteProgress>()
        file.readProgress = reports.append
        let reader = try file.openArchive()
        var sections = 0
        while try reader.nextSection() != nil { sections += 1 }
        #expect(sections == BackupSection.allCases.count)
        expectSteadyProgress(reports.values, of: file.size)
        // Reported as libarchive takes the bytes in, the last at the end: the whole file.
        #expect(reports.values.last?.completed == file.size)
    }

    @Test func withoutAHandlerNothingIsMeasured() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("b.ddbackup")
        try writeBackup(SampleBackup.make(), to: .file(url))
        let reader = try BackupFile(path: url.path).openArchive()
        #expect(reader.readObserver == nil)
    }

    @Test(arguments: ["Backups/v1.json", "Backups/v2.json.gz"])
    func aSingleDocumentReportsOnceWhenItHasBeenRead(fixture: String) throws {
        let file = try BackupFile(path: Fixtures.url(fixture).path)
        let reports = Recorder<ByteProgress>()
        file.readProgress = reports.append
        _ = try file.readLegacyDocument()
        #expect(reports.values == [ByteProgress(completed: file.size, total: file.size)])
    }

    @Test func fractionStaysWithinZeroAndOne() {
        #expect(ByteProgress(completed: 50, total: 200).fraction == 0.25)
        #expect(ByteProgress(completed: 300, total: 200).fraction == 1)
        #expect(ByteProgress(completed: 0, total: 0).fraction == 1)
        #expect(ByteProgress(completed: -1, total: 10).fraction == 0)
    }
}
