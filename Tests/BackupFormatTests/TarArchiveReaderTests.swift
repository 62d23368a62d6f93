import BackupFormat
import DurableIO
import Foundation
import TestSupport
import Testing

/// The reader's rules for names and types (design §8), each against an archive crafted by
/// Python's `tarfile` so the bytes come from an independent implementation.
@Suite struct TarArchiveReaderTests {
    let directory: TemporaryDirectory
    let archive: URL

    init() throws {
        directory = try TemporaryDirectory()
        archive = directory.file("crafted.tar")
    }

    @Test func readsEntriesCraftedByPython() throws {
        try craftTar(
            [.file("manifest.json", "{\"a\":1}"), .file("./sections/x.json", "[]"), .file("empty.json", "")],
            at: archive)
        let entries = try readArchive(archive)
        #expect(entries.map(\.entry.path) == ["manifest.json", "sections/x.json", "empty.json"])
        #expect(entries.map { String(decoding: $0.data, as: UTF8.self) } == ["{\"a\":1}", "[]", ""])
        #expect(entries.map(\.entry.index) == [0, 1, 2])
        #expect(entries[0].entry.modificationTime == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func readsGzipArchivesCraftedByPython() throws {
        let gzipArchive = directory.file("crafted.tar.gz")
        try craftTar([.file("manifest.json", "{}")], at: gzipArchive, mode: "w:gz")
        let reader = try TarArchiveReader(path: gzipArchive.path)
        #expect(reader.compression == .gzip)
        #expect(try reader.nextEntry()?.path == "manifest.json")
        #expect(try reader.readEntry() == Array("{}".utf8))
        #expect(try reader.nextEntry() == nil)
    }

    @Test func readsNonASCIINamesWrittenByOthers() throws {
        try craftTar([.file("sections/café-東京.json")], at: archive)
        #expect(try readArchive(archive).map(\.entry.path) == ["sections/café-東京.json"])
    }

    @Test(arguments: ["../x", "a/../../x", "a/..", "sections/../manifest.json"])
    func rejectsParentDirectoryComponents(path: String) throws {
        try craftTar([.file("manifest.json"), .file(path)], at: archive)
        #expect(readingError(archive) == .parentDirectoryInEntryPath(archive: archive.path, path: path))
    }

    @Test(arguments: ["/etc/passwd", "/x.json", "//x.json"])
    func rejectsAbsolutePaths(path: String) throws {
        try craftTar([.file(path)], at: archive)
        #expect(readingError(archive) == .absoluteEntryPath(archive: archive.path, path: path))
    }

    @Test(arguments: ["", ".", "./", ".//."])
    func rejectsEmptyNames(path: String) throws {
        try craftTar([.file("manifest.json"), .file(path)], at: archive)
        #expect(readingError(archive) == .emptyEntryPath(archive: archive.path, index: 1))
    }

    @Test func rejectsSymbolicLinks() throws {
        try craftTar([CraftedEntry(type: "symlink", name: "manifest.json", link: "/etc/passwd")], at: archive)
        #expect(
            readingError(archive)
                == .unsupportedEntryType(
                    archive: archive.path, path: "manifest.json", type: .symbolicLink(target: "/etc/passwd")))
    }

    @Test func rejectsHardLinks() throws {
        try craftTar([.file("a.json"), CraftedEntry(type: "hardlink", name: "b.json", link: "a.json")], at: archive)
        #expect(
            readingError(archive)
                == .unsupportedEntryType(archive: archive.path, path: "b.json", type: .hardLink(target: "a.json")))
    }

    @Test func rejectsCharacterDevices() throws {
        try craftTar([CraftedEntry(type: "chardev", name: "null")], at: archive)
        #expect(
            readingError(archive) == .unsupportedEntryType(archive: archive.path, path: "null", type: .characterDevice))
    }

    @Test func rejectsBlockDevices() throws {
        try craftTar([CraftedEntry(type: "blockdev", name: "sda")], at: archive)
        #expect(readingError(archive) == .unsupportedEntryType(archive: archive.path, path: "sda", type: .blockDevice))
    }

    @Test func rejectsFifos() throws {
        try craftTar([CraftedEntry(type: "fifo", name: "pipe")], at: archive)
        #expect(readingError(archive) == .unsupportedEntryType(archive: archive.path, path: "pipe", type: .fifo))
    }

    @Test func rejectsDirectories() throws {
        try craftTar([CraftedEntry(type: "dir", name: "sections")], at: archive)
        #expect(
            readingError(archive) == .unsupportedEntryType(archive: archive.path, path: "sections", type: .directory))
    }

    @Test func rejectsSparseFiles() throws {
        // GNU tar, not Python, writes sparse entries: a 1 MiB hole followed by one byte.
        let source = directory.file("holes.bin")
        try run("truncate", ["-s", "1M", source.path])
        let handle = try FileHandle(forWritingTo: source)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x78]))
        try handle.close()
        try run("tar", ["--sparse", "--format=pax", "-cf", archive.path, "-C", directory.path, "holes.bin"])
        #expect(
            readingError(archive) == .unsupportedEntryType(archive: archive.path, path: "holes.bin", type: .sparseFile))
    }

    @Test(arguments: [("a.json", "a.json"), ("a.json", "./a.json"), ("sections/a.json", "sections//./a.json")])
    func rejectsDuplicateEntries(first: String, second: String) throws {
        try craftTar([.file(first), .file("b.json"), .file(second)], at: archive)
        let normalized = first
        #expect(readingError(archive) == .duplicateEntry(archive: archive.path, path: normalized))
    }

    @Test func keepsRefusingAfterTheFirstError() throws {
        try craftTar([.file("/abs.json"), .file("fine.json")], at: archive)
        let reader = try TarArchiveReader(path: archive.path)
        let expected = BackupFormatError.absoluteEntryPath(archive: archive.path, path: "/abs.json")
        #expect(throws: expected) { try reader.nextEntry() }
        #expect(throws: expected) { try reader.nextEntry() }
    }

    @Test func skipsUnreadDataWhenMovingToTheNextEntry() throws {
        try craftTar([.file("a.json", String(repeating: "x", count: 100_000)), .file("b.json", "{}")], at: archive)
        let reader = try TarArchiveReader(path: archive.path)
        #expect(try reader.nextEntry()?.path == "a.json")
        var chunk = [UInt8](repeating: 0, count: 10)
        #expect(try chunk.withUnsafeMutableBytes { try reader.read(into: $0) } == 10)
        #expect(try reader.nextEntry()?.path == "b.json")
        #expect(try reader.readEntry() == Array("{}".utf8))
        #expect(reader.totalBytesRead == 100_002)
        #expect(try reader.nextEntry() == nil)
        #expect(try reader.nextEntry() == nil)
    }

    @Test func readsFromAPipe() throws {
        let entries = TarArchiveWriterTests.sampleEntries()
        let file = directory.file("backup.tar.zst")
        try writeArchive(entries, to: file)
        let bytes = try Data(contentsOf: file)
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        // A writer thread feeds the pipe as `backupctl import -` would get it from a shell.
        let writerFD = fds[1]
        let feeder = Thread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(writerFD, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writerFD)
        }
        feeder.start()
        defer { close(fds[0]) }
        let reader = try TarArchiveReader(descriptor: DescriptorIO(borrowing: fds[0], name: "standard input"))
        var paths: [String] = []
        while let entry = try reader.nextEntry() {
            paths.append(entry.path)
            #expect(try reader.readEntry() == entries[entry.index].data)
        }
        #expect(paths == entries.map(\.path))
        #expect(reader.compressedBytesConsumed == Int64(bytes.count))
    }
}
