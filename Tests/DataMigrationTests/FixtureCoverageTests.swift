import BackupFormat
import Foundation
import TestSupport
import Testing

@testable import DataMigration

/// A version the code knows must have its fixtures: adding a store or backup version without
/// them fails here, naming the version.
@Suite struct FixtureCoverageTests {
    static let storeVersions = Array(0...DataMigrationService.currentStoreSchemaVersion)
    /// The backup versions this build reads: every version there has been. (`BackupSchema.knownVersions`
    /// lives in DataValidation, which this target does not depend on; backupctlTests checks
    /// that list against the same fixtures.)
    static let backupVersions = Array(1...DomainDigBackup.currentSchemaVersion)

    @Test(arguments: storeVersions)
    func everyStoreVersionHasAFixtureAndAnExpectedStore(version: Int) {
        let fixture = StoreFixture(name: "v\(version)")
        #expect(
            FileManager.default.fileExists(atPath: fixture.url.path),
            "store version \(version) has no fixture: add Tests/Fixtures/Stores/v\(version).plist to generate-fixtures.py"
        )
        #expect(
            FileManager.default.fileExists(atPath: fixture.expectedURL.path),
            "store version \(version) has no expected store: add Tests/Fixtures/Stores/v\(version).expected.json")
    }

    @Test(arguments: ["v0-marker", "empty", "newer"])
    func everySpecialStoreCaseHasAFixture(name: String) {
        let fixture = StoreFixture(name: name)
        #expect(FileManager.default.fileExists(atPath: fixture.url.path), "the \(name) store fixture is missing")
        #expect(
            FileManager.default.fileExists(atPath: fixture.expectedURL.path),
            "the \(name) store fixture has no expected store")
    }

    @Test func storeFixtureListCoversEveryVersion() {
        let listed = Set(StoreFixture.all.map(\.name))
        for version in Self.storeVersions {
            #expect(
                listed.contains("v\(version)"),
                "store version \(version) is not in StoreFixture.all, so no test migrates it")
        }
    }

    /// After a new version, every expected store must be regenerated to end at it.
    @Test(arguments: StoreFixture.migratable)
    func expectedStoresEndAtTheCurrentVersion(fixture: StoreFixture) throws {
        let expected = try fixture.expectation()
        #expect(
            expected.store["data.storeSchemaVersion"] == .integer(DataMigrationService.currentStoreSchemaVersion),
            "\(fixture.expectedURL.lastPathComponent) is not stamped \(DataMigrationService.currentStoreSchemaVersion)")
        #expect(expected.journalSteps.last == DataMigrationService.currentStoreSchemaVersion)
    }

    @Test(arguments: backupVersions)
    func everyBackupVersionHasAFixtureExpectedSectionsAndAnExpectedStore(version: Int) {
        let fixture = BackupFixture.all.first { $0.declaredVersion == version }
        #expect(
            fixture != nil,
            "backup version \(version) has no fixture: add Tests/Fixtures/Backups/v\(version).… to generate-fixtures.py"
        )
        guard let fixture else { return }
        #expect(
            FileManager.default.fileExists(atPath: fixture.expectedURL.path),
            "backup version \(version) has no expected sections: add Tests/Fixtures/Backups/\(fixture.stem).expected-sections.json"
        )
        #expect(
            FileManager.default.fileExists(atPath: fixture.expectedStoreURL.path),
            "backup version \(version) has no expected store: add Tests/Fixtures/Backups/\(fixture.stem).expected-store.json"
        )
    }

    @Test func newerBackupHasAFixture() {
        let newer = BackupFixture.newer
        #expect(newer.declaredVersion > DomainDigBackup.currentSchemaVersion)
        #expect(FileManager.default.fileExists(atPath: newer.url.path), "the newer backup fixture is missing")
        #expect(
            FileManager.default.fileExists(atPath: newer.expectedURL.path),
            "the newer backup fixture has no expected file")
    }

    /// Expected sections name every current section, held or absent, so a new section needs
    /// new expectations.
    @Test(arguments: BackupFixture.all.filter { $0.declaredVersion <= DomainDigBackup.currentSchemaVersion })
    func expectedSectionsNameEveryCurrentSection(fixture: BackupFixture) throws {
        let expected = try fixture.expectation()
        #expect(
            Set(expected.sections.keys).union(expected.absentSections) == Set(BackupSection.allCases.map(\.rawValue)),
            "\(fixture.expectedURL.lastPathComponent)")
        #expect(Set(expected.sections.keys).isDisjoint(with: expected.absentSections))
    }
}
