import DataStore
import Foundation
import Testing

@testable import DataMigration

/// Store version 3 on the states a real store can be in, damaged ones included.
@Suite struct StoreVersion3Tests {
    let service = DataMigrationService()
    let atVersion2: [String: StoreValue] = ["data.storeSchemaVersion": .integer(2)]

    func migrated(_ entries: [String: StoreValue]) throws -> InMemoryStore {
        let store = InMemoryStore(entries: atVersion2.merging(entries) { $1 })
        try service.migrateIfNeeded(store: store)
        return store
    }

    /// Fixed bug: an unreadable lookupHistory failed the step, so the store could never reach
    /// version 3 and nothing could be exported from it. It is now left for the loaders to
    /// report, as version 1 leaves unreadable domain lists.
    @Test(arguments: [#"{"not":"an array"}"#, "[{\"id\":", "null", ""])
    func unreadableLookupHistoryIsLeftAloneAndTheStepCompletes(blob: String) throws {
        let store = try migrated(["lookupHistory": .json(blob)])
        #expect(store.entries["data.storeSchemaVersion"] == .integer(3))
        #expect(store.entries["lookupHistory"] == .json(blob))
    }

    /// Fixed bug: the same for a ledger that starts like the legacy array but is not JSON.
    @Test func unreadableLegacyLedgerIsLeftAloneAndTheStepCompletes() throws {
        let store = try migrated(["usageCredits.ledger": .json(#"[{"date": "2024-01-01T00:00:00Z", "delta": 5"#)])
        #expect(store.entries["data.storeSchemaVersion"] == .integer(3))
        #expect(store.entries["usageCredits.ledger"] == .json(#"[{"date": "2024-01-01T00:00:00Z", "delta": 5"#))
    }

    /// Fixed bug: elements of the legacy ledger that are not objects were dropped.
    @Test func ledgerElementsThatAreNotObjectsAreKept() throws {
        let store = try migrated([
            "usageCredits.ledger": .json(
                #"["memo",{"id":"0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978","date":"2024-01-01T00:00:00Z","delta":5,"reason":"bonus"},7]"#
            )
        ])
        #expect(
            store.entries["usageCredits.ledger"]
                == .json(
                    #"{"balance":5,"entries":["memo",{"id":"0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978","at":"2024-01-01T00:00:00Z","amount":5,"kind":"grant"},7]}"#
                ))
    }

    @Test func derivedLedgerIDsAreStableAcrossStores() throws {
        let ledger = StoreValue.json(#"[{"date":"2024-01-01T00:00:00Z","delta":1,"reason":"grant"}]"#)
        #expect(
            try migrated(["usageCredits.ledger": ledger]).entries["usageCredits.ledger"]
                == (try migrated(["usageCredits.ledger": ledger]).entries["usageCredits.ledger"]))
    }

    @Test func snapshotsAlreadyTypedAndOtherFieldsAreCopiedByteForByte() throws {
        let typed =
            #"{"id":"0b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978","domain":"a.example","capturedAt":"2024-01-01T00:00:00Z","dns":{"records":[]}}"#
        let legacy =
            #"{"id":"1b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978", "domain":"b.example","x":[1, 2],"dns":{"ttl":5,"answers":{"MX":["10 mx.b.example","bad"]}}}"#
        let store = try migrated(["lookupHistory": .json("[\(typed), 3,\(legacy)]")])
        #expect(
            store.entries["lookupHistory"]
                == .json(
                    #"[\#(typed),3,{"id":"1b7d5c1e-7a3f-4f6a-9f1e-2d3c4b5a6978","domain":"b.example","x":[1, 2],"dns":{"records":[{"type":"MX","name":"b.example","value":"mx.b.example","ttl":5,"priority":10},{"type":"MX","name":"b.example","value":"bad","ttl":5}]}}]"#
                ))
    }

    @Test func emptyStoreAtVersion2OnlyGetsTheStamp() throws {
        let store = try migrated([:])
        #expect(Set(store.entries.keys) == ["data.storeSchemaVersion", "data.migrationJournal"])
    }
}
