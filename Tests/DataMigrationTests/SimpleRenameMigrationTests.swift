import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct SimpleRenameMigrationTests {
    let rename = SimpleRenameMigration(identifier: "test.rename", from: .legacyWatchedDomains, to: .trackedDomains)

    @Test func movesTheValueAndRemovesTheLegacyKey() throws {
        let store = InMemoryStore(entries: ["watchedDomains": .json("[1]")])
        #expect(try store.shouldRun(rename))
        let result = try store.run(rename)
        #expect(result.success && result.migratedCount == 1)
        #expect(result.metadata == ["from": "watchedDomains", "to": "trackedDomains"])
        #expect(store.entries == ["trackedDomains": .json("[1]")])
    }

    @Test func withoutCombineTheDestinationWinsAndTheLegacyValueGoes() throws {
        let store = InMemoryStore(entries: ["watchedDomains": .json("[1]"), "trackedDomains": .json("[2]")])
        try store.run(rename)
        #expect(store.entries == ["trackedDomains": .json("[2]")])
    }

    @Test func combineMergesBothValues() throws {
        let combining = SimpleRenameMigration(
            identifier: "test.rename", from: .legacyWatchedDomains, to: .trackedDomains
        ) { destination, source in
            guard case .data(let kept) = destination, case .data(let added) = source else {
                throw MigrationError.validationFailed("not data")
            }
            return (.data(kept + added), 2)
        }
        let store = InMemoryStore(entries: ["watchedDomains": .json("b"), "trackedDomains": .json("a")])
        let result = try store.run(combining)
        #expect(result.migratedCount == 2)
        #expect(store.entries == ["trackedDomains": .json("ab")])
    }

    @Test func isIdempotent() throws {
        let store = InMemoryStore(entries: ["watchedDomains": .json("[1]")])
        try store.expectIdempotent(rename)
    }

    @Test func emptyStoreHasNothingToDo() throws {
        try InMemoryStore().expectNothingToDo(rename)
    }

    @Test func erasedKindIsSimpleRename() {
        let erased = AnyStorageMigration(rename)
        #expect(erased.kind == .simpleRename)
        #expect(erased.identifier == "test.rename" && erased.destinationKey == .trackedDomains)
    }

    /// The real step: watchedDomains merged into trackedDomains by the tracked-domain rule.
    @Test func version1RenameMergesWatchedIntoTrackedDomains() throws {
        let store = InMemoryStore(entries: [
            "trackedDomains": .json(
                #"[{"id":"11111111-1111-4111-8111-111111111111","domain":"example.com","addedAt":"2024-01-01T00:00:00Z"}]"#
            ),
            "watchedDomains": .json(
                #"[{"id":"22222222-2222-4222-8222-222222222222","domain":"Example.com.","addedAt":"2023-01-01T00:00:00Z","notes":"old"}]"#
            ),
        ])
        let migration = try #require(DataMigrationService.storeVersions[0].migrations.first)
        #expect(migration.identifier == "v1.rename-watched-domains")
        try store.run(migration)
        #expect(store.entries["watchedDomains"] == nil)
        guard case .data(let data)? = store.entries["trackedDomains"] else {
            Issue.record("trackedDomains is not data")
            return
        }
        let merged = try StrictJSON(parsing: [UInt8](data))
        // The earlier copy is the base: its id, addedAt and notes.
        #expect(
            merged
                == .array([
                    .object([
                        "id": .string("22222222-2222-4222-8222-222222222222"), "domain": .string("example.com"),
                        "notes": .string("old"),
                        "tags": .array([]), "status": .string("active"), "isFavorite": .bool(false),
                        "addedAt": .string("2023-01-01T00:00:00Z"),
                    ])
                ]))
    }

    /// Both keys present and one unreadable: merging would drop one, so the step fails and
    /// the store stays as it was (Docs/migrations.md §2).
    @Test func version1FailsRatherThanDropAnUnreadableLegacyBlob() throws {
        let entries: [String: StoreValue] = ["trackedDomains": .json("[]"), "watchedDomains": .json("{broken")]
        let store = InMemoryStore(entries: entries)
        #expect(throws: MigrationError.self) { try DataMigrationService().migrateIfNeeded(store: store) }
        #expect(store.entries == entries)
    }
}
