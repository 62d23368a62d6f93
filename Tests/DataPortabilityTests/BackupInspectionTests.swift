import Cryptography
import DataPortability
import DataStore
import DurableIO
import Foundation
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct BackupInspectionTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func exportSample(to url: URL, compression: ArchiveCompression = .zstd) throws -> BackupExporter.Summary {
        let store = try StoreUnderTest.memory.sampledStore(in: folder)
        let clock = StoreClock(fixedAt: Date(timeIntervalSince1970: 1_767_312_000))
        return try BackupExporter(compression: compression, clock: clock).export(
            from: store, to: .file(url), storeSchemaVersion: 3)
    }

    /// Writes a backup entry by entry, so its manifest may disagree with its contents.
    private func craftBackup(
        _ url: URL, listing: [(path: String, bytes: [UInt8], declaredSize: Int64?)],
        entries: [(path: String, bytes: [UInt8])]
    ) throws {
        let manifest = BackupManifest(
            createdAt: Date(timeIntervalSince1970: 1_767_225_600), storeSchemaVersion: 3, compression: "gzip",
            sections: try listing.map { item in
                ManifestSection(
                    name: item.path, path: item.path, records: 0, bytes: item.declaredSize ?? Int64(item.bytes.count),
                    sha256: (try SHA256Hasher.digest(of: item.bytes)).hexString)
            })
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let writer = try TarArchiveWriter(
            descriptor: DescriptorIO(borrowing: descriptor, name: url.path), compression: .gzip)
        for (path, bytes) in [(BackupManifest.entryPath, manifest.encoded())] + entries.map({ ($0.path, $0.bytes) }) {
            try writer.beginEntry(path: path, size: Int64(bytes.count), modificationTime: manifest.createdAt)
            try writer.write(bytes)
        }
        try writer.finish()
    }

    @Test func reportsAnIntactExportAsVerified() throws {
        let url = folder.file("backup.ddbackup")
        let summary = try exportSample(to: url)
        let inspection = try BackupInspection(path: url.path)
        #expect(inspection.isIntact)
        #expect(inspection.file == url.path)
        #expect(inspection.fileSize == summary.compressedBytes)
        #expect(inspection.compression == "zstd")
        #expect(inspection.manifest == summary.manifest)
        // The sample's unknown store key and unreadable records are carried, ahead of the sections.
        #expect(
            inspection.entries.map(\.path)
                == CarriedEntry.allCases.map(\.entryPath) + BackupSection.allCases.map(\.entryPath))
        #expect(inspection.entries.allSatisfy { $0.status == "verified" && $0.listing != nil })
    }

    @Test func detectsACorruptedSection() throws {
        let url = folder.file("backup.tar")
        _ = try exportSample(to: url, compression: .uncompressed)
        // The sample's preferences are in the app settings section; change one letter of them.
        var bytes = [UInt8](try Data(contentsOf: url))
        let needle = Array("dns.quad9.net".utf8)
        let range = try #require(bytes.firstRange(of: needle))
        bytes.replaceSubrange(range, with: Array("dns.quad8.net".utf8))
        try Data(bytes).write(to: url)

        let inspection = try BackupInspection(path: url.path)
        #expect(!inspection.isIntact)
        #expect(inspection.compression == "none")
        let damaged = inspection.entries.filter { $0.status != "verified" }
        #expect(damaged.map(\.path) == [BackupSection.appSettings.entryPath])
        #expect(damaged.first?.status == "checksum mismatch")
        guard case .checksumMismatch(let expected, _)? = damaged.first?.verification else {
            Issue.record("expected a checksum mismatch")
            return
        }
        #expect(expected == inspection.manifest.section(atPath: BackupSection.appSettings.entryPath)?.sha256)
    }

    @Test func reportsMissingUnlistedAndMisSizedEntries() throws {
        let url = folder.file("odd.tar.gz")
        let domains = (path: "sections/trackedDomains.json", bytes: Array("[]".utf8))
        let logs = (path: "sections/monitoringLogs.json", bytes: Array("[]".utf8))
        let audits = (path: "sections/domainAudits.json", bytes: Array("[]".utf8))
        try craftBackup(
            url,
            listing: [
                (domains.path, domains.bytes, 3), (logs.path, logs.bytes, nil), (audits.path, audits.bytes, nil),
            ],
            entries: [domains, logs, (path: "sections/extra.json", bytes: Array("{}".utf8))])
        let inspection = try BackupInspection(path: url.path)
        #expect(!inspection.isIntact)
        #expect(inspection.compression == "gzip")
        #expect(inspection.entries.map(\.path) == [domains.path, logs.path, "sections/extra.json", audits.path])
        #expect(inspection.entries.map(\.status) == ["size mismatch", "verified", "not in manifest", "missing"])
        #expect(inspection.entries[0].verification == .sizeMismatch(expected: 3, actual: 2))
        #expect(inspection.entries[2].listing == nil)
        #expect(inspection.entries[3].verification == nil && inspection.entries[3].listing?.path == audits.path)
    }

    @Test func readsASingleDocumentBackupThroughItsUpgrade() throws {
        let url = folder.file("v1.json")
        try Data(
            #"{"version":1,"exportedAt":1650000000,"app":"DomainDig 1.4","domains":[{"name":"example.com","added":1640000000}]}"#
                .utf8
        )
        .write(to: url)
        let inspection = try BackupInspection(path: url.path)
        #expect(inspection.manifest.schemaVersion == 1)
        #expect(inspection.manifest.producer.name == "DomainDig 1.4")
        #expect(inspection.isIntact)
        #expect(inspection.entries.allSatisfy { $0.fromSingleDocument && $0.status == "no checksum (single document)" })
        #expect(inspection.entries.first { $0.path == "sections/trackedDomains.json" }?.listing?.records == 1)
    }

    @Test func refusesADocumentWithoutAVersion() throws {
        let url = folder.file("other.json")
        try Data(#"{"trackedDomains":[]}"#.utf8).write(to: url)
        #expect(throws: BackupFormatError.self) {
            _ = try BackupInspection(path: url.path)
        }
    }

    @Test func aMissingFileIsNotFound() throws {
        let path = folder.file("absent.ddbackup").path
        #expect {
            _ = try BackupInspection(path: path)
        } throws: { error in
            guard case FileIOError.notFound = error else { return false }
            return true
        }
    }
}
