import BackupFormat
import DurableIO
import Foundation
import TestSupport
import Testing

@Suite struct TarArchiveWriterTests {
    /// A manifest, an empty entry, a JSON section and several MB of incompressible bytes.
    static func sampleEntries() -> [(path: String, data: [UInt8])] {
        var generator = SeededBytes(seed: 42)
        return [
            ("manifest.json", Array("{\"format\":\"backupctl\",\"schemaVersion\":3}".utf8)),
            ("sections/empty.json", []),
            ("sections/trackedDomains.json", sampleJSON(records: 2_000)),
            ("sections/blob.bin", generator.next(5 * 1_048_576 + 13)),
        ]
    }

    /// GNU tar's flags for each compression.
    static func tarFlags(_ algorithm: ArchiveCompression.Algorithm) -> [String] {
        switch algorithm {
        case .zstd: return ["--zstd"]
        case .gzip: return ["-z"]
        case .uncompressed: return []
        }
    }

    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func roundTripsThroughOwnReaderAndGNUTar(algorithm: ArchiveCompression.Algorithm) throws {
        let directory = try TemporaryDirectory()
        let archive = directory.file("backup.\(algorithm.fileExtension)")
        let entries = Self.sampleEntries()
        // 4099 bytes: an odd chunk size that never lines up with tar's 512-byte blocks.
        let writer = try writeArchive(
            entries, to: archive, compression: try ArchiveCompression(algorithm), chunkSize: 4_099)

        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int)
        #expect(writer.compressedBytesWritten == Int64(fileSize))
        #expect(writer.entryCount == entries.count)

        let readBack = try readArchive(archive)
        #expect(readBack.map(\.entry.path) == entries.map(\.path))
        #expect(readBack.map(\.data) == entries.map(\.data))
        #expect(readBack.allSatisfy { $0.entry.type == .regularFile })
        #expect(readBack.map(\.entry.size) == entries.map { Int64($0.data.count) })
        #expect(readBack.first?.entry.modificationTime == Date(timeIntervalSince1970: 1_700_000_000))

        let flags = Self.tarFlags(algorithm)
        let listing = try run("tar", flags + ["-tf", archive.path]).stdoutText
        #expect(listing.split(separator: "\n").map(String.init) == entries.map(\.path))
        let verbose = try run("tar", flags + ["-tvf", archive.path]).stdoutText
        for line in verbose.split(separator: "\n") {
            #expect(line.hasPrefix("-rw------- 0/0"), "unexpected mode or owner: \(line)")
        }
        for (path, data) in entries {
            let extracted = try run("tar", flags + ["-xOf", archive.path, path]).stdout
            #expect(Array(extracted) == data, "GNU tar extracted different bytes for \(path)")
        }
    }

    @Test func extractsWithGNUTarIntoAFolder() throws {
        let directory = try TemporaryDirectory()
        let archive = directory.file("backup.tar.zst")
        try writeArchive(Self.sampleEntries().prefix(3).map { $0 }, to: archive)
        let target = directory.file("out")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try run("tar", ["--zstd", "-xf", archive.path, "-C", target.path])
        let manifest = try Data(contentsOf: target.appendingPathComponent("manifest.json"))
        #expect(Array(manifest) == Self.sampleEntries()[0].data)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: target.appendingPathComponent("manifest.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func higherLevelsCompressSmaller() throws {
        let directory = try TemporaryDirectory()
        let entries = [("section.json", sampleJSON(records: 5_000))]
        func size(_ compression: ArchiveCompression) throws -> Int64 {
            try writeArchive(entries, to: directory.file("\(compression).tar"), compression: compression)
                .compressedBytesWritten
        }
        let zstdFast = try size(ArchiveCompression(.zstd, level: 1))
        let zstdBest = try size(ArchiveCompression(.zstd, level: 19))
        let gzipFast = try size(ArchiveCompression(.gzip, level: 1))
        let gzipBest = try size(ArchiveCompression(.gzip, level: 9))
        let uncompressed = try size(.uncompressed)
        #expect(zstdBest < zstdFast)
        #expect(gzipBest < gzipFast)
        #expect(zstdFast < uncompressed && gzipFast < uncompressed)
    }

    /// Runs `body` with a writer of a new archive file, `a.tar`, compressed as `compression`.
    private func withArchiveWriter(
        compression: ArchiveCompression = .default, _ body: (TarArchiveWriter) throws -> Void
    ) throws {
        let directory = try TemporaryDirectory()
        let descriptor = open(directory.file("a.tar").path, O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        try body(
            TarArchiveWriter(descriptor: DescriptorIO(borrowing: descriptor, name: "a.tar"), compression: compression))
    }

    @Test func refusesWritingMoreThanTheDeclaredSize() throws {
        try withArchiveWriter(compression: .uncompressed) { writer in
            try writer.beginEntry(path: "a.json", size: 4, modificationTime: Date())
            try writer.write(Array("{}".utf8))
            #expect(throws: BackupFormatError.entrySizeMismatch(path: "a.json", declared: 4, written: 6)) {
                try writer.write(Array("[1]".utf8) + [0x0A])
            }
        }
    }

    @Test func refusesFinishingAShortEntry() throws {
        try withArchiveWriter(compression: .uncompressed) { writer in
            try writer.beginEntry(path: "a.json", size: 10, modificationTime: Date())
            try writer.write(Array("{}".utf8))
            #expect(throws: BackupFormatError.entrySizeMismatch(path: "a.json", declared: 10, written: 2)) {
                try writer.finish()
            }
        }
    }

    @Test(arguments: [
        ("", "the path is empty"),
        ("/etc/passwd", "the path is absolute"),
        ("a/../../x", "the path contains '..'"),
    ])
    func refusesPathsTheReaderWouldRefuse(path: String, reason: String) throws {
        try withArchiveWriter { writer in
            #expect(throws: BackupFormatError.invalidEntryPathForWriting(path: path, reason: reason)) {
                try writer.beginEntry(path: path, size: 0, modificationTime: Date())
            }
        }
    }

    @Test func refusesDuplicatePaths() throws {
        try withArchiveWriter { writer in
            try writer.beginEntry(path: "a.json", size: 0, modificationTime: Date())
            #expect(
                throws: BackupFormatError.invalidEntryPathForWriting(
                    path: "./a.json", reason: "an entry with this path was already written")
            ) {
                try writer.beginEntry(path: "./a.json", size: 0, modificationTime: Date())
            }
        }
    }

    @Test func reportsAFullDiskNamingTheArchive() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let writer = try TarArchiveWriter(descriptor: DescriptorIO(borrowing: descriptor, name: "/dev/full"))
        var generator = SeededBytes(seed: 1)
        let data = generator.next(1 << 20)
        let thrown = #expect(throws: FileIOError.self) {
            try writer.beginEntry(path: "blob.bin", size: Int64(data.count), modificationTime: Date())
            try writer.write(data)
            try writer.finish()
        }
        #expect(thrown == .noSpace(path: "/dev/full", message: "No space left on device"))
        #expect(thrown?.description.hasPrefix("There is no space left to write /dev/full") == true)
    }

    /// A writer given up before `finish()` — an export that failed — adds nothing to its output
    /// when it goes: no end-of-archive marker, no end to the compressed frame, not the rest of
    /// the open entry. What is there never reads as a complete archive.
    @Test(arguments: ArchiveCompression.Algorithm.allCases)
    func aWriterReleasedBeforeFinishingAddsNothingToItsOutput(algorithm: ArchiveCompression.Algorithm) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("given-up.\(algorithm.fileExtension)").path
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        func writeAndGiveUp() throws -> Int64 {
            let writer = try TarArchiveWriter(
                descriptor: DescriptorIO(borrowing: descriptor, name: path),
                compression: try ArchiveCompression(algorithm))
            var generator = SeededBytes(seed: 3)
            try writer.beginEntry(path: "sections/blob.bin", size: 1 << 20, modificationTime: Date())
            try writer.write(generator.next(300_000))
            return writer.compressedBytesWritten
        }
        let written = try writeAndGiveUp()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(Int64(size) == written, "the writer wrote nothing when it was released")
        let listing = try ProcessRunner.run("tar", Self.tarFlags(algorithm) + ["-tf", path])
        #expect(listing.status != 0, "GNU tar read the unfinished archive to its end: \(listing.stdoutText)")
        #expect(readingError(URL(fileURLWithPath: path)) != nil)
    }

    @Test func refusesNonASCIIPaths() throws {
        let directory = try TemporaryDirectory()
        let descriptor = open(directory.file("a.tar").path, O_WRONLY | O_CREAT, 0o600)
        defer { close(descriptor) }
        let writer = try TarArchiveWriter(descriptor: DescriptorIO(borrowing: descriptor, name: "a.tar"))
        for path in ["sections/café.json", "tab\there.json"] {
            #expect(
                throws: BackupFormatError.invalidEntryPathForWriting(
                    path: path, reason: "the path contains characters other than printable ASCII")
            ) {
                try writer.beginEntry(path: path, size: 0, modificationTime: Date())
            }
        }
    }
}
