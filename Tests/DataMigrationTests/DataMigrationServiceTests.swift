import DataStore
import Foundation
import TestSupport
import Testing

@testable import DataMigration

@Suite struct DataMigrationServiceTests {
    static let fixedNow = Date(timeIntervalSince1970: 1_750_000_000)
    let service = DataMigrationService(now: { DataMigrationServiceTests.fixedNow })

    enum Backend: String, CaseIterable, CustomStringConvertible {
        case propertyList, sqlite
        var description: String { rawValue }

        /// A copy of `fixture` in this backend, and a way to reopen it from disk.
        func copy(of fixture: StoreFixture, into folder: TemporaryDirectory) throws -> (
            store: any KeyValueStore, reopen: () throws -> any KeyValueStore
        ) {
            switch self {
            case .propertyList:
                let url = try fixture.copy(into: folder)
                return (
                    try PropertyListStore(url: url, createIfMissing: false),
                    { try PropertyListStore(url: url, createIfMissing: false) }
                )
            case .sqlite:
                let store = try fixture.sqliteCopy(into: folder)
                let url = store.url
                return (store, { try SQLiteStore(url: url, createIfMissing: false) })
            }
        }
    }

    // MARK: - The stored version

    @Test func storedVersionIsTheStampElseTheMarkerElseZero() throws {
        #expect(try DataMigrationService.storedVersion(in: InMemoryStore()) == 0)
        #expect(
            try DataMigrationService.storedVersion(in: InMemoryStore(entries: ["data.storeSchemaVersion": .integer(2)]))
                == 2)
        #expect(
            try DataMigrationService.storedVersion(in: InMemoryStore(entries: ["data.migrations.v3_4_0": .bool(true)]))
                == 1)
        #expect(
            try DataMigrationService.storedVersion(in: InMemoryStore(entries: ["data.migrations.v3_4_0": .bool(false)]))
                == 0)
        // The stamp wins over the marker: the marker only stands in for a missing stamp.
        let both = InMemoryStore(entries: [
            "data.storeSchemaVersion": .integer(3), "data.migrations.v3_4_0": .bool(true),
        ])
        #expect(try DataMigrationService.storedVersion(in: both) == 3)
        // XML property lists written by other tools may hold the stamp as <real>2</real>.
        #expect(
            try DataMigrationService.storedVersion(in: InMemoryStore(entries: ["data.storeSchemaVersion": .double(2)]))
                == 2)
    }

    @Test(arguments: [StoreValue.string("3"), .double(2.5), .data(Data("3".utf8)), .bool(true)])
    func stampThatIsNotAnIntegerIsReported(stamp: StoreValue) throws {
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": stamp])
        #expect(throws: MigrationError.self) { try DataMigrationService.storedVersion(in: store) }
        #expect(throws: MigrationError.self) { try service.migrateIfNeeded(store: store) }
        #expect(store.entries == ["data.storeSchemaVersion": stamp])
    }

    /// Fixed bug: `Int(version)` trapped on a floating-point stamp too large for an Int.
    @Test func hugeFloatingPointStampIsReportedNotATrap() throws {
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .double(1e300)])
        #expect(throws: MigrationError.unreadableVersion(location: "memory", found: "the number 1e+300")) {
            try DataMigrationService.storedVersion(in: store)
        }
    }

    @Test func pendingStepsAreTheVersionsAboveTheStoredOne() throws {
        func pending(_ entries: [String: StoreValue]) throws -> [Int] {
            try service.pendingSteps(in: InMemoryStore(entries: entries)).map(\.version)
        }
        #expect(try pending([:]) == [1, 2, 3])
        #expect(try pending(["data.migrations.v3_4_0": .bool(true)]) == [2, 3])
        #expect(try pending(["data.storeSchemaVersion": .integer(2)]) == [3])
        #expect(try pending(["data.storeSchemaVersion": .integer(3)]) == [])
        #expect(throws: MigrationError.storeIsNewer(found: 4, supported: 3, location: "memory")) {
            try pending(["data.storeSchemaVersion": .integer(4)])
        }
    }

    @Test func currentVersionIsTheLastStep() {
        #expect(DataMigrationService.currentStoreSchemaVersion == DataMigrationService.storeVersions.count)
        #expect(service.targetVersion == DataMigrationService.currentStoreSchemaVersion)
        #expect(
            DataMigrationService.storeVersions.map(\.version)
                == Array(1...DataMigrationService.currentStoreSchemaVersion))
    }

    // MARK: - migrateIfNeeded

    @Test func eachStepIsStampedAndJournaled() throws {
        let store = InMemoryStore()
        let report = try service.migrateIfNeeded(store: store)
        #expect(report.fromVersion == 0 && report.toVersion == 3 && !report.isDryRun)
        #expect(report.applied.map(\.version) == [1, 2, 3])
        #expect(report.applied.map(\.fromVersion) == [0, 1, 2])
        let journal = try MigrationJournal.entries(in: store)
        #expect(journal.map(\.step) == [1, 2, 3])
        #expect(journal.map(\.fromVersion) == [0, 1, 2])
        #expect(journal.map(\.toVersion) == [1, 2, 3])
        #expect(journal.allSatisfy { $0.appliedAt == Self.fixedNow && $0.tool.hasPrefix("backupctl ") })
        // On an empty store no migration has anything to do, so no counts are recorded.
        #expect(journal.allSatisfy { $0.counts.isEmpty })
        #expect(store.entries["data.storeSchemaVersion"] == .integer(3))
    }

    @Test func reportSaysWhichMigrationsRanAndWhatTheyChanged() throws {
        let folder = try TemporaryDirectory()
        let store = try PropertyListStore(url: try StoreFixture(name: "v0").copy(into: folder), createIfMissing: false)
        let report = try service.migrateIfNeeded(store: store)
        let outcomes = Dictionary(uniqueKeysWithValues: report.applied.flatMap(\.outcomes).map { ($0.identifier, $0) })
        #expect(outcomes["v1.rename-watched-domains"]?.ran == true)
        #expect(outcomes["v1.rename-watched-domains"]?.kind == .simpleRename)
        #expect(outcomes["v2.aggregate-preferences"]?.result.migratedCount == 3)
        #expect(outcomes["v3.typed-dns-records"]?.result.migratedCount == 3)
        #expect(outcomes["v3.ledger-object"]?.result.migratedCount == 6)
        #expect(outcomes["v3.ledger-object"]?.kind == .conditional)
        let journal = try MigrationJournal.entries(in: store)
        #expect(journal.last?.counts == ["v3.typed-dns-records": 3, "v3.ledger-object": 6])
    }

    @Test func markerStoreNeverRerunsVersion1() throws {
        let watched = StoreValue.data(
            Data(
                #"[{"id":"7d0c8a3e-2f7b-4c55-9d55-0a6f0b1c2d3e","domain":"Old.Example","addedAt":"2020-01-01T00:00:00Z"}]"#
                    .utf8))
        let store = InMemoryStore(entries: ["data.migrations.v3_4_0": .bool(true), "watchedDomains": watched])
        let report = try service.migrateIfNeeded(store: store)
        #expect(report.fromVersion == 1)
        #expect(report.applied.map(\.version) == [2, 3])
        #expect(store.entries["watchedDomains"] == watched)
        #expect(store.entries["trackedDomains"] == nil)
        #expect(try MigrationJournal.entries(in: store).map(\.step) == [2, 3])
    }

    @Test func newerStoreIsRefusedAndLeftByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let url = try StoreFixture.newer.copy(into: folder)
        let before = try Data(contentsOf: url)
        let store = try PropertyListStore(url: url, createIfMissing: false)
        #expect(throws: MigrationError.storeIsNewer(found: 99, supported: 3, location: url.path)) {
            try service.migrateIfNeeded(store: store)
        }
        #expect(throws: MigrationError.storeIsNewer(found: 99, supported: 3, location: url.path)) {
            try service.dryRun(store: store)
        }
        #expect(throws: MigrationError.self) { try store.transaction { try service.applyPendingSteps(in: $0) } }
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func storeIsNewerMessageNamesTheStoreAndTheVersions() {
        let message = MigrationError.storeIsNewer(found: 99, supported: 3, location: "/data/store.plist").description
        #expect(message.contains("/data/store.plist") && message.contains("99") && message.contains("3"))
        #expect(message.contains("left untouched"))
    }

    // MARK: - A step that fails midway

    @Test(arguments: Backend.allCases, ScriptedMigration.Outcome.allCases.filter { $0 != .succeeds })
    func failedStepLeavesThePreviousVersionAndNothingOfTheStep(backend: Backend, outcome: ScriptedMigration.Outcome)
        throws
    {
        let folder = try TemporaryDirectory()
        let fixture = StoreFixture(name: "v0")
        let (store, reopen) = try backend.copy(of: fixture, into: folder)
        let failing = DataMigrationService.failingAtVersion2(outcome)

        do {
            try failing.migrateIfNeeded(store: store)
            Issue.record("the scripted failure was not reported")
        } catch let error as MigrationError {
            guard case .stepFailed(let version, let migration, let storedVersion, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(outcome != .throwsOtherError)
            #expect(version == 2 && migration == "test.fails-midway" && storedVersion == 1)
            #expect(error.description.contains("left at version 1"))
        } catch is ScriptedMigration.UnrelatedError {
            #expect(outcome == .throwsOtherError)
        }

        // What is on disk: version 1 complete, nothing of version 2 — neither the real v2
        // migration's writes nor the scripted one's.
        let reopened = try reopen()
        #expect(try DataMigrationService.storedVersion(in: reopened) == 1)
        #expect(try MigrationJournal.entries(in: reopened).map(\.step) == [1])
        #expect(try reopened.value(forKey: "watchedDomains") == nil)
        #expect(try reopened.value(forKey: ScriptedMigration.writtenKey) == nil)
        #expect(try reopened.value(forKey: "app.preferences") == nil)
        #expect(try reopened.value(forKey: "resolverURL") == .string("https://dns.quad9.net/dns-query"))

        // The next run with the real steps completes from there.
        let report = try service.migrateIfNeeded(store: reopened)
        #expect(report.fromVersion == 1 && report.applied.map(\.version) == [2, 3])
        let expected = try fixture.expectation()
        let difference = StoreContents.difference(expected: expected.store, actual: try StoreContents.of(try reopen()))
        #expect(difference == nil)
        #expect(try MigrationJournal.entries(in: try reopen()).map(\.step) == expected.journalSteps)
    }

    // MARK: - Dry runs

    @Test func dryRunOfAPropertyListReportsRealCountsAndLeavesTheFileByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let fixture = StoreFixture(name: "v0")
        let url = try fixture.copy(into: folder)
        let before = try Data(contentsOf: url)
        let dryRun = try service.dryRun(store: try PropertyListStore(url: url, createIfMissing: false))
        #expect(try Data(contentsOf: url) == before)

        let real = try service.migrateIfNeeded(
            store: try PropertyListStore(url: try fixture.copy(into: folder, as: "real.plist"), createIfMissing: false))
        #expect(dryRun.isDryRun && !real.isDryRun)
        #expect(dryRun.fromVersion == 0 && dryRun.toVersion == 3)
        #expect(Self.counts(dryRun) == Self.counts(real))
        #expect(Self.counts(dryRun)["v1.rename-watched-domains"].map { $0 > 0 } == true)
    }

    @Test func dryRunOfSQLiteLeavesTheDatabaseFileByteIdentical() throws {
        let folder = try TemporaryDirectory()
        let store = try StoreFixture(name: "v0").sqliteCopy(into: folder)
        try store.checkpoint()
        let before = try Data(contentsOf: store.url)
        let report = try service.dryRun(store: store)
        // A checkpoint would carry anything committed to the WAL into the main file.
        try store.checkpoint()
        #expect(try Data(contentsOf: store.url) == before)
        #expect(report.applied.map(\.version) == [1, 2, 3])
        #expect(try DataMigrationService.storedVersion(in: store) == 0)
        #expect(try store.value(forKey: "data.migrationJournal") == nil)
    }

    @Test func dryRunOfACurrentStoreHasNothingToReport() throws {
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(3)])
        let report = try service.dryRun(store: store)
        #expect(report.applied.isEmpty && report.fromVersion == 3 && report.toVersion == 3)
    }

    static func counts(_ report: MigrationReport) -> [String: Int] {
        var counts: [String: Int] = [:]
        for outcome in report.applied.flatMap(\.outcomes) where outcome.ran {
            counts[outcome.identifier] = outcome.result.migratedCount
        }
        return counts
    }

    // MARK: - The caller's transaction

    @Test func applyPendingStepsCommitsOrRollsBackWithTheCaller() throws {
        struct CallerAbort: Error {}
        let store = InMemoryStore(entries: ["resolverURL": .string("https://dns.quad9.net/dns-query")])
        #expect(throws: CallerAbort.self) {
            try store.transaction { transaction in
                #expect(try service.applyPendingSteps(in: transaction).map(\.version) == [1, 2, 3])
                throw CallerAbort()
            }
        }
        #expect(store.entries == ["resolverURL": .string("https://dns.quad9.net/dns-query")])

        let applied = try store.transaction { try service.applyPendingSteps(in: $0) }
        #expect(applied.map(\.version) == [1, 2, 3])
        #expect(store.entries["data.storeSchemaVersion"] == .integer(3))
        #expect(store.entries["resolverURL"] == nil)
    }

    // MARK: - forceMigration

    @Test func forceMigrationRunsANamedMigrationAndJournalsItAsForced() throws {
        let store = InMemoryStore(entries: [
            "data.storeSchemaVersion": .integer(3),
            "savedDomains": .data(Data(#"["Example.COM","example.com."]"#.utf8)),
        ])
        // The stored version says it is done; forcing runs it anyway.
        #expect(try service.pendingSteps(in: store).isEmpty)
        let result = try service.forceMigration("v1.normalize-saved-domains", store: store)
        #expect(result.success && result.migratedCount == 2)
        #expect(store.entries["savedDomains"] == .data(Data(#"["example.com"]"#.utf8)))
        let entry = try #require(try MigrationJournal.entries(in: store).last)
        #expect(entry.step == 1 && entry.fromVersion == 3 && entry.toVersion == 3)
        #expect(entry.counts == ["v1.normalize-saved-domains": 2])
        #expect(entry.tool.hasSuffix("(forced)"))
        #expect(entry.appliedAt == Self.fixedNow)
        #expect(store.entries["data.storeSchemaVersion"] == .integer(3))
    }

    @Test func forcedMigrationThatFailsWritesNothing() throws {
        let step = StoreVersionStep(
            version: 1, title: "Scripted",
            migrations: [
                AnyStorageMigration(ScriptedMigration(identifier: "test.fails", outcome: .reportsFailure))
            ])
        let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(1)])
        #expect(throws: MigrationError.self) {
            try DataMigrationService(steps: [step]).forceMigration("test.fails", store: store)
        }
        #expect(store.entries == ["data.storeSchemaVersion": .integer(1)])
    }

    @Test func forcingAnUnknownMigrationThrows() throws {
        let store = InMemoryStore()
        #expect(throws: MigrationError.unknownMigration("v9.does-not-exist")) {
            try service.forceMigration("v9.does-not-exist", store: store)
        }
        #expect(store.entries.isEmpty)
        #expect(MigrationError.unknownMigration("v9.does-not-exist").description.contains("\"v9.does-not-exist\""))
    }
}
