import Foundation
import TestSupport
import Testing

@testable import BackupFormat

/// The reader's limits, and how it fails on damaged or foreign bytes.
extension TarArchiveReaderTests {
    @Test func rejectsTooManyEntries() throws {
        try craftTar((0..<5).map { .file("s\($0).json") }, at: archive)
        var limits = ArchiveReaderLimits.default
        limits.maxEntryCount = 4
        #expect(readingError(archive, limits: limits) == .tooManyEntries(archive: archive.path, limit: 4))
        limits.maxEntryCount = 5
        #expect(try readArchive(archive, limits: limits).count == 5)
    }

    @Test func rejectsADeclaredSizeOverTheEntryLimitBeforeReadingIt() throws {
        try craftTar([.file("small.json", "{}"), .file("big.json", String(repeating: "7", count: 5_000))], at: archive)
        var limits = ArchiveReaderLimits.default
        limits.maxEntrySize = 4_096
        let reader = try TarArchiveReader(path: archive.path, limits: limits)
        _ = try reader.nextEntry()
        #expect(
            throws: BackupFormatError.entryTooLarge(archive: archive.path, path: "big.json", size: 5_000, limit: 4_096)
        ) {
            try reader.nextEntry()
        }
        #expect(reader.totalBytesRead == 2)
    }

    @Test func rejectsEntriesTogetherOverTheTotalLimit() throws {
        try craftTar((0..<3).map { .file("s\($0).json", String(repeating: "1", count: 400)) }, at: archive)
        var limits = ArchiveReaderLimits.default
        limits.maxTotalSize = 1_000
        #expect(readingError(archive, limits: limits) == .archiveTooLarge(archive: archive.path, limit: 1_000))
    }

    @Test func readEntryRefusesAnEntryOverTheCallersBound() throws {
        try craftTar([.file("a.json", String(repeating: "a", count: 300)), .file("b.json", "{}")], at: archive)
        let reader = try TarArchiveReader(path: archive.path)
        _ = try reader.nextEntry()
        #expect(throws: BackupFormatError.entryTooLarge(archive: archive.path, path: "a.json", size: 300, limit: 100)) {
            try reader.readEntry(maxBytes: 100)
        }
        // The caller's own bound is not a fault of the archive: reading goes on.
        #expect(try reader.nextEntry()?.path == "b.json")
    }

    @Test func stopsAZstdBombAfterABoundedAmount() throws {
        // 320 MiB of zeros in about 12 KB: a ratio far beyond any real backup.
        let bomb = directory.file("bomb.tar.zst")
        try makeZstdBomb(at: bomb, zeroCount: 320 << 20)

        let stream = try CompressedStreamReader.opening(bomb.path)
        let reader = try TarArchiveReader(stream: stream)
        let entry = try #require(try reader.nextEntry())
        #expect(entry.size == 320 << 20)
        // readEntry hands libarchive one buffer of the declared size: the reader must still
        // stop early rather than fill it.
        let thrown = #expect(throws: BackupFormatError.self) { try reader.readEntry() }
        guard
            case .compressionRatioExceeded(let archive, let entryPath, let produced, let consumed, let limit)? = thrown
        else {
            Issue.record("expected compressionRatioExceeded, got \(String(describing: thrown))")
            return
        }
        #expect(archive == bomb.path && entryPath == "zeros.json" && limit == 1_000)
        #expect(produced > 1_000 * consumed)
        // Stopped just past the 1 MiB threshold, not after 320 MiB.
        #expect(stream.uncompressedBytesProduced < 4 << 20)
        #expect(reader.totalBytesRead < 4 << 20)
        #expect(reader.compressedBytesConsumed < 64 << 10)
    }

    @Test func stopsABombEvenWhenItsDataIsSkipped() throws {
        let bomb = directory.file("bomb.tar.zst")
        try makeZstdBomb(at: bomb, zeroCount: 128 << 20)

        let stream = try CompressedStreamReader.opening(bomb.path)
        let reader = try TarArchiveReader(stream: stream)
        _ = try reader.nextEntry()
        let thrown = #expect(throws: BackupFormatError.self) { try reader.nextEntry() }
        guard case .compressionRatioExceeded? = thrown else {
            Issue.record("expected compressionRatioExceeded, got \(String(describing: thrown))")
            return
        }
        #expect(stream.uncompressedBytesProduced < 4 << 20)

        // Without the ratio limit the same archive reads through: the limit, not damage, stopped it.
        var unlimited = ArchiveReaderLimits.default
        unlimited.maxCompressionRatio = .infinity
        let trusting = try TarArchiveReader(path: bomb.path, limits: unlimited)
        #expect(try trusting.nextEntry()?.path == "zeros.json")
        #expect(try trusting.nextEntry()?.path == "next.json")
        #expect(try trusting.readEntry() == Array("{}".utf8))
    }

    @Test func acceptsHighlyCompressibleDataUnderTheThreshold() throws {
        let file = directory.file("small.tar.zst")
        try writeArchive([("zeros.json", [UInt8](repeating: 0x20, count: 900_000))], to: file, compression: .zstd)
        #expect(try readArchive(file).first?.data.count == 900_000)
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func rejectsTruncatedArchive(algorithm: ArchiveCompression.Algorithm) throws {
        let file = directory.file("backup.\(algorithm.fileExtension)")
        var generator = SeededBytes(seed: 9)
        try writeArchive(
            [("manifest.json", Array("{}".utf8)), ("blob.bin", generator.next(3 << 20))],
            to: file, compression: try ArchiveCompression(algorithm))
        let bytes = try Data(contentsOf: file)
        let cut = directory.file("cut.\(algorithm.fileExtension)")
        try bytes.prefix(bytes.count / 2).write(to: cut)

        let thrown = readingError(cut)
        guard case .truncatedArchive(let archive, let entry, _)? = thrown else {
            Issue.record("expected truncatedArchive, got \(String(describing: thrown))")
            return
        }
        #expect(archive == cut.path)
        #expect(entry == "blob.bin")
        #expect(thrown?.description.contains("truncated") == true)
    }

    @Test(arguments: [ArchiveCompression.Algorithm.zstd, .gzip])
    func rejectsAnArchiveWhoseLastBytesAreMissing(algorithm: ArchiveCompression.Algorithm) throws {
        // Cutting 4 bytes takes zstd's end of frame or gzip's length field: a download cut short.
        let file = directory.file("backup.\(algorithm.fileExtension)")
        try writeArchive(
            [("x.json", sampleJSON(records: 300))], to: file, compression: try ArchiveCompression(algorithm))
        let bytes = try Data(contentsOf: file)
        try bytes.dropLast(4).write(to: archive)
        let thrown = readingError(archive)
        guard case .truncatedArchive? = thrown else {
            Issue.record("expected truncatedArchive, got \(String(describing: thrown))")
            return
        }
    }

    @Test(arguments: [0, 100, 5_000])
    func rejectsGarbage(byteCount: Int) throws {
        var generator = SeededBytes(seed: UInt64(byteCount))
        try Data(generator.next(byteCount)).write(to: archive)
        #expect(readingError(archive) == .unrecognizedArchive(archive: archive.path))
    }

    @Test func rejectsJSONPassedAsAnArchive() throws {
        try Data("{\"schemaVersion\": 1, \"trackedDomains\": []}".utf8).write(to: archive)
        #expect(readingError(archive) == .unrecognizedArchive(archive: archive.path))
    }

    @Test func reportsAMissingFile() throws {
        let missing = directory.file("missing.tar.zst").path
        #expect(throws: BackupFormatError.cannotOpenFile(path: missing, reason: "No such file or directory")) {
            try TarArchiveReader(path: missing)
        }
    }
}
