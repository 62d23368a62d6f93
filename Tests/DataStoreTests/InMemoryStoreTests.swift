import Foundation
import Testing

@testable import DataStore

@Suite struct InMemoryStoreTests {
    struct Abort: Error {}

    @Test func startsWithTheGivenEntriesAndReportsItsLocation() throws {
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(2)])
        #expect(store.location == "memory")
        #expect(try store.integer(forKey: "data.storeSchemaVersion") == 2)
    }

    @Test func entriesChangeOnlyWhenATransactionSucceeds() throws {
        let store = InMemoryStore()
        try store.set(.bool(true), forKey: "data.migrations.v3_4_0")
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                try transaction.removeValue(forKey: "data.migrations.v3_4_0")
                throw Abort()
            }
        }
        #expect(store.entries == ["data.migrations.v3_4_0": .bool(true)])
    }
}
