import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// A new store appears under its name only when its first transaction commits, and a writer
/// that ends without committing leaves nothing: no store, no lock file, no folders.
extension LockedStoreTests {
    @Test(arguments: ["new.sqlite", "new.plist"])
    func aNewStoreAppearsOnlyAtItsFirstCommit(name: String) throws {
        let path = folder.file("a/b/\(name)").path
        let created = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(!created.exists)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing under the name before the commit")
        try created.store.transaction { try $0.set(.integer(7), forKey: "data.storeSchemaVersion") }
        #expect(created.exists)
        #expect(try created.store.value(forKey: "data.storeSchemaVersion") == .integer(7))
        created.release()
        #expect(try folder.names(in: "a/b") == [name, name + ".lock"])
        let reopened = try StoreOpener.open(at: URL(fileURLWithPath: path), mode: .mustExist)
        #expect(try reopened.value(forKey: "data.storeSchemaVersion") == .integer(7))
    }

    @Test(arguments: ["new.sqlite", "new.plist"])
    func aNewStoreThatNeverCommitsLeavesNothingNotEvenItsFolders(name: String) throws {
        let path = folder.file("a/b/\(name)").path
        let created = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(FileManager.default.fileExists(atPath: path + ".lock"), "the lock file exists while it is held")
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try created.store.transaction { transaction in
                try transaction.set(.integer(7), forKey: "data.storeSchemaVersion")
                throw Refused()
            }
        }
        created.release()
        #expect(try folder.names() == [], "no store, no temporary file, no lock file, no folders")
    }

    @Test func aStoreThatExistedStaysWithItsLockFile() throws {
        let path = folder.file("kept.sqlite").path
        let first = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        try first.store.set(.integer(7), forKey: "kept")
        first.release()
        let again = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(again.exists)
        again.release()
        #expect(try folder.names() == ["kept.sqlite", "kept.sqlite.lock"])
    }
}
