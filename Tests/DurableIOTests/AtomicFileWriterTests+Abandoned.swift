import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

/// Temporary files of killed writers (issue 16, found by the crash tests): a killed export left
/// `.<name>.tmp-<hex>` that nothing ever removed. A writer locks its temporary file while it
/// lives, so the next writer of the name removes an abandoned one and never a live one.
extension AtomicFileWriterTests {
    /// A file as a killed writer leaves it: named like a temporary file, locked by no one.
    private func abandonedFile(_ name: String, in dir: TemporaryDirectory) throws -> URL {
        let url = dir.file(name)
        try Data("half an archive".utf8).write(to: url)
        return url
    }

    @Test func theNextWriteOfANameRemovesTheTemporaryFilesKilledWritersOfItLeft() throws {
        let dir = try TemporaryDirectory()
        _ = try abandonedFile(".backup.ddbackup.tmp-0123456789abcdef", in: dir)
        _ = try abandonedFile(".backup.ddbackup.tmp-fedcba9876543210", in: dir)
        let otherName = try abandonedFile(".other.ddbackup.tmp-0123456789abcdef", in: dir)
        let notOurs = try abandonedFile(".backup.ddbackup.tmp-notours", in: dir)

        try AtomicFileWriter.write(Data("new".utf8), to: dir.file("backup.ddbackup"))
        #expect(
            try entries(of: dir.url)
                == ["backup.ddbackup", otherName.lastPathComponent, notOurs.lastPathComponent].sorted(),
            "only this name's abandoned temporary files go")
    }

    @Test func aTemporaryFileStillBeingWrittenIsNeverRemoved() throws {
        let dir = try TemporaryDirectory()
        let destination = dir.file("backup.ddbackup")
        let first = try AtomicFileWriter(destination: destination)
        try first.write(Data("first".utf8))

        try AtomicFileWriter.write(Data("second".utf8), to: destination)
        #expect(FileManager.default.fileExists(atPath: first.temporaryURL.path), "the first writer is alive")
        #expect(AtomicFileWriter.removeAbandonedTemporaryFiles(in: dir.url) { _ in true } == [])

        try first.commit()
        #expect(try Data(contentsOf: destination) == Data("first".utf8))
        #expect(try entries(of: dir.url) == ["backup.ddbackup"])
    }

    @Test func removingAbandonedFilesSkipsLockedFilesSymbolicLinksAndOtherNames() throws {
        let dir = try TemporaryDirectory()
        let abandoned = try abandonedFile(".a.tmp-0000000000000001", in: dir)
        let held = try abandonedFile(".b.tmp-0000000000000002", in: dir)
        let holder = open(held.path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let target = try abandonedFile("target", in: dir)
        try FileManager.default.createSymbolicLink(
            atPath: dir.file(".c.tmp-0000000000000003").path, withDestinationPath: target.path)
        _ = try abandonedFile(".d.tmp-0000000000000004", in: dir)

        let removed = AtomicFileWriter.removeAbandonedTemporaryFiles(in: dir.url) { !$0.hasPrefix(".d.") }
        #expect(removed.map(\.lastPathComponent) == [abandoned.lastPathComponent])
        #expect(
            try entries(of: dir.url)
                == [held.lastPathComponent, ".c.tmp-0000000000000003", ".d.tmp-0000000000000004", "target"].sorted())
    }

    @Test func aNewTemporaryFileIsLockedUntilItIsRenamedOrRemoved() throws {
        let dir = try TemporaryDirectory()
        let writer = try AtomicFileWriter(destination: dir.file("out"))
        let probe = open(writer.temporaryURL.path, O_RDONLY)
        defer { close(probe) }
        #expect(flock(probe, LOCK_EX | LOCK_NB) != 0, "the writer holds it")
        try writer.commit()
        #expect(flock(probe, LOCK_EX | LOCK_NB) == 0, "let go once it is under its final name")
    }

    @Test(arguments: [
        (".store.sqlite.before-import-20260301T120000Z.sqlite.tmp-0123456789abcdef", true),
        (".store.sqlite.tmp-0123456789abcdef", false),
        ("store.sqlite.before-import-20260301T120000Z.sqlite", false),
        (".store.sqlite.before-import-x.tmp-0123", false),
    ])
    func recognisesTemporaryFilesOfNamesWithAPrefix(name: String, expected: Bool) {
        #expect(
            AtomicFileWriter.isTemporaryFileName(name, forNamesStartingWith: "store.sqlite.before-import-")
                == expected)
    }
}
