import Foundation
import TestSupport
import Testing

@testable import BackupFormat

@Suite struct CompressedDocumentReaderTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Writes `bytes` gzip-compressed by Python's `gzip` module.
    private func gzipFile(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = directory.file(name)
        let output = try ProcessRunner.python(
            "import gzip, sys; open(sys.argv[1], 'wb').write(gzip.compress(sys.stdin.buffer.read(), 9))",
            [url.path], stdin: Data(bytes))
        try #require(output.status == 0, "python failed: \(output.stderrText)")
        return url
    }

    @Test func readsAGzipDocument() throws {
        let json = sampleJSON(records: 5_000)
        let url = try gzipFile("backup-v2.json.gz", json)
        let stream = try CompressedStreamReader.opening(url.path)
        let reader = try CompressedDocumentReader(stream: stream)
        #expect(try reader.readAll() == json)
        #expect(reader.bytesRead == Int64(json.count))
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(stream.compressedBytesConsumed == Int64(fileSize))
    }

    @Test func readsAnEmptyDocumentAsNoBytes() throws {
        let url = try gzipFile("empty.gz", [])
        #expect(try CompressedDocumentReader(path: url.path).readAll() == [])
    }

    @Test func refusesAGzipStreamDamagedAtItsStart() throws {
        let url = directory.file("damaged.gz")
        // The gzip magic, then a compression method that is not deflate.
        try Data([0x1F, 0x8B, 0x07, 0x00] + [UInt8](repeating: 0x41, count: 40)).write(to: url)
        let thrown = #expect(throws: BackupFormatError.self) { try CompressedDocumentReader(path: url.path).readAll() }
        guard case .corruptCompressedData(let source, nil, "gzip", _)? = thrown else {
            Issue.record("expected corruptCompressedData, got \(String(describing: thrown))")
            return
        }
        #expect(source == url.path)
    }

    @Test func refusesBytesThatAreNotGzip() throws {
        let url = directory.file("plain.json")
        try Data("{\"schemaVersion\": 1}".utf8).write(to: url)
        #expect(throws: BackupFormatError.notGzipCompressed(source: url.path)) {
            try CompressedDocumentReader(path: url.path)
        }
        let empty = directory.file("empty")
        try Data().write(to: empty)
        #expect(throws: BackupFormatError.notGzipCompressed(source: empty.path)) {
            try CompressedDocumentReader(path: empty.path)
        }
    }

    @Test func refusesADocumentOverTheSizeLimit() throws {
        let url = try gzipFile("big.gz", sampleJSON(records: 1_000))
        var limits = ArchiveReaderLimits.default
        limits.maxEntrySize = 10_000
        let reader = try CompressedDocumentReader(path: url.path, limits: limits)
        #expect(throws: BackupFormatError.documentTooLarge(source: url.path, limit: 10_000)) {
            try reader.readAll()
        }
    }

    @Test func stopsAGzipBombAfterABoundedAmount() throws {
        // deflate tops out near 1032:1, so this bomb is caught with a tighter ratio limit.
        let url = directory.file("bomb.json.gz")
        try run("sh", ["-c", "head -c 64M /dev/zero | gzip -9 > \"$0\"", url.path])
        var limits = ArchiveReaderLimits.default
        limits.maxCompressionRatio = 200
        let reader = try CompressedDocumentReader(path: url.path, limits: limits)
        let thrown = #expect(throws: BackupFormatError.self) { try reader.readAll() }
        guard case .compressionRatioExceeded(let source, let entry, _, _, let limit)? = thrown else {
            Issue.record("expected compressionRatioExceeded, got \(String(describing: thrown))")
            return
        }
        #expect(source == url.path && entry == nil && limit == 200)
        #expect(reader.bytesRead < 2 << 20)
    }

    @Test(arguments: [0.5, 0.9999])
    func rejectsATruncatedDocument(keptFraction: Double) throws {
        var generator = SeededBytes(seed: 3)
        let url = try gzipFile("whole.gz", generator.next(200_000))
        let bytes = try Data(contentsOf: url)
        let cut = directory.file("cut.gz")
        // Half the data, or all of it but the end of gzip's 8-byte trailer.
        try bytes.prefix(Int(Double(bytes.count) * keptFraction)).write(to: cut)
        let thrown = #expect(throws: BackupFormatError.self) { try CompressedDocumentReader(path: cut.path).readAll() }
        guard case .truncatedArchive(let source, _, _)? = thrown else {
            Issue.record("expected truncatedArchive, got \(String(describing: thrown))")
            return
        }
        #expect(source == cut.path)
    }
}
