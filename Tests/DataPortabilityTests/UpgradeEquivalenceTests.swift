import BackupFormat
import DataMigration
import DataPortability
import DataStore
import DataValidation
import Foundation
import TestSupport
import Testing

/// `upgrade` keeps what an older backup did not have absent, so importing the upgraded file
/// does exactly what importing the original does — key by key, in both modes, on both store
/// files — and version 3 archives, the committed fixture and ones this build writes as
/// version 3, keep validating, importing and upgrading.
@Suite struct UpgradeEquivalenceTests {
    @Test(arguments: ["v1.json", "v2.json.gz", "v3.ddbackup"], ImportMode.allCases)
    func importingTheUpgradedBackupEqualsImportingTheOriginal(fixture: String, mode: ImportMode) throws {
        for file in StoreFile.allCases {
            let harness = try LosslessHarness(file)
            let original = Fixtures.url("Backups/\(fixture)")
            let upgraded = harness.folder.file("upgraded.ddbackup")
            let summary = try BackupUpgrade().run(input: original.path, output: upgraded)
            #expect(summary.manifest.schemaVersion == DomainDigBackup.currentSchemaVersion)

            var results: [[String: StoreValue]] = []
            for (name, backup) in [("direct", original), ("via-upgrade", upgraded)] {
                let store = try harness.open(name)
                try SampleStoreGenerator(size: .small, seed: 5).write(into: store.store, replacingExisting: false)
                let imported = try harness.importBackup(backup, into: store, mode: mode)
                #expect(imported.storeChanged, "\(fixture) \(name)")
                results.append(try harness.values(of: store))
            }
            #expect(results[0] == results[1], "\(fixture), \(mode), \(file): the two imports disagree")
        }
    }

    @Test func aVersion1BackupUpgradedStillLeavesWhatItNeverHadAlone() throws {
        let harness = try LosslessHarness(.sqlite)
        let upgraded = harness.folder.file("upgraded.ddbackup")
        let summary = try BackupUpgrade().run(input: Fixtures.url("Backups/v1.json").path, output: upgraded)
        #expect(summary.manifest.sections.map(\.name) == ["trackedDomains", "lookupHistory", "appSettings"])
        #expect(
            summary.manifest.absentSections == [
                "domainAudits", "domainWorkflows", "monitoringSettings", "monitoringLogs", "entitlement",
                "usageCredits",
            ])
        let store = try harness.open("store")
        try SampleStoreGenerator(size: .small, seed: 5).write(into: store.store, replacingExisting: false)
        let before = try harness.values(of: store)
        let imported = try harness.importBackup(upgraded, into: store, mode: .replace)
        let absent = imported.sections.filter { !$0.present }.map(\.section.rawValue)
        #expect(absent == summary.manifest.absentSections)
        let after = try harness.values(of: store)
        for key in [
            "domainAudits", "domainWorkflows", "monitoring.settings", "monitoring.logs",
            "purchase.cachedEntitlement", "usageCredits.ledger",
        ] {
            #expect(after[key] == before[key], "\(key) was replaced by a section version 1 never had")
        }
    }

    /// An archive this build writes as version 3 (the shape every backup had before version 4).
    func writeVersion3(of store: LockedStore, to url: URL) throws {
        let writer = try BackupArchiveWriter(destination: .file(url), compression: .zstd, modificationTime: Date())
        let source = SectionSource(store.store)
        for section in BackupSection.allCases {
            let read = try source.read(section)
            try writer.addSection(section, bytes: read.bytes, records: read.records)
        }
        _ = try writer.finish(createdAt: ImportFixtures.now, storeSchemaVersion: 3, schemaVersion: 3)
    }

    @Test(arguments: StoreFile.allCases)
    func version3ArchivesValidateImportAndUpgrade(file: StoreFile) throws {
        let harness = try LosslessHarness(file)
        let source = try harness.open("source")
        try SampleStoreGenerator(size: .small, seed: 8).write(into: source.store, replacingExisting: false)
        let written = harness.folder.file("written-as-v3.ddbackup")
        try writeVersion3(of: source, to: written)
        for backup in [written, Fixtures.url("Backups/v3.ddbackup")] {
            let report = DataValidationService.standard().validate(backup: try BackupFile(path: backup.path))
            #expect(report.schemaVersion == 3)
            #expect(!report.hasErrors, "\(report.findings.filter { $0.severity == .error })")
            #expect(report.findings.contains { $0.code == .versionOlder })

            let target = try harness.open("target-\(UUID().uuidString)")
            let summary = try harness.importBackup(backup, into: target)
            #expect(summary.schemaVersion == 3 && summary.storeChanged)
            #expect(summary.sections.allSatisfy { $0.present })

            let upgraded = harness.folder.file("upgraded-\(UUID().uuidString).ddbackup")
            let upgrade = try BackupUpgrade().run(input: backup.path, output: upgraded)
            #expect(upgrade.fromVersion == 3 && upgrade.manifest.schemaVersion == 4)
            #expect(try BackupEntries(upgraded).sections == (try BackupEntries(backup).sections))
        }
    }
}
