import DataStore
import Foundation
import TestSupport
import Testing

/// The contract every backend keeps, run against each of them.
@Suite struct KeyValueStoreTests {
    struct Abort: Error {}

    @Test(arguments: BackendUnderTest.allCases)
    func roundTripsEveryKindOfValue(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.transaction { transaction in
            for (key, value) in SampleValues.everyKind {
                try transaction.set(value, forKey: key)
            }
        }
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.keys() == SampleValues.everyKind.keys.sorted())
        for (key, value) in SampleValues.everyKind {
            #expect(try reopened.value(forKey: key) == value, "key \(key)")
        }
    }

    @Test(arguments: BackendUnderTest.allCases)
    func datesKeepTheirPrecisionWhereTheFormatAllows(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(SampleValues.preciseDate, forKey: "when")
        let read = try backend.reopen(store, in: folder).value(forKey: "when")
        guard case .date(let date)? = read, case .date(let expected) = SampleValues.preciseDate else {
            Issue.record("expected a date, read \(String(describing: read))")
            return
        }
        if backend.keepsSubsecondDates {
            #expect(date == expected)
        } else {
            #expect(
                date == Date(timeIntervalSinceReferenceDate: expected.timeIntervalSinceReferenceDate.rounded(.down)))
        }
    }

    /// Two keys committed, which a transaction that does not commit must leave as they are.
    func storeBefore(_ store: any KeyValueStore) throws {
        try store.set(.data(Data("before".utf8)), forKey: "trackedDomains")
        try store.set(.integer(1), forKey: "data.storeSchemaVersion")
    }

    /// Changes every key of `storeBefore`'s one way or another.
    func changeEverything(in transaction: any StoreTransaction) throws {
        try transaction.set(.data(Data("after".utf8)), forKey: "trackedDomains")
        try transaction.removeValue(forKey: "data.storeSchemaVersion")
        try transaction.set(.bool(true), forKey: "new")
    }

    /// Checks that `store` holds exactly what `storeBefore` committed.
    func expectAsBefore(_ store: any KeyValueStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try store.keys() == ["data.storeSchemaVersion", "trackedDomains"], sourceLocation: sourceLocation)
        #expect(try store.data(forKey: "trackedDomains") == Data("before".utf8), sourceLocation: sourceLocation)
        #expect(try store.integer(forKey: "data.storeSchemaVersion") == 1, sourceLocation: sourceLocation)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func aThrowingTransactionChangesNothing(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try storeBefore(store)
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                try changeEverything(in: transaction)
                throw Abort()
            }
        }
        try expectAsBefore(store)
        try expectAsBefore(try backend.reopen(store, in: folder))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func aTransactionSeesItsOwnWritesAndReturnsItsResult(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(.string("old"), forKey: "b")
        let seen = try store.transaction { transaction in
            try transaction.set(.string("new"), forKey: "b")
            try transaction.set(.integer(1), forKey: "a")
            try transaction.removeValue(forKey: "missing")
            return (try transaction.keys(), try transaction.value(forKey: "b"))
        }
        #expect(seen.0 == ["a", "b"])
        #expect(seen.1 == .string("new"))
        #expect(try store.value(forKey: "b") == .string("new"))
    }

    @Test(arguments: BackendUnderTest.allCases)
    func removeValueDeletesOnlyThatKey(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        try store.set(.integer(1), forKey: "watchedDomains")
        try store.set(.integer(2), forKey: "trackedDomains")
        try store.removeValue(forKey: "watchedDomains")
        try store.removeValue(forKey: "watchedDomains")
        let reopened = try backend.reopen(store, in: folder)
        #expect(try reopened.keys() == ["trackedDomains"])
        #expect(try reopened.value(forKey: "watchedDomains") == nil)
    }

    @Test(arguments: BackendUnderTest.allCases)
    func keysAreSortedTheSameWayInEveryBackend(backend: BackendUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try backend.makeStore(in: folder)
        let keys = ["monitoring.logs", "Zeta", "ärger", "a", "monitoring.settings", "_x", "10", "9"]
        try store.transaction { transaction in
            for key in keys { try transaction.set(.bool(true), forKey: key) }
        }
        #expect(try backend.reopen(store, in: folder).keys() == keys.sorted())
    }
}
