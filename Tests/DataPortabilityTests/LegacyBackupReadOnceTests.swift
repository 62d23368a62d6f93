import BackupFormat
import DataPortability
import DataValidation
import Foundation
import TestSupport
import Testing

/// A version 1 or 2 backup is read and upgraded once by every pipeline that takes one — the
/// validation that checks the upgrade hands it on — where import and upgrade used to read and
/// upgrade it twice (once to validate, once to use).
@Suite struct LegacyBackupReadOnceTests {
    static let legacyBackups = ["Backups/v1.json", "Backups/v2.json.gz"]

    private func size(of url: URL) throws -> Int64 {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64)
    }

    @Test(arguments: legacyBackups, [false, true])
    func anImportReadsAndUpgradesItOnce(fixture: String, dryRun: Bool) throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.url(fixture)
        let upgrader = CountingUpgrader()
        let reads = Recorder<ByteProgress>()
        var importer = BackupImporter(isDryRun: dryRun, makesSafetySnapshot: false)
        importer.upgrader = upgrader
        importer.inputProgress = reads.append
        let store = try LockedStore.open(explicitPath: folder.file("store.sqlite").path, mode: .createIfMissing)
        defer { store.release() }
        let summary = try importer.run(backup: input.path, into: store)
        #expect(summary.schemaVersion == (fixture.hasSuffix(".gz") ? 2 : 1))
        #expect(summary.storeChanged == !dryRun)
        #expect(upgrader.upgrades == 1)
        let size = try size(of: input)
        #expect(reads.values == [ByteProgress(completed: size, total: size)], "one reading of the whole file")
    }

    @Test(arguments: legacyBackups)
    func anUpgradeReadsAndUpgradesItOnce(fixture: String) throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.url(fixture)
        let upgrader = CountingUpgrader()
        let reads = Recorder<ByteProgress>()
        var upgrade = BackupUpgrade()
        upgrade.upgrader = upgrader
        upgrade.progress = reads.append
        let summary = try upgrade.run(input: input.path, output: folder.file("upgraded.ddbackup"))
        #expect(summary.fromVersion == (fixture.hasSuffix(".gz") ? 2 : 1))
        #expect(upgrader.upgrades == 1)
        let size = try size(of: input)
        #expect(reads.values == [ByteProgress(completed: size, total: size)], "one reading of the whole file")
    }

    @Test(arguments: legacyBackups)
    func inspectionAndValidationUpgradeItOnce(fixture: String) throws {
        let input = Fixtures.url(fixture)
        let inspecting = CountingUpgrader()
        let inspection = try BackupInspection(path: input.path, upgrader: inspecting)
        #expect(inspection.manifest.schemaVersion == (fixture.hasSuffix(".gz") ? 2 : 1))
        #expect(inspecting.upgrades == 1)

        let validating = CountingUpgrader()
        let report = DataValidationService.standard(upgrader: validating).validate(
            backup: try BackupFile(path: input.path))
        #expect(!report.hasErrors)
        #expect(validating.upgrades == 1)
    }

    /// A legacy backup whose own schema fails is refused before any upgrader sees it.
    @Test func anInvalidLegacyBackupIsNeverUpgraded() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("invalid.json")
        try Data(#"{"version": 1, "domains": [{"name": 7}]}"#.utf8).write(to: input)
        let upgrader = CountingUpgrader()
        var importer = BackupImporter(makesSafetySnapshot: false)
        importer.upgrader = upgrader
        let store = try LockedStore.open(explicitPath: folder.file("store.sqlite").path, mode: .createIfMissing)
        defer { store.release() }
        let refusal = try #require(throws: ImportRefusal.self) { try importer.run(backup: input.path, into: store) }
        #expect(refusal.report.hasErrors)
        #expect(upgrader.upgrades == 0)
        #expect(!store.exists)
    }
}
