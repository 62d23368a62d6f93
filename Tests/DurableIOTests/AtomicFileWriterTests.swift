import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct AtomicFileWriterTests {
    struct Interrupted: Error {}

    @Test func nothingExistsUnderTheFinalNameBeforeCommit() throws {
        let dir = try TemporaryDirectory()
        let destination = dir.file("backup.tar.zst")
        let writer = try AtomicFileWriter(destination: destination)
        try writer.write(Data("partial".utf8))

        #expect(!FileManager.default.fileExists(atPath: destination.path))
        let names = try entries(of: dir.url)
        #expect(names == [writer.temporaryURL.lastPathComponent])
        #expect(AtomicFileWriter.isTemporaryFileName(names[0]))
        #expect(names[0].hasPrefix(".backup.tar.zst.tmp-"))
        #expect(try permissions(of: writer.temporaryURL.path) == 0o600)

        try writer.write(Data(" and the rest".utf8))
        try writer.commit()
        #expect(try Data(contentsOf: destination) == Data("partial and the rest".utf8))
        #expect(try entries(of: dir.url) == ["backup.tar.zst"])
        #expect(try permissions(of: destination.path) == 0o600)
    }

    @Test func discardRemovesTheTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        let writer = try AtomicFileWriter(destination: dir.file("out"))
        try writer.write(Data("abandoned".utf8))
        writer.discard()
        writer.discard()
        #expect(try entries(of: dir.url) == [])
    }

    @Test func droppingAnUncommittedWriterRemovesTheTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        do {
            let writer = try AtomicFileWriter(destination: dir.file("out"))
            try writer.write(Data("abandoned".utf8))
            #expect(try entries(of: dir.url).count == 1)
        }
        #expect(try entries(of: dir.url) == [])
    }

    @Test func anErrorWhileWritingLeavesNothingAndKeepsTheOldFile() throws {
        let dir = try TemporaryDirectory()
        let destination = dir.file("store.plist")
        try AtomicFileWriter.write(Data("old".utf8), to: destination)

        #expect(throws: Interrupted.self) {
            try AtomicFileWriter.write(to: destination) { writer in
                try writer.write(Data("new, but only half".utf8))
                throw Interrupted()
            }
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try entries(of: dir.url) == ["store.plist"])
    }

    @Test func commitReplacesAnExistingFileWithMode0600() throws {
        let dir = try TemporaryDirectory()
        let destination = dir.file("report.json")
        try Data("old".utf8).write(to: destination)
        chmod(destination.path, 0o644)

        try AtomicFileWriter.write(Data("new".utf8), to: destination)
        #expect(try Data(contentsOf: destination) == Data("new".utf8))
        #expect(try permissions(of: destination.path) == 0o600)
        #expect(try entries(of: dir.url) == ["report.json"])
    }

    @Test func writesThroughTheLentDescriptorLandInTheFile() throws {
        // Writers such as the compressed stream writer write to the descriptor themselves.
        let dir = try TemporaryDirectory()
        let destination = dir.file("raw")
        let writer = try AtomicFileWriter(destination: destination)
        let bytes = Array("written by a stream writer".utf8)
        try bytes.withUnsafeBytes { try writer.io.writeAll($0) }
        try writer.commit()
        #expect(try Data(contentsOf: destination) == Data(bytes))
    }

    @Test func readOnlyFolderIsPermissionDeniedNamingTheFolder() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.file("read-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        chmod(folder.path, 0o555)

        let error = withUnprivilegedFileAccess {
            #expect(throws: FileIOError.self) {
                try AtomicFileWriter(destination: folder.appendingPathComponent("backup.tar.zst"))
            }
        }
        guard case .permissionDenied(let path, _)? = error else {
            Issue.record("expected permissionDenied, got \(String(describing: error))")
            return
        }
        #expect(path == folder.path)
        #expect(error?.description.contains(folder.path) == true)
        #expect(try entries(of: folder) == [])
    }

    @Test func missingFolderIsNotFoundNamingTheFolder() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.file("absent")
        let error = #expect(throws: FileIOError.self) {
            try AtomicFileWriter(destination: folder.appendingPathComponent("file"))
        }
        #expect(error?.path == folder.path)
        #expect(error.map { if case .notFound = $0 { true } else { false } } == true)
    }

    @Test func veryLongNamesStillGetATemporaryFile() throws {
        let dir = try TemporaryDirectory()
        let destination = dir.file(String(repeating: "n", count: 250))
        try AtomicFileWriter.write(Data("x".utf8), to: destination)
        #expect(try entries(of: dir.url) == [destination.lastPathComponent])
    }

    @Test(arguments: [
        (".backup.tar.zst.tmp-0123456789abcdef", true),
        (".a.tmp-ffffffffffffffff", true),
        ("backup.tar.zst.tmp-0123456789abcdef", false),
        (".backup.tar.zst", false),
        (".backup.tmp-0123", false),
        (".backup.tmp-0123456789ABCDEF", false),
        (".tmp-0123456789abcdef", false),
    ])
    func recognisesTemporaryFileNames(name: String, expected: Bool) {
        #expect(AtomicFileWriter.isTemporaryFileName(name) == expected)
    }

    @Test func generatedNamesAreRecognised() {
        for finalName in ["store.sqlite", "x", String(repeating: "é", count: 200)] {
            let name = AtomicFileWriter.temporaryFileName(for: finalName)
            #expect(AtomicFileWriter.isTemporaryFileName(name))
            #expect(name.utf8.count <= 255)
        }
    }
}
