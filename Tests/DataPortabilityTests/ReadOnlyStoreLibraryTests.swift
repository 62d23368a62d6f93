import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

/// `ReadOnlyStore` and `OutputGuard`, in the library (issue 15.1 to 15.3).
@Suite struct ReadOnlyStoreLibraryTests {
    let folder: TemporaryDirectory
    let locator: StoreLocator

    init() throws {
        folder = try TemporaryDirectory()
        locator = StoreLocator(environment: [:], currentDirectory: folder.path)
    }

    private func makeStore() throws -> String {
        let url = folder.file("store.sqlite")
        let store = try SQLiteStore(url: url, createIfMissing: true)
        try store.set(.integer(3), forKey: "data.storeSchemaVersion")
        try store.close()
        return url.path
    }

    /// Another process checkpointed into the store while it was read without a lock: nothing
    /// read is kept, and the whole read is done again.
    @Test func aReadDisturbedByACheckpointIsDoneAgain() throws {
        let path = try makeStore()
        var attempts = 0
        let version = try ReadOnlyStore.reading(explicitPath: path, locator: locator) { store in
            attempts += 1
            let read = try store.current.reader.value(forKey: "data.storeSchemaVersion")
            if attempts == 1 {
                let writer = try SQLiteStore(url: URL(fileURLWithPath: path), createIfMissing: false)
                try writer.set(.integer(3), forKey: "written.meanwhile")
                try writer.close()
            }
            try store.snapshot.verifyConsistentRead()
            return read
        }
        #expect(attempts == 2)
        #expect(version == .integer(3))
    }

    @Test func aReadDisturbedEveryTimeFailsAfterItsAttempts() throws {
        let path = try makeStore()
        var attempts = 0
        #expect(throws: StoreError.changedWhileReading(path: path)) {
            try ReadOnlyStore.reading(explicitPath: path, locator: locator, attempts: 2) { store in
                attempts += 1
                let writer = try SQLiteStore(url: URL(fileURLWithPath: path), createIfMissing: false)
                try writer.set(.integer(attempts), forKey: "written.meanwhile")
                try writer.close()
                try store.snapshot.verifyConsistentRead()
            }
        }
        #expect(attempts == 2)
    }

    @Test func anOutputIsRefusedWhenItIsTheStoreByAnyNameOrOneOfItsFiles() throws {
        let path = try makeStore()
        let store = URL(fileURLWithPath: path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: path)
        try FileManager.default.linkItem(atPath: path, toPath: folder.file("hard").path)
        for output in ["store.sqlite", "link", "hard", "store.sqlite-wal", "store.sqlite-shm", "store.sqlite.lock"] {
            #expect(throws: OutputRefusal.self, "\(output)") {
                try OutputGuard.refuse(output: folder.file(output), overwriting: StoreFiles.all(of: store))
            }
        }
        try OutputGuard.refuse(output: folder.file("backup.ddbackup"), overwriting: StoreFiles.all(of: store))
    }
}
