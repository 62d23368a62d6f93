import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct AnyStorageMigrationTests {
    @Test func forwardsToTheWrappedMigration() throws {
        let erased = AnyStorageMigration(ScriptedMigration(identifier: "test.wrapped", outcome: .succeeds))
        #expect(erased.identifier == "test.wrapped")
        #expect(erased.destinationKey == .domainWorkflows)
        let store = InMemoryStore()
        #expect(try store.shouldRun(erased))
        #expect(try store.run(erased) == MigrationResult(success: true, migratedCount: 1))
        #expect(store.entries[ScriptedMigration.writtenKey] == .string("written by test.wrapped"))
    }

    @Test func migrationOutsideTheFourKindsIsCustom() {
        #expect(AnyStorageMigration(ScriptedMigration(outcome: .succeeds)).kind == .custom)
    }

    /// Fixed bug: erasing an erased migration again lost its kind (it became `.custom`).
    @Test func erasingTwiceKeepsTheKind() {
        let rename = AnyStorageMigration(
            SimpleRenameMigration(identifier: "r", from: .legacyWatchedDomains, to: .trackedDomains))
        #expect(AnyStorageMigration(rename).kind == .simpleRename)
        #expect(AnyStorageMigration(AnyStorageMigration(rename)).kind == .simpleRename)
    }

    @Test func realStepsUseTheFourKinds() {
        let kinds = DataMigrationService.storeVersions.flatMap(\.migrations).map(\.kind)
        #expect(Set(kinds) == [.simpleRename, .transforming, .aggregating, .conditional])
        let identifiers = DataMigrationService.storeVersions.flatMap(\.migrations).map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count, "migration identifiers must be unique: \(identifiers)")
    }
}
