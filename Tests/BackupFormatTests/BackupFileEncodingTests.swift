import BackupFormat
import Foundation
import TestSupport
import Testing

@Suite struct BackupFileEncodingTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func detect(_ name: String, writing bytes: [UInt8]) throws -> BackupFileEncoding {
        let url = directory.file(name)
        try Data(bytes).write(to: url)
        return try BackupFileEncoding.detect(fileAt: url.path)
    }

    /// Compresses bytes with an external tool (`gzip` or `zstd`), independent of the code under test.
    private func compressed(_ bytes: [UInt8], with tool: String) throws -> [UInt8] {
        let output = try ProcessRunner.run(tool, ["-c"], stdin: Data(bytes))
        try #require(output.status == 0, "\(tool) failed: \(output.stderrText)")
        return Array(output.stdout)
    }

    private let backupJSON = Array(
        "\n  {\"schemaVersion\": 2, \"trackedDomains\": [{\"domain\": \"example.com\"}]}\n".utf8)

    @Test func detectsZstdTarNamedLikeJSON() throws {
        let url = directory.file("backup.json")
        try writeArchive([("manifest.json", Array("{}".utf8))], to: url, compression: .zstd)
        #expect(try BackupFileEncoding.detect(fileAt: url.path) == .tar(.zstd))
    }

    @Test func detectsGzipTar() throws {
        let url = directory.file("backup.zst")
        try craftTar([.file("manifest.json")], at: url, mode: "w:gz")
        #expect(try BackupFileEncoding.detect(fileAt: url.path) == .tar(.gzip))
    }

    @Test func detectsUncompressedTar() throws {
        let url = directory.file("backup.gz")
        try craftTar([.file("manifest.json")], at: url)
        #expect(try BackupFileEncoding.detect(fileAt: url.path) == .tar(.uncompressed))
    }

    @Test func detectsGzipJSON() throws {
        #expect(try detect("backup.tar", writing: try compressed(backupJSON, with: "gzip")) == .gzipJSON)
    }

    @Test func detectsLargeGzipJSONFromItsPrefix() throws {
        let json = Array("{\"lookupHistory\":".utf8) + sampleJSON(records: 50_000) + Array("}".utf8)
        let gzipped = try compressed(json, with: "gzip")
        try #require(gzipped.count > BackupFileEncoding.prefixLength)
        #expect(BackupFileEncoding.detect(prefix: Array(gzipped.prefix(BackupFileEncoding.prefixLength))) == .gzipJSON)
        #expect(try detect("large.json.gz", writing: gzipped) == .gzipJSON)
    }

    @Test func detectsPlainJSONAfterWhitespace() throws {
        #expect(try detect("backup.tar.zst", writing: backupJSON) == .plainJSON)
        #expect(BackupFileEncoding.detect(prefix: Array(" \t\r\n{}".utf8)) == .plainJSON)
    }

    @Test func detectsTheEncodingFromAPrefixInMemory() throws {
        let url = directory.file("b.tar.gz")
        try writeArchive([("manifest.json", Array("{}".utf8))], to: url, compression: .gzip)
        #expect(BackupFileEncoding.detect(prefix: Array(try Data(contentsOf: url))) == .tar(.gzip))
    }

    @Test(arguments: [
        [UInt8](),
        Array("[1, 2, 3]".utf8),
        Array("hello".utf8),
        [0x28, 0xB5, 0x2F],
        [0x1F, 0x8B],
        [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00],
    ])
    func reportsUnknownBytes(bytes: [UInt8]) throws {
        #expect(try detect("mystery", writing: bytes) == .unknown)
    }

    @Test func reportsCompressedNonBackupsAsUnknown() throws {
        let text = Array(String(repeating: "not json, not tar ", count: 100).utf8)
        #expect(try detect("a.gz", writing: try compressed(text, with: "gzip")) == .unknown)
        #expect(try detect("a.zst", writing: try compressed(text, with: "zstd")) == .unknown)
        // zstd around JSON is no version of the format.
        #expect(try detect("b.zst", writing: try compressed(backupJSON, with: "zstd")) == .unknown)
    }
}
