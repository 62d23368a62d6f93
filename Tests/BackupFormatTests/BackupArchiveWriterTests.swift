import Cryptography
import DomainModel
import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct BackupArchiveWriterTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Reads every section of an opened backup and checks it against `backup`: verified, the
    /// exact bytes `encodedSection` gives, the manifest's counts, and records equal to the originals.
    private func expectRoundTrip(
        _ reader: BackupArchiveReader, payloads: [SectionPayload], of backup: InMemoryBackup,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(payloads.map(\.path) == BackupSection.allCases.map(\.entryPath), sourceLocation: sourceLocation)
        var sections: [BackupSection: [UInt8]] = [:]
        for payload in payloads {
            let section = try #require(payload.section, sourceLocation: sourceLocation)
            let encoded = backup.encodedSection(section)
            #expect(payload.verification == .verified, "\(section)", sourceLocation: sourceLocation)
            let isEncoded = encoded.bytes.elementsEqual(payload.bytes ?? [])
            #expect(isEncoded, "\(section)", sourceLocation: sourceLocation)
            #expect(payload.listing?.records == encoded.records, "\(section)", sourceLocation: sourceLocation)
            #expect(payload.listing?.name == section.rawValue, sourceLocation: sourceLocation)
            sections[section] = payload.bytes
        }
        #expect(reader.missingSections.isEmpty, sourceLocation: sourceLocation)
        #expect(reader.isFinished, sourceLocation: sourceLocation)
        let manifest = reader.manifest
        #expect(manifest.createdAt == backup.createdAt, sourceLocation: sourceLocation)
        #expect(manifest.storeSchemaVersion == backup.storeSchemaVersion, sourceLocation: sourceLocation)
        #expect(manifest.producer == .current, sourceLocation: sourceLocation)
        let decoded = try SampleBackup.decode(
            sections, createdAt: manifest.createdAt, storeSchemaVersion: manifest.storeSchemaVersion)
        #expect(decoded == backup, sourceLocation: sourceLocation)
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func everySectionRoundTripsThroughAFile(algorithm: ArchiveCompression.Algorithm) throws {
        let backup = SampleBackup.make()
        let url = directory.file("backup.\(algorithm.fileExtension)")
        let summary = try writeBackup(backup, to: .file(url), compression: try ArchiveCompression(algorithm))

        let opened = try OpenedBackup(url)
        #expect(opened.reader.compression == algorithm)
        #expect(opened.reader.manifest == summary.manifest)
        #expect(opened.reader.manifest.compression == algorithm.rawValue)
        try expectRoundTrip(opened.reader, payloads: try opened.readAll(), of: backup)

        let sectionBytes = BackupSection.allCases.reduce(Int64(0)) { $0 + Int64(backup.encodedSection($1).bytes.count) }
        #expect(summary.uncompressedBytes == sectionBytes)
        #expect(summary.compressedBytes == Int64(try Data(contentsOf: url).count))
        #expect(try BackupFile(path: url.path).encoding == .tar(algorithm))
    }

    @Test func writesTheFileWithMode0600AndNoTemporaryFilesBeside() throws {
        let url = directory.file("backup.tar.zst")
        try writeBackup(SampleBackup.make(), to: .file(url))
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["backup.tar.zst"])
    }

    @Test func theManifestIsTheFirstEntryAndListsEverySection() throws {
        let url = directory.file("backup.tar")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url), compression: .uncompressed)
        let entries = try readArchive(url)
        #expect(entries.map(\.entry.path) == [BackupManifest.entryPath] + BackupSection.allCases.map(\.entryPath))
        #expect(entries.first?.data == summary.manifest.encoded())
        for (listing, entry) in zip(summary.manifest.sections, entries.dropFirst()) {
            #expect(listing.bytes == Int64(entry.data.count))
            #expect(listing.sha256 == (try SHA256Hasher.digest(of: entry.data)).hexString)
        }
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func everySectionRoundTripsThroughAPipe(algorithm: ArchiveCompression.Algorithm) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let backup = SampleBackup.make()
        let compression = try ArchiveCompression(algorithm)

        // The writer fills the pipe while this thread reads it, as `export -o - | import -` would.
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<BackupArchiveWriter.Summary, any Error>?
        DispatchQueue.global().async {
            outcome = Result {
                try writeBackup(
                    backup, to: .descriptor(DescriptorIO(borrowing: writeEnd, name: "pipe")), compression: compression)
            }
            close(writeEnd)
            finished.signal()
        }
        let reader: BackupArchiveReader
        var payloads: [SectionPayload] = []
        let compressedBytesRead = Recorder<Int64>()
        do {
            reader = try BackupArchiveReader(descriptor: DescriptorIO(borrowing: readEnd, name: "pipe"))
            reader.readObserver = compressedBytesRead.append
            while let payload = try reader.nextSection() { payloads.append(payload) }
        } catch {
            finished.wait()
            throw error
        }
        finished.wait()
        let summary = try #require(outcome).get()
        #expect(reader.manifest == summary.manifest)
        #expect(compressedBytesRead.values.last == summary.compressedBytes)
        try expectRoundTrip(reader, payloads: payloads, of: backup)
    }

    @Test func everySectionRoundTripsThroughAnOpenFileDescriptor() throws {
        let url = directory.file("stdout.tar.gz")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let backup = SampleBackup.make()
        let summary: BackupArchiveWriter.Summary
        do {
            defer { close(descriptor) }
            summary = try writeBackup(
                backup, to: .descriptor(DescriptorIO(borrowing: descriptor, name: "standard output")),
                compression: .gzip)
        }
        #expect(summary.compressedBytes == Int64(try Data(contentsOf: url).count))
        let opened = try OpenedBackup(url)
        try expectRoundTrip(opened.reader, payloads: try opened.readAll(), of: backup)
    }

    @Test func anEmptyBackupHasDefaultsAndNulls() throws {
        let backup = InMemoryBackup(createdAt: SampleBackup.createdAt, storeSchemaVersion: 0)
        let url = directory.file("empty.tar.zst")
        let summary = try writeBackup(backup, to: .file(url))
        #expect(summary.manifest.sections.map(\.records) == [0, 0, 0, 0, 1, 0, 1, 0, 0])
        let opened = try OpenedBackup(url)
        let payloads = try opened.readAll()
        #expect(payloads.first { $0.section == .entitlement }?.bytes == Array("null".utf8))
        #expect(payloads.first { $0.section == .trackedDomains }?.bytes == Array("[]".utf8))
        try expectRoundTrip(opened.reader, payloads: payloads, of: backup)
    }

    @Test func aMissingDestinationFolderFailsAndCreatesNothing() throws {
        let url = directory.file("missing/backup.tar.zst")
        #expect(throws: FileIOError.self) {
            try writeBackup(SampleBackup.make(), to: .file(url))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aFailedRenameLeavesNoFileUnderTheFinalNameAndNoTemporaryFile() throws {
        // A folder already holds the final name, so the last step (rename) fails after all data was written.
        let url = directory.file("backup.tar.zst")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("keep"), withIntermediateDirectories: true)
        #expect(throws: FileIOError.self) {
            try writeBackup(SampleBackup.make(), to: .file(url))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["backup.tar.zst"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == ["keep"])
    }

    @Test func entriesUnderAnyPathAreListedAsGiven() throws {
        let url = directory.file("custom.tar")
        let writer = try BackupArchiveWriter(
            destination: .file(url), compression: .uncompressed, modificationTime: Date())
        try writer.addEntry(
            name: "extra", path: "sections/extra.json", bytes: ByteChunks(Array("[1,2]".utf8)), records: 2)
        let summary = try writer.finish(createdAt: SampleBackup.createdAt, storeSchemaVersion: 3)
        #expect(
            summary.manifest.sections == [
                ManifestSection(
                    name: "extra", path: "sections/extra.json", records: 2, bytes: 5,
                    sha256: (try SHA256Hasher.digest(of: Array("[1,2]".utf8))).hexString)
            ])
        let opened = try OpenedBackup(url)
        let payloads = try opened.readAll()
        #expect(payloads.map(\.verification) == [.verified])
        #expect(payloads.first?.section == nil)
        #expect(payloads.first?.bytes == Array("[1,2]".utf8))
    }
}
