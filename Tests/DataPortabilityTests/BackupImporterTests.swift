import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DomainModel
import Foundation
import TestSupport
import Testing

/// `BackupImporter` on stores on disk: the whole pipeline — round trips, dry runs, store
/// migrations inside the import's transaction, modes, older backup versions. Refusals are in
/// `+Refusals`, the safety snapshot in `+SafetySnapshot`.
@Suite struct BackupImporterTests {
    typealias F = ImportFixtures

    /// Opens (creating it if needed) the store `name` in `folder` under its lock.
    func open(_ name: String = "store.sqlite", in folder: TemporaryDirectory) throws -> LockedStore {
        try LockedStore.open(explicitPath: folder.file(name).path, mode: .createIfMissing)
    }

    /// `b.ddbackup` in `folder`: a backup that tracks new.com (record 2).
    func backupTrackingNewCom(in folder: TemporaryDirectory) throws -> URL {
        let backup = folder.file("b.ddbackup")
        try F.writeBackup([.trackedDomains: "[\(F.tracked(2, "new.com"))]"], to: backup)
        return backup
    }

    /// A store in `folder` seeded with `blobs` and stamped `version` (nil: no stamp), and
    /// `backupTrackingNewCom` beside it.
    func storeAndBackupTrackingNewCom(
        _ name: String = "store.sqlite", in folder: TemporaryDirectory, seededWith blobs: [StorageKey: String],
        version: Int? = DataMigrationService.currentStoreSchemaVersion
    ) throws -> (target: LockedStore, backup: URL) {
        let target = try open(name, in: folder)
        try F.seed(target.store, blobs, version: version)
        return (target, try backupTrackingNewCom(in: folder))
    }

    /// Per section: added, merged, unchanged, duplicates, malformed, removed.
    func tallies(_ summary: ImportSummary) -> [BackupSection: [Int]] {
        Dictionary(
            uniqueKeysWithValues: summary.sections.map {
                (
                    $0.section,
                    [$0.added, $0.merged, $0.unchanged, $0.duplicatesDropped, $0.malformedSkipped, $0.removed]
                )
            })
    }

    @Test(arguments: ["store.sqlite", "store.plist"])
    func exportImportExportGivesTheSameSectionsAndAReimportChangesNothing(storeName: String) throws {
        let folder = try TemporaryDirectory()
        let source = try StoreUnderTest.memory.sampledStore(in: folder)
        let backup = folder.file("backup.ddbackup")
        let original = try F.export(source, to: backup)
        let manifest = try verifiedSections(of: backup).manifest

        let target = try open(storeName, in: folder)
        let first = try F.importer().run(backup: backup.path, into: target)
        #expect(first.storeChanged)
        #expect(first.sections.map(\.section) == BackupSection.allCases)
        let sectionRecords = manifest.sections.filter { BackupSection(entryPath: $0.path) != nil }.map(\.records)
        #expect(first.sections.map(\.added) == sectionRecords, "every record is new to an empty store")
        #expect(
            first.sections.allSatisfy {
                $0.merged + $0.unchanged + $0.duplicatesDropped + $0.malformedSkipped + $0.removed == 0
            })
        #expect(first.migrations.map(\.version) == [1, 2, 3], "the new store is brought to the current version first")
        #expect(try F.export(target.store, to: folder.file("again.ddbackup")) == original)

        // The same backup again: a dry run reports every record unchanged, the import writes nothing.
        let stored = try snapshot(of: target.store)
        let dryRun = try F.importer(dryRun: true).run(backup: backup.path, into: target)
        #expect(dryRun.isDryRun)
        #expect(!dryRun.storeChanged)
        #expect(dryRun.migrations.isEmpty)
        #expect(dryRun.sections.map(\.unchanged) == sectionRecords)
        #expect(
            dryRun.sections.allSatisfy {
                $0.added + $0.merged + $0.duplicatesDropped + $0.malformedSkipped + $0.removed == 0
            })
        let again = try F.importer().run(backup: backup.path, into: target)
        #expect(!again.storeChanged)
        #expect(again.safetySnapshot == nil, "nothing was written, so there is nothing to undo")
        #expect(tallies(again) == tallies(dryRun))
        #expect(try snapshot(of: target.store) == stored)
        #expect(try files(in: folder) == ["again.ddbackup", "backup.ddbackup", storeName, storeName + ".lock"])
    }

    @Test func dryRunComputesTheCountsAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let target = try open(in: folder)
        try F.seed(
            target.store,
            [
                .trackedDomains:
                    "[\(F.tracked(1, "same.com")),\(F.tracked(2, "grows.com")),\(F.tracked(3, "store-only.com"))]",
                .cachedEntitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z"),
            ])
        let backup = folder.file("hand-made.ddbackup")
        try F.writeBackup(
            [
                .trackedDomains: """
                [\(F.tracked(1, "same.com")),\(F.tracked(2, "grows.com", #""tags":["new"]"#)),\(F.tracked(4, "new.com")),\
                \(F.tracked(5, "NEW.com."))]
                """,
                .entitlement: F.entitlement("free", verifiedAt: "2025-01-01T00:00:00Z"),
            ], to: backup)
        let before = try snapshot(of: target.store)
        let names = try F.names(in: folder)

        for mode in ImportMode.allCases {
            let summary = try F.importer(mode, dryRun: true).run(backup: backup.path, into: target)
            #expect(summary.isDryRun)
            #expect(!summary.storeChanged)
            #expect(summary.safetySnapshot == nil)
            let counts = tallies(summary)
            #expect(counts[.trackedDomains] == (mode == .merge ? [1, 1, 1, 1, 0, 0] : [1, 1, 1, 1, 0, 1]), "\(mode)")
            #expect(counts[.entitlement] == [0, mode == .merge ? 0 : 1, mode == .merge ? 1 : 0, 0, 0, 0], "\(mode)")
            #expect(counts[.domainAudits] == [0, 0, 0, 0, 0, 0], "\(mode)")
            #expect(try snapshot(of: target.store) == before, "\(mode)")
            #expect(try F.names(in: folder) == names, "\(mode)")
        }
    }

    @Test func dryRunLeavesAnOldStoreAtItsVersion() throws {
        let folder = try TemporaryDirectory()
        // A version 0 store: tracked domains still under their old key, no stamp.
        let (target, backup) = try storeAndBackupTrackingNewCom(
            in: folder, seededWith: [.legacyWatchedDomains: "[\(F.tracked(1, "Old.COM"))]"], version: nil)
        let before = try snapshot(of: target.store)

        let dryRun = try F.importer(dryRun: true).run(backup: backup.path, into: target)
        #expect(dryRun.migrations.map(\.version) == [1, 2, 3], "reported as they would run")
        #expect(tallies(dryRun)[.trackedDomains] == [1, 0, 0, 0, 0, 0], "counted against the migrated store")
        #expect(try snapshot(of: target.store) == before)
        #expect(try DataMigrationService.storedVersion(in: target.store) == 0)

        let real = try F.importer().run(backup: backup.path, into: target)
        #expect(real.migrations.map(\.version) == [1, 2, 3])
        #expect(try DataMigrationService.storedVersion(in: target.store) == 3)
        #expect(try target.store.value(forKey: StorageKey.legacyWatchedDomains.rawValue) == nil)
        #expect(try RecordLoader(target.store).load(.trackedDomains).records.map(\.domain) == ["old.com", "new.com"])
    }

    /// Over a megabyte of lookup history is validated and decoded on every core; the store
    /// must end up exactly as the records were, in order, duplicates merged.
    @Test func aLargeSectionImportsInOrderWithDuplicatesMerged() throws {
        let folder = try TemporaryDirectory()
        let padding = String(repeating: "p", count: 180)
        let snapshots = (0..<6_000).map { index in
            // Every 1000th repeats an id from the start of the list (another run's).
            F.snapshot(
                index % 1_000 == 999 ? 10_000 + index / 1_000 : 10_000 + index, "host\(index).example.com",
                #""trigger":"manual","dns":{"resolver":"https://r/\#(padding)","records":[]}"#)
        }
        let json = "[" + snapshots.joined(separator: ",") + "]"
        try #require(json.utf8.count > 1 << 20, "large enough to be split")
        let backup = folder.file("large.ddbackup")
        try F.writeBackup([.trackedDomains: "[]", .lookupHistory: json], to: backup)
        let target = try open(in: folder)
        let summary = try F.importer(snapshot: false).run(backup: backup.path, into: target)
        #expect(tallies(summary)[.lookupHistory] == [5_994, 0, 0, 6, 0, 0])
        let stored = try RecordLoader(target.store).load(.lookupHistory).records
        let expected = (0..<6_000).filter { $0 % 1_000 != 999 }.map { "host\($0).example.com" }
        #expect(stored.count == expected.count)
        let firstDifference = Array(zip(stored.map(\.domain), expected)).firstIndex { $0 != $1 }
        #expect(firstDifference == nil, "the records keep the backup's order")
    }

    @Test func mergeKeepsTheStoresUnreadableRecordsOfASampleAndAddsTheBackups() throws {
        let folder = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        let backup = folder.file("other.ddbackup")
        let source = try StoreUnderTest.memory.sampledStore(in: other, seed: 7)
        try F.export(source, to: backup)
        let sourceLoader = RecordLoader(source)
        let carried = (
            domains: try sourceLoader.load(.trackedDomains).unreadableElements,
            history: try sourceLoader.load(.lookupHistory).unreadableElements,
            logs: try sourceLoader.load(.monitoringLogs).unreadableElements
        )
        let target = try open(in: folder)
        try SampleStoreGenerator(size: .small, seed: 42).write(into: target.store, replacingExisting: false)
        let loader = RecordLoader(target.store)
        let before = (
            domains: try loader.load(.trackedDomains), history: try loader.load(.lookupHistory),
            logs: try loader.load(.monitoringLogs)
        )
        #expect(!before.domains.unreadableElements.isEmpty && !before.history.unreadableElements.isEmpty)

        /// The store's, then the backup's it did not hold already.
        func union(_ stored: [[UInt8]], _ incoming: [[UInt8]]) -> [[UInt8]] {
            stored + incoming.filter { !stored.contains($0) }
        }
        _ = try F.importer(snapshot: false).run(backup: backup.path, into: target)
        #expect(
            try loader.load(.trackedDomains).unreadableElements
                == union(before.domains.unreadableElements, carried.domains))
        #expect(
            try loader.load(.lookupHistory).unreadableElements
                == union(before.history.unreadableElements, carried.history))
        #expect(
            try loader.load(.monitoringLogs).unreadableElements == union(before.logs.unreadableElements, carried.logs))
        #expect(try loader.load(.trackedDomains).records.count > before.domains.records.count)
        // Imported again, nothing is added twice.
        let again = try snapshot(of: target.store)
        _ = try F.importer(snapshot: false).run(backup: backup.path, into: target)
        #expect(try snapshot(of: target.store) == again)
    }

    @Test func replaceWithAVersion1BackupLeavesTheSectionsItLacksAlone() throws {
        let folder = try TemporaryDirectory()
        let target = try open(in: folder)
        try F.seed(
            target.store,
            [
                .trackedDomains: "[\(F.tracked(1, "store-only.com"))]",
                .domainAudits: "[\(F.audit(7, "store-only.com"))]",
                .cachedEntitlement: F.entitlement("pro", verifiedAt: "2025-05-01T00:00:00Z"),
                .usageCreditLedger: #"{"balance":100,"entries":[\#(F.entry(21, 100))]}"#,
            ])
        let untouched: [StorageKey] = [.domainAudits, .cachedEntitlement, .usageCreditLedger]
        let before = try untouched.map { try F.text($0, in: target.store) }
        let backup = folder.file("v1.json")
        try LegacyBackupSample.version1.write(to: backup)

        let summary = try F.importer(.replace).run(backup: backup.path, into: target)
        #expect(summary.schemaVersion == 1)
        #expect(summary.findings.contains { $0.severity == .note }, "the upgrade is noted")
        let present = summary.sections.filter(\.present).map(\.section)
        #expect(present == [.trackedDomains, .lookupHistory, .appSettings])
        #expect(tallies(summary)[.trackedDomains] == [1, 0, 0, 0, 0, 1])
        #expect(
            summary.sections.filter { !$0.present }.allSatisfy { $0.added + $0.merged + $0.unchanged + $0.removed == 0 }
        )

        #expect(try untouched.map { try F.text($0, in: target.store) } == before)
        let domains = try RecordLoader(target.store).load(.trackedDomains).records
        #expect(domains.map(\.domain) == ["example.com"])
        #expect(domains.first?.notes == "from v1")
        #expect(domains.first?.isFavorite == true)
        let settings = try RecordLoader(target.store).loadAppSettings().settings
        #expect(settings.savedDomains == ["acme.io"])
        #expect(settings.preferences.resolverURL == "https://dns.quad9.net/dns-query")
        #expect(
            try RecordLoader(target.store).load(.lookupHistory).records.map { $0.id.uuidString.lowercased() } == [
                F.id(5)
            ])
    }

    @Test func reportsEachSectionAsItIsImported() throws {
        final class SectionLog: @unchecked Sendable {
            private let lock = NSLock()
            private var sections: [BackupSection] = []
            func append(_ section: BackupSection) { lock.withLock { sections.append(section) } }
            var all: [BackupSection] { lock.withLock { sections } }
        }
        let folder = try TemporaryDirectory()
        let backup = folder.file("b.ddbackup")
        try F.writeBackup([:], to: backup)
        let log = SectionLog()
        var importer = F.importer()
        importer.progress = { log.append($0) }
        _ = try importer.run(backup: backup.path, into: try open(in: folder))
        #expect(log.all == BackupSection.allCases)
    }
}
