import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

@Suite struct StoreLockTests {
    @Test func lockFileSitsBesideTheStoreWithMode0600() throws {
        let folder = try TemporaryDirectory()
        let store = try folder.emptySQLiteStore("store.sqlite")
        let lock = try StoreLock.acquire(forStoreAt: store, mode: .mustExist)
        #expect(lock.lockURL == folder.file("store.sqlite.lock"))
        #expect(StoreLock.lockURL(forStoreAt: store) == lock.lockURL)
        #expect(try permissions(of: lock.lockURL) == 0o600)
        #expect(try String(contentsOf: lock.lockURL, encoding: .utf8) == "\(getpid())\n")
        lock.release()
    }

    @Test func aSecondWriterIsBusyWithTheHoldersPid() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("store.sqlite")
        let lock = try StoreLock.acquire(forStoreAt: store, mode: .createIfMissing)
        let error = #expect(throws: StoreError.busy(storePath: store.path, holderPID: getpid())) {
            try StoreLock.acquire(forStoreAt: store, mode: .createIfMissing)
        }
        #expect(error?.description.contains("process \(getpid())") == true)
        lock.release()
        try StoreLock.acquire(forStoreAt: store, mode: .createIfMissing).release()
    }

    @Test func anotherProcessSeesTheStoreLocked() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("store.sqlite")
        let lock = try StoreLock.acquire(forStoreAt: store, mode: .createIfMissing)
        let result = try runPython(
            """
            import fcntl, os, sys
            fd = os.open(sys.argv[1], os.O_RDWR)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                print("acquired")
            except BlockingIOError:
                print("busy")
            """, [lock.lockURL.path])
        #expect(result == "busy\n")
        lock.release()
    }

    @Test func aMissingStoreIsNotFoundAndLeavesNoLockFile() throws {
        let folder = try TemporaryDirectory()
        let store = folder.file("absent.sqlite")
        #expect(throws: StoreError.notFound(path: store.path)) {
            try StoreLock.acquire(forStoreAt: store, mode: .mustExist)
        }
        #expect(try entries(of: folder.url) == [])
    }

    @Test func creatingModeMakesTheStoresFolders() throws {
        let folder = try TemporaryDirectory()
        let store = folder.url.appendingPathComponent("new/domaindig/store.sqlite")
        let lock = try StoreLock.acquire(forStoreAt: store, mode: .createIfMissing)
        #expect(try permissions(of: folder.url.appendingPathComponent("new/domaindig")) == 0o700)
        lock.release()
    }
}
