import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

/// `SQLiteStore(readingOnly:)`: a store read without writing it or creating anything beside
/// it, every value from one state of it.
@Suite struct SQLiteStoreReadOnlyTests {
    private func makeStore(in folder: TemporaryDirectory) throws -> URL {
        let url = folder.file("store.sqlite")
        let store = try SQLiteStore(url: url, createIfMissing: true)
        try store.transaction { transaction in
            try transaction.set(.integer(1), forKey: "a")
            try transaction.set(.integer(1), forKey: "b")
        }
        try store.close()
        return url
    }

    @Test func aClosedStoreIsReadImmutableCreatingAndChangingNothing() throws {
        let folder = try TemporaryDirectory()
        let url = try makeStore(in: folder)
        let before = try FolderState(of: folder.url)
        let store = try SQLiteStore(readingOnly: url)
        #expect(store.access != .readWrite)
        #expect(try store.keys() == ["a", "b"])
        #expect(try entries(of: folder.url) == ["store.sqlite"], "no -wal, no -shm")
        try store.verifyConsistentRead()
        try store.close()
        #expect(try FolderState(of: folder.url) == before)
    }

    /// A writer that opened the store meanwhile and checkpointed into the main file changed
    /// pages under an unlocked reader: the read is reported, not trusted.
    @Test func aCheckpointDuringAnImmutableReadIsDetected() throws {
        let folder = try TemporaryDirectory()
        let url = try makeStore(in: folder)
        let reader = try SQLiteStore(readingOnly: url)
        #expect(try reader.value(forKey: "a") == .integer(1))
        let writer = try SQLiteStore(url: url, createIfMissing: false)
        try writer.set(.integer(2), forKey: "b")
        try writer.close() // checkpoints into the main file
        #expect(throws: StoreError.changedWhileReading(path: url.path)) { try reader.verifyConsistentRead() }
        try reader.close()
    }

    /// With a writer's connection open (its `-wal` exists) the read goes through SQLite's
    /// locking: one read transaction, so a commit made after the first read is not seen.
    @Test func aStoreAWriterHasOpenIsReadAsOneSnapshot() throws {
        let folder = try TemporaryDirectory()
        let url = try makeStore(in: folder)
        let writer = try SQLiteStore(url: url, createIfMissing: false)
        try writer.set(.integer(1), forKey: "c")
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
        let reader = try SQLiteStore(readingOnly: url)
        #expect(reader.access == .readOnly)
        #expect(try reader.value(forKey: "a") == .integer(1))
        try writer.transaction { transaction in
            try transaction.set(.integer(2), forKey: "a")
            try transaction.set(.integer(2), forKey: "b")
        }
        #expect(try reader.value(forKey: "b") == .integer(1), "the reader's snapshot predates the commit")
        try reader.verifyConsistentRead()
        try reader.close()
        try writer.close()
    }

    @Test func aMissingStoreIsNotFoundAndNothingIsCreated() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("absent.sqlite")
        #expect(throws: StoreError.notFound(path: url.path)) { try SQLiteStore(readingOnly: url) }
        #expect(try entries(of: folder.url) == [])
    }

    /// The `-wal` holds commits, the `-shm` index is gone and the folder may not be written:
    /// SQLite would have to create the index; the reader says so instead of reading less.
    @Test func aLogWithoutItsIndexInAFolderThatMayNotBeWrittenIsReported() throws {
        let folder = try TemporaryDirectory()
        let url = try makeStore(in: folder)
        try Data("log".utf8).write(to: URL(fileURLWithPath: url.path + "-wal"))
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        let error = withUnprivilegedFileAccess {
            #expect(throws: StoreError.self) { try SQLiteStore(readingOnly: url) }
        }
        guard case .cannotReadWithoutWriting(let path, let reason)? = error else {
            Issue.record("expected cannotReadWithoutWriting, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(reason.contains("-shm"))
    }
}

/// One lock per store file, whatever the spelling (issue 15.4).
@Suite struct StoreLockSpellingTests {
    @Test(arguments: ["store.sqlite", "store.plist"])
    func aSymbolicLinkDotDotAndAHardLinkReachTheSameLock(name: String) throws {
        let folder = try TemporaryDirectory()
        let store = folder.file(name)
        try Data("the store".utf8).write(to: store)
        try FileManager.default.createDirectory(at: folder.file("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: name)
        try FileManager.default.linkItem(at: store, to: folder.file("hard"))
        let held = try StoreLock.acquire(forStoreAt: store, mode: .mustExist)
        for (spelling, expected) in [
            (folder.file("link"), StoreError.busy(storePath: store.path, holderPID: getpid())),
            (folder.file("sub/../\(name)"), .busy(storePath: store.path, holderPID: getpid())),
            (URL(fileURLWithPath: folder.path + "/sub/../" + name), .busy(storePath: store.path, holderPID: getpid())),
            (folder.file("hard"), .busy(storePath: folder.file("hard").path, holderPID: nil)),
        ] {
            #expect(throws: expected, "\(spelling.path)") {
                try StoreLock.acquire(forStoreAt: spelling, mode: .mustExist)
            }
        }
        #expect(
            try entries(of: folder.url) == ["hard", "link", name, name + ".lock", "sub"].sorted(),
            "the refused hard link left no lock file of its own")
        held.release()
        let viaLink = try StoreLock.acquire(forStoreAt: folder.file("link"), mode: .mustExist)
        #expect(viaLink.lockURL == folder.file(name + ".lock"))
        viaLink.release()
        #expect(try String(contentsOf: store, encoding: .utf8) == "the store", "locking writes nothing into the store")
    }

    @Test func aLockThatCreatedFoldersRemovesThemWithItsLockFile() throws {
        let folder = try TemporaryDirectory()
        let lock = try StoreLock.acquire(forStoreAt: folder.file("a/b/store.sqlite"), mode: .createIfMissing)
        #expect(lock.createdFolders == [folder.file("a"), folder.file("a/b")])
        #expect(lock.createdLockFile)
        lock.releaseRemovingLockFile()
        #expect(try entries(of: folder.url) == [])
    }
}

/// Temporary copies killed writers left beside a store (issue 16.5).
@Suite struct StoreLeftoversTests {
    @Test func onlyThisStoresTemporaryCopiesAndTheirCompanionsAreLeftovers() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("st.plist")
        let names = [
            ".st.plist.tmp-0123456789abcdef", ".st.plist.tmp-fedcba9876543210-wal", ".st.plist.tmp-fedcba9876543210",
            ".st.plist.tmp-short", ".other.plist.tmp-0123456789abcdef", ".st.plist.before-import.tmp-0123456789abcdef",
            "st.plist", "st.plist.lock",
        ]
        for name in names { try Data("x".utf8).write(to: folder.file(name)) }
        let expected = [
            ".st.plist.tmp-0123456789abcdef", ".st.plist.tmp-fedcba9876543210",
            ".st.plist.tmp-fedcba9876543210-wal",
        ].map { folder.file($0) }
        #expect(StoreLeftovers.find(beside: store) == expected)
        #expect(StoreLeftovers.remove(beside: store) == expected)
        #expect(StoreLeftovers.find(beside: store) == [])
        #expect(try entries(of: folder.url).count == names.count - 3)
    }
}
