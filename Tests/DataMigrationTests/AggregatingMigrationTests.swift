import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct AggregatingMigrationTests {
    /// Joins the string sources, in key order, after what the destination already holds.
    static let joining = AggregatingMigration(
        identifier: "test.join", from: [.legacyResolverURL, .legacyDisplayDensity],
        to: .appPreferences
    ) { existing, sources in
        var parts: [String] = []
        if case .string(let text)? = existing { parts.append(text) }
        for key in [StorageKey.legacyResolverURL, .legacyDisplayDensity] {
            guard let value = sources[key] else { continue }
            guard case .string(let text) = value else {
                throw MigrationError.validationFailed("\(key.rawValue) is not a string")
            }
            parts.append(text)
        }
        return .string(parts.joined(separator: "+"))
    }

    @Test func combinesTheSourcesAndRemovesThem() throws {
        let store = InMemoryStore(entries: [
            "resolverURL": .string("a"), "displayDensity": .string("b"), "other": .integer(1),
        ])
        #expect(try store.shouldRun(Self.joining))
        let result = try store.run(Self.joining)
        #expect(result.success && result.migratedCount == 2)
        #expect(result.metadata == ["sources": "displayDensity,resolverURL"])
        #expect(store.entries == ["app.preferences": .string("a+b"), "other": .integer(1)])
    }

    @Test func existingDestinationIsPassedIn() throws {
        let store = InMemoryStore(entries: ["app.preferences": .string("kept"), "displayDensity": .string("b")])
        try store.run(Self.joining)
        #expect(store.entries == ["app.preferences": .string("kept+b")])
    }

    @Test func isIdempotent() throws {
        let store = InMemoryStore(entries: ["resolverURL": .string("a")])
        try store.expectIdempotent(Self.joining)
        #expect(store.entries == ["app.preferences": .string("a")])
    }

    @Test func emptyStoreHasNothingToDo() throws {
        try InMemoryStore().expectNothingToDo(Self.joining)
    }

    @Test func aggregationErrorIsAFailedResultThatWritesNothing() throws {
        let store = InMemoryStore(entries: ["resolverURL": .integer(1)])
        let result = try store.run(Self.joining)
        #expect(!result.success && result.errors == [.validationFailed("resolverURL is not a string")])
        #expect(store.entries == ["resolverURL": .integer(1)])
    }

    @Test func erasedKindIsAggregating() {
        #expect(AnyStorageMigration(Self.joining).kind == .aggregating)
    }

    /// The real v2 step: the separate keys are newer writes and win; an invalid resolver URL
    /// is not carried over; an unknown density is kept as written.
    @Test func version2SeparateKeysWinOverAnExistingBlob() throws {
        let migration = try #require(DataMigrationService.storeVersions[1].migrations.first)
        let store = InMemoryStore(entries: [
            "app.preferences": .json(
                #"{"resolverURL":"https://dns.google/dns-query","displayDensity":"compact","showRawRecords":true}"#),
            "resolverURL": .string("ftp://not-https"),
            "displayDensity": .string("roomy"),
            "showRawRecords": .bool(false),
        ])
        let result = try store.run(migration)
        #expect(result.migratedCount == 3)
        #expect(
            store.entries == [
                "app.preferences": .json(
                    #"{"resolverURL":"https://dns.google/dns-query","displayDensity":"roomy","showRawRecords":false}"#)
            ])
    }

    @Test func version2WithoutSeparateKeysLeavesPreferencesAlone() throws {
        let migration = try #require(DataMigrationService.storeVersions[1].migrations.first)
        let store = InMemoryStore(entries: ["app.preferences": .json("{}")])
        #expect(try !store.shouldRun(migration))
        #expect(store.entries == ["app.preferences": .json("{}")])
    }
}
