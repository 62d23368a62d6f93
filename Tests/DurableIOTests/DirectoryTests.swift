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
