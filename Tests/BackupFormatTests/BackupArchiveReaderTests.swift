import Concurrency
import Cryptography
import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct BackupArchiveReaderTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A manifest listing `sections` as they are, each with its true size and checksum unless overridden.
    private func manifest(
        listing sections: [(path: String, bytes: [UInt8])], sizes: [String: Int64] = [:],
        schemaVersion: Int = DomainDigBackup.currentSchemaVersion
    ) throws -> BackupManifest {
        BackupManifest(
            schemaVersion: schemaVersion, createdAt: SampleBackup.createdAt, storeSchemaVersion: 3, compression: "none",
            sections: try sections.map { section in
                ManifestSection(
                    name: section.path, path: section.path, records: 1,
                    bytes: sizes[section.path] ?? Int64(section.bytes.count),
                    sha256: (try SHA256Hasher.digest(of: section.bytes)).hexString)
            })
    }

    /// An archive written entry by entry with ``TarArchiveWriter``, so its manifest may say anything.
    private func craftedBackup(_ name: String, manifest: BackupManifest, entries: [(path: String, bytes: [UInt8])])
        throws -> URL
    {
        let url = directory.file(name)
        try writeArchive(
            [(BackupManifest.entryPath, manifest.encoded())] + entries.map { ($0.path, $0.bytes) }, to: url)
        return url
    }

    private let domains = (
        path: BackupSection.trackedDomains.entryPath, bytes: Array(#"[{"domain":"example.com"}]"#.utf8)
    )
    private let logs = (path: BackupSection.monitoringLogs.entryPath, bytes: Array("[]".utf8))

    @Test func readsTheManifestBeforeAnySection() throws {
        let url = directory.file("backup.tar.zst")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url))
        let opened = try OpenedBackup(url)
        #expect(opened.reader.manifest == summary.manifest)
        #expect(opened.reader.archiveName == "backup.tar.zst")
        #expect(!opened.reader.isFinished)
        // Nothing has been seen yet, so everything listed still counts as missing.
        #expect(opened.reader.missingSections == summary.manifest.sections)
    }

    @Test func verifyOnlyChecksEverySectionWithoutHandingOutBytes() throws {
        let url = directory.file("backup.tar.gz")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url), compression: .gzip)
        let payloads = try OpenedBackup(url).readAll(.verifyOnly)
        #expect(payloads.count == BackupSection.allCases.count)
        #expect(payloads.allSatisfy { $0.verification == .verified && $0.bytes == nil })
        #expect(payloads.map(\.size) == summary.manifest.sections.map(\.bytes))
        #expect(payloads.allSatisfy { $0.failure(archive: "backup.tar.gz") == nil })
    }

    @Test(arguments: [BackupArchiveReader.DataHandling.collect, .verifyOnly])
    func alteredSectionBytesAreAChecksumMismatchWithoutBytes(handling: BackupArchiveReader.DataHandling) throws {
        let backup = SampleBackup.make()
        let url = directory.file("backup.tar")
        let summary = try writeBackup(backup, to: .file(url), compression: .uncompressed)
        // Flip one character inside the tracked domains' JSON, keeping the size.
        try patchFile(url, replacing: Array("Main marketing domain.".utf8), with: Array("Main marketing domaiN.".utf8))

        let payloads = try OpenedBackup(url).readAll(handling)
        let damaged = try #require(payloads.first { $0.section == .trackedDomains })
        let listing = try #require(summary.manifest.section(atPath: damaged.path))
        guard case .checksumMismatch(let expected, let actual) = damaged.verification else {
            Issue.record("expected a checksum mismatch, got \(damaged.verification)")
            return
        }
        #expect(expected == listing.sha256)
        #expect(actual != listing.sha256 && actual.count == 64)
        #expect(damaged.bytes == nil)
        #expect(
            damaged.failure(archive: "backup.tar")
                == .sectionChecksumMismatch(
                    archive: "backup.tar", path: damaged.path, expected: expected, actual: actual))
        // The other sections are unaffected.
        #expect(payloads.filter { $0.section != .trackedDomains }.allSatisfy { $0.verification == .verified })
    }

    /// A section large enough to be hashed on a thread of its own while it is read, when the
    /// pool has two threads (then it also comes with its split, found on another), and on the
    /// reading thread with a pool of one: verified when intact, a checksum mismatch when its
    /// last byte differs from what the manifest hashed.
    @Test(arguments: [ArchiveCompression.uncompressed, .zstd], [1, 2])
    func aLargeSectionIsHashedWhileItIsRead(compression: ArchiveCompression, threads: Int) throws {
        let pool = WorkerPool(width: threads)
        let size = BackupArchiveReader.trailingHashThreshold + 12_345
        var noise = SeededBytes(seed: 21)
        let large = (path: BackupSection.lookupHistory.entryPath, bytes: noise.next(size))
        var damaged = large
        damaged.bytes[size - 1] ^= 0x01
        let listing = try manifest(listing: [domains, large])
        let url = directory.file("large.tar")
        try writeArchive(
            [(BackupManifest.entryPath, listing.encoded()), (domains.path, domains.bytes), (large.path, large.bytes)],
            to: url, compression: compression)
        let opened = try OpenedBackup(url)
        opened.reader.pool = pool
        let payloads = try opened.readAll()
        #expect(payloads.count == 2)
        #expect(payloads[1].verification == .verified)
        #expect(payloads[1].bytes == large.bytes)
        #expect(
            payloads[1].arraySplit == (threads > 1 ? JSONArraySplitter.Split(parts: pool.parts, runs: nil) : nil),
            "worked through beside the reading when the pool has threads for it")
        // The damaged copy under a path the manifest lists with the intact copy's checksum.
        let relisted = try manifest(listing: [(BackupSection.domainAudits.entryPath, large.bytes)])
        let damagedURL = directory.file("damaged.tar")
        try writeArchive(
            [(BackupManifest.entryPath, relisted.encoded()), (BackupSection.domainAudits.entryPath, damaged.bytes)],
            to: damagedURL, compression: compression)
        let openedDamaged = try OpenedBackup(damagedURL)
        openedDamaged.reader.pool = pool
        let read = try openedDamaged.readAll()
        #expect(
            read.map(\.verification) == [
                .checksumMismatch(
                    expected: listing.sections[1].sha256,
                    actual: try SHA256Hasher.digest(of: damaged.bytes).hexString)
            ])
        #expect(read.first?.bytes == nil)
    }

    /// A large array section comes with its runs, found while it was decompressed: exactly
    /// what splitting its bytes gives; a large entry that is not an array comes with none, and
    /// a small one is not looked at.
    @Test(arguments: [ArchiveCompression.uncompressed, .zstd])
    func aLargeArraySectionComesWithItsRuns(compression: ArchiveCompression) throws {
        // Records that differ (noise in hex), so zstd does not take the entry for a bomb.
        var noise = SeededBytes(seed: 3)
        let noiseText = noise.next(BackupArchiveReader.trailingHashThreshold / 2 + 4096)
            .map { String($0, radix: 16) }.joined()
        let records = stride(from: 0, to: noiseText.utf8.count - 64, by: 64).map { start -> String in
            let slice = noiseText.utf8.dropFirst(start).prefix(64)
            return #"{"n":\#(start),"note":"a,b]}[{\"\#(String(decoding: slice, as: UTF8.self))\",\\"}"#
        }
        let array = Array(("[" + records.joined(separator: ",") + "]").utf8)
        try #require(array.count >= BackupArchiveReader.trailingHashThreshold)
        let large = (path: BackupSection.lookupHistory.entryPath, bytes: array)
        let noiseEntry = (path: BackupSection.monitoringLogs.entryPath, bytes: noise.next(array.count))
        let url = directory.file("split.tar")
        try writeArchive(
            [
                (BackupManifest.entryPath, try manifest(listing: [domains, large, noiseEntry]).encoded()),
                (domains.path, domains.bytes), (large.path, large.bytes), (noiseEntry.path, noiseEntry.bytes),
            ],
            to: url, compression: compression)
        let opened = try OpenedBackup(url)
        let pool = WorkerPool(width: 2) // whatever the machine's cores
        opened.reader.pool = pool
        let payloads = try opened.readAll()
        #expect(payloads.map(\.verification) == [.verified, .verified, .verified])
        #expect(payloads[0].arraySplit == nil, "a small section is split when it is used, if at all")
        let runs = try #require(payloads[1].arraySplit?.runs)
        #expect(payloads[1].arraySplit?.parts == pool.parts)
        #expect(runs == JSONArraySplitter.split(array, into: pool.parts))
        #expect(runs.count > 1)
        #expect(payloads[2].arraySplit == JSONArraySplitter.Split(parts: pool.parts, runs: nil))
    }

    /// A large entry cut short: the read fails, and the hashing thread is done with the
    /// buffer before it is freed (were it not, it would read freed memory and crash).
    @Test(arguments: 0..<3)
    func aLargeSectionCutShortIsTruncatedAfterTheHasherStops(round: Int) throws {
        let size = 24 << 20
        let large = (
            path: BackupSection.lookupHistory.entryPath, bytes: [UInt8](repeating: UInt8(ascii: "a"), count: size)
        )
        let url = directory.file("cut-\(round).tar")
        try writeArchive(
            [(BackupManifest.entryPath, try manifest(listing: [large]).encoded()), (large.path, large.bytes)],
            to: url, compression: .uncompressed)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        let error = backupFormatError {
            let opened = try OpenedBackup(url)
            opened.reader.pool = WorkerPool(width: 2) // hashed beside the reading, whatever the machine's cores
            _ = try opened.readAll()
        }
        guard case .truncatedArchive? = error else {
            Issue.record("expected a truncated archive, got \(String(describing: error))")
            return
        }
    }

    @Test func aManifestThatLiesAboutASizeGivesASizeMismatchWithoutBytes() throws {
        let lying = try manifest(listing: [domains, logs], sizes: [domains.path: Int64(domains.bytes.count) + 7])
        let url = try craftedBackup("lying.tar.zst", manifest: lying, entries: [domains, logs])
        let payloads = try OpenedBackup(url).readAll()
        #expect(
            payloads.map(\.verification) == [
                .sizeMismatch(expected: Int64(domains.bytes.count) + 7, actual: Int64(domains.bytes.count)), .verified,
            ])
        #expect(payloads[0].bytes == nil)
        #expect(
            payloads[0].failure(archive: "lying.tar.zst")
                == .sectionSizeMismatch(
                    archive: "lying.tar.zst", path: domains.path, expected: Int64(domains.bytes.count) + 7,
                    actual: Int64(domains.bytes.count)))
        #expect(payloads[1].bytes == logs.bytes)
    }

    @Test func anEntryTheManifestDoesNotListIsUnlisted() throws {
        let extra = (path: "sections/notes.txt", bytes: Array("hello".utf8))
        let url = try craftedBackup(
            "extra.tar.zst", manifest: try manifest(listing: [domains]), entries: [domains, extra])
        let payloads = try OpenedBackup(url).readAll()
        #expect(payloads.map(\.verification) == [.verified, .unlisted])
        #expect(payloads[1].listing == nil)
        #expect(payloads[1].bytes == nil)
        #expect(payloads[1].size == 5)
        #expect(
            payloads[1].failure(archive: "extra.tar.zst") == .unlistedEntry(archive: "extra.tar.zst", path: extra.path))
    }

    @Test func aListedSectionAbsentFromTheArchiveIsMissing() throws {
        let listed = try manifest(listing: [domains, logs])
        let url = try craftedBackup("short.tar.zst", manifest: listed, entries: [domains])
        let opened = try OpenedBackup(url)
        let payloads = try opened.readAll()
        #expect(payloads.map(\.verification) == [.verified])
        #expect(opened.reader.isFinished)
        #expect(opened.reader.missingSections == [listed.sections[1]])
    }

    @Test func aFirstEntryOtherThanTheManifestIsRefused() throws {
        let url = directory.file("wrong-order.tar.zst")
        try writeArchive(
            [(domains.path, domains.bytes), (BackupManifest.entryPath, try manifest(listing: [domains]).encoded())],
            to: url)
        let error = backupFormatError { _ = try OpenedBackup(url) }
        #expect(error == .manifestNotFirst(archive: "wrong-order.tar.zst", firstEntry: domains.path))
    }

    @Test func anEmptyArchiveHasNoManifest() throws {
        let url = directory.file("empty.tar")
        try craftTar([], at: url)
        let error = backupFormatError { _ = try OpenedBackup(url) }
        #expect(error == .manifestNotFirst(archive: "empty.tar", firstEntry: nil))
    }

    @Test func aBackupFromANewerSchemaVersionIsRefusedNamingBothVersions() throws {
        let url = directory.file("future.tar.zst")
        try writeBackup(SampleBackup.make(), to: .file(url), schemaVersion: 99)
        let error = backupFormatError { _ = try OpenedBackup(url) }
        #expect(
            error
                == .newerSchemaVersion(
                    archive: "future.tar.zst", found: 99, supported: DomainDigBackup.currentSchemaVersion))
    }

    @Test func anInvalidManifestEntryIsRefused() throws {
        let url = directory.file("garbage.tar.zst")
        try writeArchive([(BackupManifest.entryPath, Array("not json".utf8)), (domains.path, domains.bytes)], to: url)
        let error = backupFormatError { _ = try OpenedBackup(url) }
        guard case .invalidManifest(let archive, let reason)? = error else {
            Issue.record("expected an invalid manifest, got \(String(describing: error))")
            return
        }
        #expect(archive == "garbage.tar.zst")
        #expect(reason.contains("not valid JSON"))
    }

    @Test func anOversizedManifestIsRefusedBeforeItIsRead() throws {
        let url = directory.file("huge-manifest.tar.zst")
        let padding = [UInt8](repeating: UInt8(ascii: " "), count: BackupManifest.maxSize)
        try writeArchive([(BackupManifest.entryPath, Array("{}".utf8) + padding)], to: url)
        let error = backupFormatError { _ = try OpenedBackup(url) }
        #expect(
            error
                == .invalidManifest(
                    archive: "huge-manifest.tar.zst",
                    reason: "it is larger than \(BackupManifest.maxSize) bytes"))
    }

    @Test func theJSONNestingLimitAppliesToTheManifest() throws {
        let url = directory.file("deep.tar.zst")
        try writeArchive(
            [(BackupManifest.entryPath, try manifest(listing: [domains]).encoded()), (domains.path, domains.bytes)],
            to: url)
        // The manifest nests three deep (root, sections, one section); a limit of two refuses it.
        let limits = BackupReadLimits(json: JSONParseOptions(maxDepth: 2))
        let error = backupFormatError { _ = try OpenedBackup(url, limits: limits) }
        guard case .invalidManifest(_, let reason)? = error else {
            Issue.record("expected an invalid manifest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("not valid JSON"))
        #expect(
            try OpenedBackup(url, limits: BackupReadLimits(json: JSONParseOptions(maxDepth: 3))).reader.manifest
                .sections.count == 1)
    }
}
