import DurableIO
import Foundation
import TestSupport
import Testing

@testable import BackupFormat

/// Every compressed stream's own integrity check is verified: gzip's CRC-32 and length in v2
/// backups and gzip-compressed archives, zstd's content checksum, and that nothing follows
/// the last frame. `gzip -t` and `zstd -t` are the peers.
@Suite struct CompressedIntegrityTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The committed v2 fixture: a 10-byte gzip header, deflate data, an 8-byte trailer.
    static let v2Fixture = Fixtures.url("Backups/v2.json.gz")
    static let gzipHeaderLength = 10
    static let gzipTrailerLength = 8

    /// The two single-bit flips an outside fault campaign found imported silently.
    static let silentFlips = Fixtures.v2SilentFlips

    /// Reads `bytes` as a v2 document through a file the reader gets as a descriptor.
    private func readDocument(_ bytes: [UInt8], name: String = "v2.json.gz") throws -> [UInt8] {
        let url = directory.file(name)
        try Data(bytes).write(to: url)
        return try CompressedDocumentReader(path: url.path).readAll()
    }

    private func gzipTest(_ bytes: [UInt8]) throws -> Int32 {
        try ProcessRunner.run("gzip", ["-t"], stdin: Data(bytes)).status
    }

    @Test func theFlipsThatOnceImportedSilentlyAreRefusedAsCRCMismatches() throws {
        let original = [UInt8](try Data(contentsOf: Self.v2Fixture))
        let document = try readDocument(original)
        for flip in Self.silentFlips {
            var damaged = original
            damaged[flip.byte] ^= 1 << flip.bit
            // Raw deflate cannot tell: the damaged data inflates to JSON of the same length.
            let output = try ProcessRunner.python(
                "import sys, zlib, json; d = zlib.decompressobj(-15).decompress(sys.stdin.buffer.read()[10:-8]); json.loads(d); print(len(d))",
                [], stdin: Data(damaged))
            #expect(
                output.status == 0
                    && output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "\(document.count)")
            #expect(
                throws: BackupFormatError.corruptCompressedData(
                    archive: directory.file("v2.json.gz").path, entry: nil, algorithm: "gzip",
                    message: "the CRC-32 in the gzip trailer does not match the data")
            ) {
                try readDocument(damaged)
            }
            #expect(try gzipTest(damaged) == 1, "gzip -t agrees")
        }
    }

    @Test func everyBitFlipInTheV2FixturesDeflateDataThatChangesItIsRefused() throws {
        let original = [UInt8](try Data(contentsOf: Self.v2Fixture))
        let document = try readDocument(original)
        let url = directory.file("flipped.json.gz")
        try Data(original).write(to: url)
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        func write(_ byte: UInt8, at offset: Int) {
            var value = byte
            #expect(pwrite(descriptor, &value, 1, off_t(offset)) == 1)
        }
        var refused = 0
        var unchanged = 0
        for offset in Self.gzipHeaderLength..<(original.count - Self.gzipTrailerLength) {
            for bit in 0..<8 {
                write(original[offset] ^ (1 << bit), at: offset)
                lseek(descriptor, 0, SEEK_SET)
                do {
                    let read = try CompressedDocumentReader(
                        descriptor: DescriptorIO(borrowing: descriptor, name: url.path)
                    ).readAll()
                    // Only a flip in the padding bits after the last block may pass, and then
                    // the document is exactly the original.
                    #expect(read == document, "byte \(offset) bit \(bit) changed the document silently")
                    unchanged += 1
                } catch BackupFormatError.corruptCompressedData, BackupFormatError.truncatedArchive {
                    refused += 1
                }
                write(original[offset], at: offset)
            }
        }
        #expect(refused + unchanged == (original.count - 18) * 8)
        #expect(unchanged < 8, "at most the last byte's padding bits are free")
    }

    @Test func gzipAgreesOnASampleOfFlips() throws {
        let original = [UInt8](try Data(contentsOf: Self.v2Fixture))
        for position in stride(from: Self.gzipHeaderLength * 8, to: original.count * 8, by: 397) {
            var damaged = original
            damaged[position / 8] ^= 1 << (position % 8)
            let ours = (try? readDocument(damaged)) != nil
            #expect(ours == (try gzipTest(damaged) == 0), "bit \(position)")
        }
    }

    @Test func aWrongLengthInTheGzipTrailerIsRefused() throws {
        var damaged = [UInt8](try Data(contentsOf: Self.v2Fixture))
        damaged[damaged.count - 3] ^= 0x01
        #expect(
            throws: BackupFormatError.corruptCompressedData(
                archive: directory.file("v2.json.gz").path, entry: nil, algorithm: "gzip",
                message: "the length in the gzip trailer does not match the data")
        ) {
            try readDocument(damaged)
        }
        #expect(try gzipTest(damaged) != 0)
    }

    @Test func zstdArchivesCarryTheirContentChecksum() throws {
        let file = directory.file("b.tar.zst")
        try writeArchive([("a.json", sampleJSON(records: 2_000))], to: file, compression: .zstd)
        let listing = try run("zstd", ["-lv", file.path])
        #expect(listing.stdoutText.contains("Check: XXH64"), "\(listing.stdoutText)")
        try run("zstd", ["-t", file.path])
    }

    @Test func aZstdChecksumThatDoesNotMatchIsRefused() throws {
        let file = directory.file("b.tar.zst")
        try writeArchive([("a.json", sampleJSON(records: 2_000))], to: file, compression: .zstd)
        var bytes = [UInt8](try Data(contentsOf: file))
        // The frame ends with its 4-byte checksum.
        bytes[bytes.count - 2] ^= 0x40
        try Data(bytes).write(to: file)
        let thrown = readingError(file)
        guard case .corruptCompressedData(_, _, "zstd", let message)? = thrown else {
            Issue.record("expected corruptCompressedData, got \(String(describing: thrown))")
            return
        }
        #expect(message == "the frame's content checksum (XXH64) does not match the data")
        #expect(try ProcessRunner.run("zstd", ["-t", file.path]).status != 0, "zstd -t agrees")
    }

    /// A wrong checksum is reported only once every byte of its frame has been handed out: each
    /// entry reads in full, and the error comes at the end of the archive, naming no entry.
    /// (A reader that hashes its entries so finds an entry whose data was damaged before zstd's
    /// own check fails, instead of losing the last block with the checksum's error.)
    @Test func aZstdChecksumIsCheckedOnlyAfterTheFramesDataIsHandedOut() throws {
        let file = directory.file("b.tar.zst")
        // Well under one 128 KiB block decompressed, and under one read of compressed input.
        let entries = (0..<4).map { (path: "e\($0).json", data: sampleJSON(records: 200 + $0)) }
        try writeArchive(entries, to: file, compression: .zstd)
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count - 2] ^= 0x40
        try Data(bytes).write(to: file)
        let reader = try TarArchiveReader(path: file.path)
        for (path, data) in entries {
            let entry = try #require(try reader.nextEntry())
            #expect(entry.path == path)
            #expect(try reader.readEntry() == data, "\(path) reads intact")
        }
        #expect(
            throws: BackupFormatError.corruptCompressedData(
                archive: file.path, entry: nil, algorithm: "zstd",
                message: "the frame's content checksum (XXH64) does not match the data")
        ) {
            try reader.nextEntry()
        }
    }

    @Test func aZstdFrameWithoutAChecksumStillReads() throws {
        // Archives written before checksums were on, and by other tools: the check is made when present.
        let tar = directory.file("b.tar")
        try writeArchive([("a.json", sampleJSON(records: 500))], to: tar, compression: .uncompressed)
        let file = directory.file("b.tar.zst")
        try run("zstd", ["-q", "--no-check", tar.path, "-o", file.path])
        #expect(try readArchive(file).map(\.entry.path) == ["a.json"])
    }

    @Test func aGzipArchivesCRCIsChecked() throws {
        let file = directory.file("b.tar.gz")
        try writeArchive([("a.json", sampleJSON(records: 2_000))], to: file, compression: .gzip)
        var bytes = [UInt8](try Data(contentsOf: file))
        bytes[bytes.count - 6] ^= 0x01 // inside the CRC-32
        try Data(bytes).write(to: file)
        #expect(
            readingError(file)
                == .corruptCompressedData(
                    archive: file.path, entry: "a.json", algorithm: "gzip",
                    message: "the CRC-32 in the gzip trailer does not match the data"))
        #expect(try ProcessRunner.run("gzip", ["-t", file.path]).status != 0, "gzip -t agrees")
    }

    @Test(arguments: [ArchiveCompression.Algorithm.zstd, .gzip])
    func bytesAfterTheLastFrameAreRefused(algorithm: ArchiveCompression.Algorithm) throws {
        let file = directory.file("b.\(algorithm.fileExtension)")
        try writeArchive(
            [("a.json", sampleJSON(records: 100))], to: file, compression: try ArchiveCompression(algorithm))
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("appended".utf8))
        try handle.close()
        let thrown = readingError(file)
        guard case .corruptCompressedData(_, _, algorithm.rawValue, _)? = thrown else {
            Issue.record("expected corruptCompressedData, got \(String(describing: thrown))")
            return
        }
    }

    @Test func zeroPaddingAfterAGzipMemberIsAccepted() throws {
        // gzip and Python's gzip module skip zeros after the last member; so does the reader.
        let file = directory.file("b.tar.gz")
        try writeArchive([("a.json", sampleJSON(records: 100))], to: file, compression: .gzip)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 512))
        try handle.close()
        #expect(try readArchive(file).map(\.entry.path) == ["a.json"])
    }
}
