import DataStore
import Foundation
import TestSupport
import Testing

/// `inTransaction`: a body ends its transaction by what it returns — `.commit` keeps every
/// write, `.rollback` none — and the caller gets the body's value either way, on every backend,
/// in memory and on disk; a new store that only ever rolled back never appears.
extension KeyValueStoreTests {
    @Test(arguments: BackendUnderTest.allCases)
    func aRolledBackTransactionChangesNothingAndHandsBackItsValue(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try storeBefore(store)
        let seen = try store.inTransaction { transaction in
            try changeEverything(in: transaction)
            return .rollback((try transaction.keys(), try transaction.data(forKey: "trackedDomains")))
        }
        #expect(seen.0 == ["new", "trackedDomains"], "the body saw its own writes")
        #expect(seen.1 == Data("after".utf8))
        try expectAsBefore(store)
        try expectAsBefore(try backend.reopen(store, in: folder))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func aCommittedTransactionKeepsItsWritesAndHandsBackItsValue(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        // A rollback first: it leaves no transaction open behind it.
        try store.inTransaction { transaction in
            try transaction.set(.integer(1), forKey: "discarded")
            return .rollback
        }
        let count = try store.inTransaction { transaction in
            try transaction.set(.string("kept"), forKey: "a")
            try transaction.set(.integer(2), forKey: "b")
            return .commit(try transaction.keys().count)
        }
        #expect(count == 2)
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.keys() == ["a", "b"])
        #expect(try reopened.value(forKey: "a") == .string("kept"))
    }

    @Test func aNewSQLiteStoreThatRollsBackNeverTakesItsName() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        let store = try NewSQLiteStore(url: url)
        let value = try store.inTransaction { transaction in
            try transaction.set(.integer(3), forKey: "data.storeSchemaVersion")
            return .rollback("planned")
        }
        #expect(value == "planned")
        #expect(!store.isPublished)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try store.keys().isEmpty)
        // The first commit, after the rollback, gives the store its name.
        try store.inTransaction { transaction in
            try transaction.set(.integer(3), forKey: "data.storeSchemaVersion")
            return .commit
        }
        #expect(store.isPublished)
        try store.close()
        let reopened = try SQLiteStore(url: url, createIfMissing: false)
        #expect(try reopened.integer(forKey: "data.storeSchemaVersion") == 3)
        try reopened.close()
        #expect(try folder.names() == ["store.sqlite"], "no temporary file left beside it")
    }

    @Test func aNewPropertyListThatRollsBackIsNeverWritten() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.plist")
        let store = try PropertyListStore(url: url, createIfMissing: true)
        try store.inTransaction { transaction in
            try transaction.set(.integer(3), forKey: "data.storeSchemaVersion")
            return .rollback
        }
        #expect(!store.isWritten)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // Even a rollback that wrote nothing does not create the file, as a commit would.
        try store.inTransaction { _ in .rollback }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        try store.inTransaction { _ in .commit }
        #expect(store.isWritten)
        #expect(try PropertyListStore(url: url, createIfMissing: false).keys().isEmpty)
    }
}
