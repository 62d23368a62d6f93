import BackupFormat
import DurableIO
import Foundation
import Glibc
import TestSupport
import Testing

/// Serialized because the standard-input tests swap descriptor 0 of the test process.
@Suite(.serialized) struct BackupFileTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Compresses bytes with an external tool, independent of the code under test.
    private func compressed(_ bytes: [UInt8], with tool: String) throws -> [UInt8] {
        let output = try ProcessRunner.run(tool, ["-c"], stdin: Data(bytes))
        try #require(output.status == 0, "\(tool) failed: \(output.stderrText)")
        return Array(output.stdout)
    }

    /// Runs `body` with standard input reading `bytes` through a pipe, then restores it.
    ///
    /// Nothing else in the test process reads standard input (child processes get their own
    /// pipes), and this suite runs its tests one at a time, so swapping descriptor 0 is safe.
    private func withStandardInput<Result>(_ bytes: [UInt8], _ body: () throws -> Result) throws -> Result {
        try #require(bytes.count < 60_000, "the pipe must hold the whole input without a reader")
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        try #require(written == bytes.count)
        let saved = dup(STDIN_FILENO)
        try #require(saved >= 0 && dup2(ends[0], STDIN_FILENO) == STDIN_FILENO)
        close(ends[0])
        defer {
            dup2(saved, STDIN_FILENO)
            close(saved)
        }
        return try body()
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func sniffsEachTarEncodingWhateverTheName(algorithm: ArchiveCompression.Algorithm) throws {
        let url = directory.file("backup.json")
        let summary = try writeBackup(
            SampleBackup.make(), to: .file(url), compression: try ArchiveCompression(algorithm))
        let file = try BackupFile(path: url.path)
        #expect(file.encoding == .tar(algorithm))
        #expect(file.name == url.path)
        #expect(file.size == summary.compressedBytes)
        let reader = try file.openArchive()
        #expect(reader.manifest == summary.manifest)
        #expect(reader.archiveName == url.path)
    }

    @Test func theReaderKeepsTheFileOpenAfterTheFileObjectIsGone() throws {
        let url = directory.file("backup.ddbackup")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url), compression: try ArchiveCompression(.zstd))
        let reader = try BackupFile(path: url.path).openArchive()
        var read = 0
        while let payload = try reader.nextSection() {
            #expect(payload.verification == .verified)
            read += 1
        }
        #expect(read == summary.manifest.sections.count)
    }

    @Test func sniffsLegacyJSONDocuments() throws {
        let document = Array("\n {\"schemaVersion\": 1, \"trackedDomains\": []}\n".utf8)
        let plain = directory.file("v1.ddbackup")
        try Data(document).write(to: plain)
        #expect(try BackupFile(path: plain.path).encoding == .plainJSON)

        let gzipped = directory.file("v2.tar.zst")
        try Data(try compressed(document, with: "gzip")).write(to: gzipped)
        let file = try BackupFile(path: gzipped.path)
        #expect(file.encoding == .gzipJSON)
        // A legacy document is no archive.
        let error = backupFormatError { _ = try file.openArchive() }
        #expect(error == .unrecognizedArchive(archive: gzipped.path))
    }

    @Test(arguments: [[UInt8](), Array("PK\u{3}\u{4} not a backup".utf8), [0x28, 0xB5, 0x2F]])
    func unknownBytesAreUnknown(bytes: [UInt8]) throws {
        let url = directory.file("mystery")
        try Data(bytes).write(to: url)
        let file = try BackupFile(path: url.path)
        #expect(file.encoding == .unknown)
        #expect(file.size == Int64(bytes.count))
    }

    @Test func aMissingFileIsNotFound() throws {
        let path = directory.file("absent.tar.zst").path
        #expect {
            _ = try BackupFile(path: path)
        } throws: { error in
            guard case FileIOError.notFound(let reported, _) = error else { return false }
            return reported == path
        }
    }

    @Test func aFolderIsRefused() throws {
        #expect {
            _ = try BackupFile(path: directory.path)
        } throws: { error in
            guard case FileIOError.other(let path, _, let message) = error else { return false }
            return path == directory.path && message.contains("not a regular file")
        }
    }

    @Test func theArchiveCanBeOpenedAgainFromTheStart() throws {
        let url = directory.file("backup.tar.zst")
        try writeBackup(SampleBackup.make(), to: .file(url))
        let file = try BackupFile(path: url.path)
        for _ in 0..<2 {
            let reader = try file.openArchive()
            var count = 0
            while let payload = try reader.nextSection(.verifyOnly) {
                #expect(payload.verification == .verified)
                count += 1
            }
            #expect(count == BackupSection.allCases.count)
        }
    }

    @Test func standardInputIsSpooledSniffedAndRead() throws {
        let url = directory.file("backup.tar.zst")
        let summary = try writeBackup(SampleBackup.make(), to: .file(url))
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = try withStandardInput(bytes) { try BackupFile(path: "-") }
        #expect(file.name == BackupFile.standardInputName)
        #expect(file.encoding == .tar(.zstd))
        #expect(file.size == Int64(bytes.count))
        let reader = try file.openArchive()
        #expect(reader.archiveName == "standard input")
        #expect(reader.manifest == summary.manifest)
        var verifications: [SectionPayload.Verification] = []
        while let payload = try reader.nextSection() { verifications.append(payload.verification) }
        #expect(verifications == Array(repeating: .verified, count: BackupSection.allCases.count))
    }

    @Test func standardInputOverTheLimitIsRefused() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "{"), count: 4096)
        #expect(throws: FileIOError.tooLarge(path: BackupFile.standardInputName, limit: 1000)) {
            _ = try withStandardInput(bytes) { try BackupFile(path: "-", maxInputSize: 1000) }
        }
    }

    @Test func emptyStandardInputIsUnknown() throws {
        let file = try withStandardInput([]) { try BackupFile(path: "-") }
        #expect(file.encoding == .unknown)
        #expect(file.size == 0)
    }
}
