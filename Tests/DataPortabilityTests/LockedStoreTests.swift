import DataPortability
import Foundation
import Glibc
import TestSupport
import Testing

@testable import DataStore

@Suite struct LockedStoreTests {
    let folder: TemporaryDirectory
    let locator: StoreLocator

    init() throws {
        folder = try TemporaryDirectory()
        locator = StoreLocator(environment: [:], currentDirectory: folder.path)
    }

    @Test(arguments: ["store.sqlite", "store.plist"])
    func aSecondOpenWhileTheFirstIsHeldIsBusyNamingThisProcess(name: String) throws {
        let path = folder.file(name).path
        let first = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(first.location.url.path == path)
        try first.store.set(.integer(3), forKey: "data.storeSchemaVersion")
        #expect {
            _ = try LockedStore.open(explicitPath: path, mode: .mustExist, locator: locator)
        } throws: { error in
            error as? StoreError == .busy(storePath: path, holderPID: getpid())
        }
        first.release()
        let second = try LockedStore.open(explicitPath: path, mode: .mustExist, locator: locator)
        second.release()
    }

    @Test func theBackendFollowsTheFileName() throws {
        let sqlite = try LockedStore.open(explicitPath: "a/store.sqlite", mode: .createIfMissing, locator: locator)
        defer { sqlite.release() }
        #expect(sqlite.store is NewSQLiteStore)
        #expect(sqlite.location == StoreLocation(url: folder.file("a/store.sqlite"), source: .commandLine))
        let plist = try LockedStore.open(
            explicitPath: folder.file("b/Preferences.plist").path, mode: .createIfMissing, locator: locator)
        defer { plist.release() }
        #expect(plist.store is PropertyListStore)
    }

    @Test func aMissingStoreIsNotFoundAndLeavesNoLockFile() throws {
        let path = folder.file("absent.sqlite").path
        #expect(throws: StoreError.notFound(path: path)) {
            _ = try LockedStore.open(explicitPath: path, mode: .mustExist, locator: locator)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aForeignFileIsRefusedAndItsLockReleased() throws {
        let url = folder.file("notes.sqlite")
        try Data("These are my notes, not a database.".utf8).write(to: url)
        #expect {
            _ = try LockedStore.open(explicitPath: url.path, mode: .mustExist, locator: locator)
        } throws: { error in
            guard case StoreError.notAStore(let path, _) = error else { return false }
            return path == url.path
        }
        #expect(try Data(contentsOf: url) == Data("These are my notes, not a database.".utf8))
        let lock = try StoreLock.acquire(forStoreAt: url, mode: .mustExist)
        lock.release()
    }

    @Test func theEnvironmentNamesTheStoreWhenNoPathIsGiven() throws {
        let path = folder.file("env.sqlite").path
        let locator = StoreLocator(environment: [StoreLocator.storeVariable: path], currentDirectory: folder.path)
        let locked = try LockedStore.open(explicitPath: nil, mode: .createIfMissing, locator: locator)
        defer { locked.release() }
        #expect(locked.location.source == .environment)
        #expect(locked.location.url.path == path)
        try locked.store.set(.integer(3), forKey: "data.storeSchemaVersion")
        #expect(try locked.store.value(forKey: "data.storeSchemaVersion") == .integer(3))
    }
}
