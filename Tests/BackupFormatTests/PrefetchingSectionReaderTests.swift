import Cryptography
import DomainModel
import Foundation
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct PrefetchingSectionReaderTests {
    /// A library caller that stops reading early (an error in its own code, or it only wanted
    /// the first sections) and drops the reader without calling `stop()`: `deinit` promises to
    /// stop the read-ahead, so the reader, the archive and its file must all be let go by the
    /// time it returns.
    @Test func droppingTheReaderEarlyLetsGoOfTheArchiveAndItsFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("backup.ddbackup")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url), compression: try ArchiveCompression(.zstd))
        try #require(summary.manifest.sections.count >= 4, "the read-ahead must have more to read than it may queue")
        weak var weakSections: PrefetchingSectionReader?
        weak var weakArchive: BackupArchiveReader?
        do {
            let archive = try BackupFile(path: url.path).openArchive()
            let sections = PrefetchingSectionReader(archive)
            weakArchive = archive
            weakSections = sections
            #expect(try sections.next() != nil)
        }
        // No waiting: `deinit` returns only once the read-ahead has let go of the archive,
        // however late the background thread itself gets to exit on a busy machine.
        #expect(weakSections == nil, "the read-ahead thread still holds the reader")
        #expect(weakArchive == nil, "the archive (and the file it keeps open) is still held")
        #expect(openDescriptors(to: url).isEmpty, "the backup file is still open")
    }

    /// `stop()` lets go of the archive, but not of what the archive told: a listed section it
    /// lacked is still reported afterwards.
    @Test func missingSectionsStillAnswerAfterStop() throws {
        let directory = try TemporaryDirectory()
        let domains = (path: BackupSection.trackedDomains.entryPath, bytes: Array(#"[{"domain":"example.com"}]"#.utf8))
        let logs = (path: BackupSection.monitoringLogs.entryPath, bytes: Array("[]".utf8))
        let manifest = BackupManifest(
            schemaVersion: DomainDigBackup.currentSchemaVersion, createdAt: SampleBackup.createdAt,
            storeSchemaVersion: 3,
            compression: "none",
            sections: try [domains, logs].map { section in
                ManifestSection(
                    name: section.path, path: section.path, records: 1, bytes: Int64(section.bytes.count),
                    sha256: (try SHA256Hasher.digest(of: section.bytes)).hexString)
            })
        let url = directory.file("short.tar")
        try writeArchive([(BackupManifest.entryPath, manifest.encoded()), (domains.path, domains.bytes)], to: url)

        let sections = PrefetchingSectionReader(try BackupFile(path: url.path).openArchive())
        while try sections.next() != nil {}
        #expect(sections.missingSections == [manifest.sections[1]])
        sections.stop()
        #expect(sections.missingSections == [manifest.sections[1]])
        #expect(openDescriptors(to: url).isEmpty, "stop() closed the archive's file")
    }

    /// Descriptors of this process open on `url`.
    private func openDescriptors(to url: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)")) == url.path
        }
    }
}
