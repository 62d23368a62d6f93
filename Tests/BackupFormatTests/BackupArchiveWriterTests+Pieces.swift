import Cryptography
import DomainModel
import Foundation
import TestSupport
import Testing

@testable import BackupFormat

/// `BackupArchiveWriter.addSection(_:bytes:records:)`: a section given in chunks is written,
/// listed and checksummed as the joined bytes would be; a large one is hashed on a thread of
/// its own while it is compressed.
extension BackupArchiveWriterTests {
    @Test(
        arguments: [ArchiveCompression.uncompressed, .zstd],
        [0, 1_000, BackupArchiveWriter.concurrentHashThreshold + 4_321])
    func aSectionInPiecesIsWrittenAsTheJoinedBytes(compression: ArchiveCompression, count: Int) throws {
        let url = directory.file("pieces-\(count).ddbackup")
        let given = RandomPieces.make(count: count, seed: UInt64(count) + 3)
        let joined = Array(given.joined())
        let writer = try BackupArchiveWriter(
            destination: .file(url), compression: compression, modificationTime: Date())
        try writer.addSection(.lookupHistory, bytes: ByteChunks(chunks: given), records: 7)
        let summary = try writer.finish(createdAt: SampleBackup.createdAt, storeSchemaVersion: 3)
        #expect(
            summary.manifest.sections == [
                ManifestSection(
                    name: "lookupHistory", path: BackupSection.lookupHistory.entryPath, records: 7, bytes: Int64(count),
                    sha256: (try SHA256Hasher.digest(of: joined)).hexString)
            ])
        let payloads = try OpenedBackup(url).readAll()
        #expect(payloads.map(\.verification) == [.verified])
        #expect(payloads.first?.bytes == joined)
    }

    @Test func sectionsInPiecesAndWholeFollowOneAnother() throws {
        let url = directory.file("mixed.ddbackup")
        let large = RandomPieces.make(count: BackupArchiveWriter.concurrentHashThreshold + 99, seed: 8)
        let writer = try BackupArchiveWriter(destination: .file(url), modificationTime: Date())
        try writer.addSection(.trackedDomains, bytes: ByteChunks(Array("[]".utf8)), records: 0)
        try writer.addSection(.lookupHistory, bytes: ByteChunks(chunks: large), records: 1)
        try writer.addSection(.domainAudits, bytes: ByteChunks(Array("[]".utf8)), records: 0)
        _ = try writer.finish(createdAt: SampleBackup.createdAt, storeSchemaVersion: 3)
        let payloads = try OpenedBackup(url).readAll()
        #expect(payloads.map(\.verification) == [.verified, .verified, .verified])
        #expect(payloads.map(\.path) == [BackupSection.trackedDomains, .lookupHistory, .domainAudits].map(\.entryPath))
        #expect(payloads[1].bytes == Array(large.joined()))
    }
}
