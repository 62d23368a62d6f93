import DataStore
import Foundation
import TestSupport
import Testing

@testable import DataMigration

/// `currentView(of:)`: an older store seen at today's version without writing to it — what
/// export reads (issue 15.1).
extension DataMigrationServiceTests {
    @Test(arguments: Backend.allCases, StoreFixture.migratable)
    func theCurrentViewHoldsWhatMigratingWouldWriteAndTheStoreStaysAsItWas(
        backend: Backend, fixture: StoreFixture
    ) throws {
        let folder = try TemporaryDirectory()
        let (store, reopen) = try backend.copy(of: fixture, into: folder)
        try (store as? SQLiteStore)?.close()
        let before = try FolderState(of: folder.url)
        let snapshot = try reopen()
        let view = try service.currentView(of: snapshot)

        let otherFolder = try TemporaryDirectory()
        let (migrated, _) = try backend.copy(of: fixture, into: otherFolder)
        let report = try service.migrateIfNeeded(store: migrated)
        #expect(view.report.fromVersion == report.fromVersion)
        #expect(view.report.toVersion == report.toVersion)
        #expect(view.report.applied.map(\.version) == report.applied.map(\.version))
        #expect(try view.reader.keys() == migrated.keys())
        for key in try migrated.keys() where key != StorageKey.migrationJournal.rawValue {
            #expect(try view.reader.value(forKey: key) == migrated.value(forKey: key), "\(fixture) \(key)")
        }
        try (snapshot as? SQLiteStore)?.close()
        #expect(try FolderState(of: folder.url) == before, "the store was not written")
    }

    @Test func aNewerStoreHasNoCurrentView() throws {
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(99)])
        #expect(throws: MigrationError.self) { try service.currentView(of: store) }
        #expect(store.entries == ["data.storeSchemaVersion": .integer(99)])
    }
}
