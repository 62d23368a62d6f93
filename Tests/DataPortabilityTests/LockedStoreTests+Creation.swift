import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// `LockedStore.wasCreated` and `discardIfCreated()`: a command that ends without committing
/// anything removes a store it created, with its lock file, and never one that was there before.
extension LockedStoreTests {
    @Test(arguments: ["new.sqlite", "new.plist"])
    func discardRemovesOnlyAStoreThisOpenCreated(name: String) throws {
        let path = folder.file(name).path
        let created = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(created.wasCreated)
        #expect(FileManager.default.fileExists(atPath: path))
        try created.discardIfCreated()
        #expect(FileManager.default.fileExists(atPath: path + ".lock"), "the lock file stays while the lock is held")
        created.release()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == [], "the store, its companions and its lock file are gone")

        let again = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        try again.store.transaction { try $0.set(.integer(7), forKey: "kept") }
        try (again.store as? SQLiteStore)?.close()
        again.release()

        let existing = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        defer { existing.release() }
        #expect(!existing.wasCreated)
        try existing.discardIfCreated()
        #expect(try existing.store.value(forKey: "kept") == .integer(7))
        #expect(FileManager.default.fileExists(atPath: path))
        existing.release()
        #expect(FileManager.default.fileExists(atPath: path + ".lock"), "the lock file of a store that stays stays too")
    }
}
