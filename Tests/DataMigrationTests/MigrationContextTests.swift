import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct MigrationContextTests {
    @Test func historyComesFromTheJournal() throws {
        let earlier = Date(timeIntervalSince1970: 1_600_000_000)
        let later = Date(timeIntervalSince1970: 1_650_000_000)
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(1)])
        try store.transaction { transaction in
            try MigrationJournal.append(
                MigrationJournalEntry(
                    step: 1, fromVersion: 0, toVersion: 1, appliedAt: earlier, durationMs: 1,
                    counts: ["v1.a": 1, "v1.b": 2], tool: "t"), in: transaction)
            try MigrationJournal.append(
                MigrationJournalEntry(
                    step: 1, fromVersion: 1, toVersion: 1, appliedAt: later, durationMs: 1,
                    counts: ["v1.b": 1], tool: "t (forced)"), in: transaction)
        }
        let recorder = ContextRecorder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let steps = [
            DataMigrationService.storeVersions[0],
            StoreVersionStep(
                version: 2, title: "Recording",
                migrations: [
                    AnyStorageMigration(
                        ScriptedMigration(identifier: "test.record", outcome: .succeeds, contexts: recorder))
                ]),
        ]
        try DataMigrationService(steps: steps, now: { now }).migrateIfNeeded(store: store)

        let context = try #require(recorder.recorded.first)
        // The latest application of each migration, from every journal entry.
        #expect(context.migrationHistory == ["v1.a": earlier, "v1.b": later])
        #expect(context.now == now)
        #expect(context.platform == .current)
        #expect(context.appVersion == MigrationContext().appVersion)
    }

    @Test func migrationThatRanIsInTheHistoryOfTheNextStep() throws {
        let recorder = ContextRecorder()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let steps = [
            StoreVersionStep(
                version: 1, title: "First",
                migrations: [AnyStorageMigration(ScriptedMigration(identifier: "test.first", outcome: .succeeds))]),
            StoreVersionStep(
                version: 2, title: "Second",
                migrations: [
                    AnyStorageMigration(
                        ScriptedMigration(identifier: "test.second", outcome: .succeeds, contexts: recorder))
                ]),
        ]
        try DataMigrationService(steps: steps, now: { now }).migrateIfNeeded(store: InMemoryStore())
        #expect(recorder.recorded.map(\.migrationHistory) == [["test.first": now]])
    }

    @Test func platformDescribesThisMachine() {
        #expect(MigrationContext.Platform.current.operatingSystem == "Linux")
        #expect(MigrationContext.Platform(operatingSystem: "Linux", architecture: "arm64").description == "Linux arm64")
    }
}
