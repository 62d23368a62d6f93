import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct TransformingMigrationTests {
    /// Upper-cases a string value; nil when it already is (the new shape).
    static func upperCasing(key: StorageKey = .recentSearches, to destination: StorageKey? = nil)
        -> TransformingMigration
    {
        TransformingMigration(identifier: "test.upper", key: key, destinationKey: destination) { value in
            guard case .string(let text) = value else { throw MigrationError.transformationFailed("not a string") }
            return text == text.uppercased() ? nil : (.string(text.uppercased()), 1)
        }
    }

    @Test func rewritesTheValueInPlace() throws {
        let store = InMemoryStore(entries: ["recentSearches": .string("abc")])
        #expect(try store.shouldRun(Self.upperCasing()))
        let result = try store.run(Self.upperCasing())
        #expect(result.success && result.migratedCount == 1)
        #expect(store.entries == ["recentSearches": .string("ABC")])
    }

    @Test func isIdempotent() throws {
        let store = InMemoryStore(entries: ["recentSearches": .string("abc")])
        try store.run(Self.upperCasing())
        #expect(try store.run(Self.upperCasing()) == .nothingToDo)
        #expect(store.entries == ["recentSearches": .string("ABC")])
    }

    @Test func emptyStoreHasNothingToDo() throws {
        try InMemoryStore().expectNothingToDo(Self.upperCasing())
    }

    @Test func transformErrorIsReportedAsAFailedResult() throws {
        let store = InMemoryStore(entries: ["recentSearches": .integer(3)])
        let result = try store.run(Self.upperCasing())
        #expect(!result.success)
        #expect(result.errors == [.transformationFailed("not a string")])
        #expect(store.entries == ["recentSearches": .integer(3)])
    }

    @Test func separateDestinationReceivesTheValueAndTheSourceGoes() throws {
        let store = InMemoryStore(entries: ["resolverURL": .string("abc")])
        try store.run(Self.upperCasing(key: .legacyResolverURL, to: .appPreferences))
        #expect(store.entries == ["app.preferences": .string("ABC")])
    }

    /// Fixed bug: a value already in the new shape stayed under the old key for ever.
    @Test func separateDestinationReceivesAValueAlreadyInTheNewShape() throws {
        let migration = Self.upperCasing(key: .legacyResolverURL, to: .appPreferences)
        let store = InMemoryStore(entries: ["resolverURL": .string("ABC")])
        let result = try store.run(migration)
        #expect(result.success && result.migratedCount == 1)
        #expect(store.entries == ["app.preferences": .string("ABC")])
        #expect(try !store.shouldRun(migration))
    }

    @Test func erasedKindIsTransforming() {
        #expect(AnyStorageMigration(Self.upperCasing()).kind == .transforming)
        #expect(Self.upperCasing(key: .legacyResolverURL, to: .appPreferences).destinationKey == .appPreferences)
    }

    /// The real v1 step: canonical, one record per domain, unreadable elements kept at the end.
    @Test func version1NormalisesTrackedDomainsAndKeepsWhatItCannotRead() throws {
        let store = InMemoryStore(entries: [
            "trackedDomains": .json(
                """
                [7,{"id":"11111111-1111-4111-8111-111111111111","domain":" Example.COM. ","addedAt":"2024-01-01T00:00:00Z"},
                 {"id":"22222222-2222-4222-8222-222222222222","domain":"example.com","addedAt":"2024-02-01T00:00:00Z","isFavorite":true}]
                """)
        ])
        let migration = try #require(
            DataMigrationService.storeVersions[0].migrations.first { $0.identifier == "v1.normalize-tracked-domains" })
        let result = try store.run(migration)
        #expect(result.migratedCount == 2)
        guard case .data(let data)? = store.entries["trackedDomains"] else {
            Issue.record("trackedDomains is not data")
            return
        }
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"[{"id":"11111111-1111-4111-8111-111111111111","domain":"example.com","notes":"","tags":[],"status":"active","isFavorite":true,"addedAt":"2024-01-01T00:00:00Z"},7]"#
        )
        #expect(try store.run(migration) == .nothingToDo)
    }

    @Test func version1LeavesATrackedDomainsBlobThatIsNotAnArrayAlone() throws {
        let store = InMemoryStore(entries: ["trackedDomains": .json(#"{"not":"an array"}"#)])
        let migration = try #require(
            DataMigrationService.storeVersions[0].migrations.first { $0.identifier == "v1.normalize-tracked-domains" })
        #expect(try store.run(migration) == .nothingToDo)
        #expect(store.entries == ["trackedDomains": .json(#"{"not":"an array"}"#)])
    }

    /// Fixed bug: an element both re-spelled and a duplicate was counted twice.
    @Test func version1CountsEachSavedDomainChangedOnce() throws {
        let store = InMemoryStore(entries: [
            "savedDomains": .json(#"["Example.COM","example.com.","acme.io","not a domain!"]"#)
        ])
        let migration = try #require(
            DataMigrationService.storeVersions[0].migrations.first { $0.identifier == "v1.normalize-saved-domains" })
        let result = try store.run(migration)
        #expect(result.migratedCount == 2)
        #expect(store.entries["savedDomains"] == .json(#"["example.com","acme.io","not a domain!"]"#))
    }
}
