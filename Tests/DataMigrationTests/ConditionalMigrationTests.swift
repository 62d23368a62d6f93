import DataStore
import Foundation
import Testing

@testable import DataMigration

@Suite struct ConditionalMigrationTests {
    static let inner = AnyStorageMigration(
        TransformingMigration(identifier: "test.inner", key: .usageCreditLedger) { value in
            value == .string("new") ? nil : (.string("new"), 1)
        })

    /// Runs `inner` only while the ledger is the string "old".
    static let whenOld = ConditionalMigration(
        identifier: "test.when-old", when: "the ledger is old",
        condition: { store, _ in try store.value(forKey: "usageCredits.ledger") == .string("old") },
        run: inner)

    @Test func runsTheMigrationWhenTheConditionHolds() throws {
        let store = InMemoryStore(entries: ["usageCredits.ledger": .string("old")])
        #expect(try store.shouldRun(Self.whenOld))
        let result = try store.run(Self.whenOld)
        #expect(result.success && result.migratedCount == 1)
        #expect(result.metadata["condition"] == "the ledger is old")
        #expect(store.entries == ["usageCredits.ledger": .string("new")])
    }

    @Test func doesNothingWhenTheConditionFails() throws {
        let store = InMemoryStore(entries: ["usageCredits.ledger": .string("other")])
        // Even when called directly, the condition is checked again, and the store is left as it was.
        try store.expectNothingToDo(Self.whenOld)
    }

    @Test func isIdempotent() throws {
        let store = InMemoryStore(entries: ["usageCredits.ledger": .string("old")])
        try store.expectIdempotent(Self.whenOld)
    }

    @Test func emptyStoreHasNothingToDo() throws {
        try InMemoryStore().expectNothingToDo(Self.whenOld)
    }

    @Test func conditionMaySeeTheContext() throws {
        let onLinux = ConditionalMigration(
            identifier: "test.platform", when: "on Linux",
            condition: { _, context in context.platform.operatingSystem == "Linux" }, run: Self.inner)
        let store = InMemoryStore(entries: ["usageCredits.ledger": .string("old")])
        let elsewhere = MigrationContext(platform: .init(operatingSystem: "macOS", architecture: "arm64"))
        #expect(try !store.shouldRun(onLinux, context: elsewhere))
        let linux = MigrationContext(platform: .init(operatingSystem: "Linux", architecture: "x86_64"))
        #expect(try store.shouldRun(onLinux, context: linux))
    }

    @Test func kindAndDestinationComeFromTheWrapper() {
        let erased = AnyStorageMigration(Self.whenOld)
        #expect(erased.kind == .conditional)
        #expect(erased.destinationKey == .usageCreditLedger)
        #expect(Self.whenOld.migration.kind == .transforming)
    }

    /// The real v3 step: a ledger already in the object shape is left alone.
    @Test func version3LedgerStepRunsOnlyOnTheLegacyArray() throws {
        let migration = try #require(
            DataMigrationService.storeVersions[2].migrations.first { $0.identifier == "v3.ledger-object" })
        let object = StoreValue.json(#"{"balance":5,"entries":[]}"#)
        let current = InMemoryStore(entries: ["usageCredits.ledger": object])
        #expect(try !current.shouldRun(migration))
        #expect(try current.run(migration) == .nothingToDo)
        #expect(current.entries == ["usageCredits.ledger": object])

        let legacy = InMemoryStore(entries: ["usageCredits.ledger": .json(" []")])
        #expect(try legacy.shouldRun(migration))
        try legacy.run(migration)
        #expect(legacy.entries == ["usageCredits.ledger": .json(#"{"balance":0,"entries":[]}"#)])
    }
}
