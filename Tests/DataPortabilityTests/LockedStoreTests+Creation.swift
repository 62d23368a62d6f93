import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// `LockedStore.wasCreated` and `discardIfCreated()`: a command that ends without committing
/// anything removes a store it created, and never one that was there before.
extension LockedStoreTests {
    @Test(arguments: ["new.sqlite", "new.plist"])
    func discardRemovesOnlyAStoreThisOpenCreated(name: String) throws {
        let path = folder.file(name).path
        let created = try LockedStore.open(explicitPath: path, mode: .createIfMissing, locator: locator)
        #expect(created.wasCreated)
        #expect(FileManager.default.fileExists(atPath: path))
        try created.discardIfCreated()
        created.release()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["\(name).lock"], "the store and its companions are gone; the lock file stays")

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
    }
}
