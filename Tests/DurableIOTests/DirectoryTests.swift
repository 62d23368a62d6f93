import Foundation
import Glibc
import TestSupport
import Testing

@testable import DurableIO

@Suite struct DirectoryTests {
    @Test func createsMissingParentsWithTheGivenMode() throws {
        let dir = try TemporaryDirectory()
        let leaf = dir.url.appendingPathComponent("a/b/c")
        try Directory.create(at: leaf, permissions: 0o700)
        for path in ["a", "a/b", "a/b/c"] {
            #expect(try permissions(of: dir.url.appendingPathComponent(path).path) == 0o700)
        }
        try Directory.create(at: leaf) // already there: nothing to do
    }

    @Test func leavesExistingFoldersAlone() throws {
        let dir = try TemporaryDirectory()
        chmod(dir.path, 0o755)
        try Directory.create(at: dir.url.appendingPathComponent("new"))
        #expect(try permissions(of: dir.path) == 0o755)
    }

    @Test func aFileInTheWayIsReported() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file("file")
        try Data().write(to: file)
        let error = #expect(throws: FileIOError.self) {
            try Directory.create(at: file.appendingPathComponent("sub"))
        }
        #expect(error?.path == file.path)
    }

    @Test func syncsAnExistingFolderAndReportsAMissingOne() throws {
        let dir = try TemporaryDirectory()
        try Directory.sync(at: dir.url)
        #expect(throws: FileIOError.self) { try Directory.sync(at: dir.file("absent")) }
    }
}

/// What `create` made, so a failed command can remove it again (issue 15.5).
extension DirectoryTests {
    @Test func createReportsTheFoldersItMadeAndTheyAreRemovedOnlyWhileEmpty() throws {
        let dir = try TemporaryDirectory()
        let created = try Directory.create(at: dir.url.appendingPathComponent("a/b/c"))
        #expect(created.map(\.lastPathComponent) == ["a", "b", "c"])
        #expect(try Directory.create(at: dir.url.appendingPathComponent("a/b/c")).isEmpty)
        try Data("someone's".utf8).write(to: dir.file("a/kept"))
        Directory.removeIfEmpty(created)
        #expect(try entries(of: dir.url.appendingPathComponent("a")) == ["kept"], "a holds a file: it stays")
    }

    @Test func symbolicLinksAndDotDotResolveToOneSpelling() throws {
        let dir = try TemporaryDirectory()
        try Directory.create(at: dir.url.appendingPathComponent("real"))
        try FileManager.default.createSymbolicLink(atPath: dir.file("alias").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: dir.file("dangling").path, withDestinationPath: "real/new")
        let real = FileIdentity.resolvingSymlinks(dir.url).appendingPathComponent("real")
        #expect(FileIdentity.resolvingSymlinks(dir.file("alias/store")) == real.appendingPathComponent("store"))
        #expect(FileIdentity.resolvingSymlinks(dir.file("real/../alias/x")) == real.appendingPathComponent("x"))
        #expect(FileIdentity.resolvingSymlinks(dir.file("dangling")) == real.appendingPathComponent("new"))
        #expect(FileIdentity.resolvingSymlinks(dir.file("missing/deeper/x")).path.hasSuffix("/missing/deeper/x"))
    }
}
