import DataPortability
import DataStore
import Foundation
import TestSupport
import Testing

@Suite struct StoreInventoryTests {
    @Test func describesEveryKeyWithoutInterpretingRecords() throws {
        let store = InMemoryStore(entries: [
            "trackedDomains": .data(Data(#" [{"domain":"a.example"},{"domain":"b.example"},3]"#.utf8)),
            "monitoring.settings": .data(Data(#"{"isEnabled":true}"#.utf8)),
            "lookupHistory": .data(Data("[{".utf8)),
            "purchase.cachedEntitlement": .data(Data()),
            "recentSearches": .string("héllo"),
            "data.storeSchemaVersion": .integer(3),
            "data.migrations.v3_4_0": .bool(true),
            "com.apple.something": .data(Data("[]".utf8)),
        ])
        let inventory = try StoreInventory(reading: store)
        let keys = try store.keys()
        #expect(inventory.entries.map(\.key) == keys)
        // key: kind, bytes, records (- when none), known or unknown.
        let described = inventory.entries.map { entry in
            "\(entry.key): \(entry.kind), \(entry.bytes), \(entry.records.map(String.init) ?? "-"), \(entry.isKnown ? "known" : "unknown")"
        }
        #expect(
            described == [
                "com.apple.something: data, 2, 0, unknown",
                "data.migrations.v3_4_0: a Boolean, 0, -, known",
                "data.storeSchemaVersion: an integer, 0, -, known",
                "lookupHistory: data, 2, -, known", // unreadable JSON has no record count
                "monitoring.settings: data, 18, 1, known",
                "purchase.cachedEntitlement: data, 0, -, known",
                "recentSearches: a string, 6, -, known",
                "trackedDomains: data, 50, 3, known",
            ])
        #expect(inventory.totalBytes == 2 + 2 + 18 + 6 + 50)
    }

    @Test(arguments: StoreUnderTest.allCases)
    func countsTheSampleStoresElements(kind: StoreUnderTest) throws {
        let folder = try TemporaryDirectory()
        let store = try kind.sampledStore(in: folder)
        let inventory = try StoreInventory(reading: store)
        let records = Dictionary(uniqueKeysWithValues: inventory.entries.map { ($0.key, $0.records) })
        // Raw elements, duplicates and malformed ones included: the inventory does not interpret them.
        let expected: [String: Int?] = [
            "trackedDomains": 46, "lookupHistory": 153, "domainAudits": 21, "domainWorkflows": 6,
            "monitoring.logs": 201,
            "monitoring.settings": 1, "recentSearches": 25, "savedDomains": 13, "app.preferences": 1,
            "purchase.cachedEntitlement": 1, "usageCredits.ledger": 1, "data.storeSchemaVersion": nil,
            "reminders.v2": 1,
        ]
        #expect(records == expected)
        #expect(inventory.entries.filter { !$0.isKnown }.map(\.key) == ["reminders.v2"])
        let written =
            Array(SampleStoreGenerator(size: .small, seed: 42).makeValues().values)
            + Array(SampleStoreGenerator.unknownValues.values)
        let expectedBytes = written.reduce(0) { total, value in
            if case .data(let data) = value { return total + data.count }
            return total
        }
        #expect(inventory.totalBytes == expectedBytes)
    }
}
