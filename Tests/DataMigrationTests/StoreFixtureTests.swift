import DataStore
import Foundation
import TestSupport
import Testing

@testable import DataMigration

/// Every store fixture, migrated, against the store its expected file describes
/// (Tests/Fixtures/Stores; generate-fixtures.py says what each one exercises).
@Suite struct StoreFixtureTests {
    let service = DataMigrationService()

    @Test(arguments: StoreFixture.migratable)
    func migratesToTheExpectedStore(fixture: StoreFixture) throws {
        let folder = try TemporaryDirectory()
        let url = try fixture.copy(into: folder)
        let expected = try fixture.expectation()
        #expect(expected.error == nil)

        try service.migrateIfNeeded(store: try PropertyListStore(url: url, createIfMissing: false))

        // Read back from disk: what counts is what was written.
        let migrated = try PropertyListStore(url: url, createIfMissing: false)
        let difference = StoreContents.difference(expected: expected.store, actual: try StoreContents.of(migrated))
        #expect(difference == nil, "\(fixture)")
        #expect(
            try migrated.value(forKey: "data.storeSchemaVersion")
                == .integer(DataMigrationService.currentStoreSchemaVersion))
        #expect(try MigrationJournal.entries(in: migrated).map(\.step) == expected.journalSteps)
    }

    @Test(arguments: StoreFixture.migratable)
    func secondRunChangesNothing(fixture: StoreFixture) throws {
        let folder = try TemporaryDirectory()
        let url = try fixture.copy(into: folder)
        try service.migrateIfNeeded(store: try PropertyListStore(url: url, createIfMissing: false))
        let afterFirstRun = try Data(contentsOf: url)
        let journal = try MigrationJournal.entries(in: try PropertyListStore(url: url, createIfMissing: false))

        let store = try PropertyListStore(url: url, createIfMissing: false)
        let report = try service.migrateIfNeeded(store: store)
        #expect(report.applied.isEmpty)
        #expect(report.fromVersion == DataMigrationService.currentStoreSchemaVersion)
        #expect(try Data(contentsOf: url) == afterFirstRun)
        #expect(try MigrationJournal.entries(in: store) == journal)
    }

    /// The backends hold the same values, so the same steps give the same store.
    @Test(arguments: StoreFixture.migratable)
    func sqliteStoreReachesTheSameExpectedStore(fixture: StoreFixture) throws {
        let folder = try TemporaryDirectory()
        let store = try fixture.sqliteCopy(into: folder)
        let expected = try fixture.expectation()
        try service.migrateIfNeeded(store: store)
        try store.close()

        let reopened = try SQLiteStore(url: store.url, createIfMissing: false)
        let difference = StoreContents.difference(expected: expected.store, actual: try StoreContents.of(reopened))
        #expect(difference == nil, "\(fixture)")
        #expect(try MigrationJournal.entries(in: reopened).map(\.step) == expected.journalSteps)
    }

    @Test func newerFixtureIsRefusedAndLeftByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = try StoreFixture.newer.copy(into: folder)
        let before = try Data(contentsOf: url)
        let expected = try StoreFixture.newer.expectation()
        #expect(expected.error == "storeIsNewer")

        #expect(throws: MigrationError.storeIsNewer(found: 99, supported: 3, location: url.path)) {
            try service.migrateIfNeeded(store: try PropertyListStore(url: url, createIfMissing: false))
        }
        #expect(try Data(contentsOf: url) == before)
        let store = try PropertyListStore(url: url, createIfMissing: false)
        #expect(StoreContents.difference(expected: expected.store, actual: try StoreContents.of(store)) == nil)
        #expect(try MigrationJournal.entries(in: store).map(\.step) == expected.journalSteps)
    }

    /// The marker fixture holds a duplicate that version 1 would have merged: it survives.
    @Test func markerFixtureKeepsWhatVersion1WouldHaveMerged() throws {
        let folder = try TemporaryDirectory()
        let url = try StoreFixture(name: "v0-marker").copy(into: folder)
        let store = try PropertyListStore(url: url, createIfMissing: false)
        #expect(try DataMigrationService.storedVersion(in: store) == 1)
        let report = try service.migrateIfNeeded(store: store)
        #expect(report.applied.map(\.version) == [2, 3])
        let tracked = try #require(try StoreContents.of(store)["trackedDomains"]?.arrayElements)
        #expect(tracked.compactMap { $0["domain"]?.stringValue } == ["shop.example", "Shop.Example."])
    }
}
