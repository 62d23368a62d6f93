import BackupFormat
import Foundation
import TestSupport
import Testing

@testable import DataMigration

/// Every backup fixture, read and brought to the current version, against the sections its
/// expected file describes (Tests/Fixtures/Backups; generate-fixtures.py).
@Suite struct BackupFixtureTests {
    @Test(arguments: BackupFixture.legacy)
    func upgradesToTheExpectedSections(fixture: BackupFixture) throws {
        let file = try BackupFile(path: fixture.url.path)
        let legacy = try file.readLegacyDocument()
        #expect(legacy.schemaVersion == fixture.declaredVersion)
        let upgraded = try BackupUpgrader().upgrade(legacy)
        #expect(upgraded.originalVersion == fixture.declaredVersion)
        #expect(upgraded.sections.map(\.section) == BackupSection.allCases)

        let expected = try fixture.expectedSections()
        var actual: [String: StrictJSON] = [:]
        for (section, bytes) in upgraded.sections { actual[section.rawValue] = try StrictJSON(parsing: bytes) }
        let difference = StrictJSON.object(expected).firstDifference(from: .object(actual), at: fixture.stem)
        #expect(difference == nil)
    }

    @Test(arguments: BackupFixture.legacy)
    func upgradeIsDeterministic(fixture: BackupFixture) throws {
        let first = try BackupUpgrader().upgrade(try BackupFile(path: fixture.url.path).readLegacyDocument())
        let second = try BackupUpgrader().upgrade(try BackupFile(path: fixture.url.path).readLegacyDocument())
        #expect(first.sections.map(\.bytes) == second.sections.map(\.bytes))
    }

    @Test func legacyFixturesCarryTheirHeaderIntoTheManifest() throws {
        let v1 = try BackupUpgrader().upgrade(try BackupFile(path: BackupFixture.all[0].url.path).readLegacyDocument())
        #expect(v1.createdAt == Date(timeIntervalSince1970: 1_650_000_000))
        #expect(v1.producer.name == "DomainDig 1.4")
        #expect(v1.storeSchemaVersion == 0)
        let v2 = try BackupUpgrader().upgrade(try BackupFile(path: BackupFixture.all[1].url.path).readLegacyDocument())
        #expect(v2.producer.name == "DomainDig 2.3")
        #expect(v2.storeSchemaVersion == 2)
        let manifest = try v2.manifest(compression: "none")
        #expect(manifest.sections.map(\.name) == BackupSection.allCases.map(\.rawValue))
        #expect(manifest.sections.first { $0.name == "usageCredits" }?.records == 1)
        #expect(manifest.sections.first { $0.name == "trackedDomains" }?.records == 2)
    }

    @Test func currentArchiveHoldsTheExpectedSections() throws {
        let fixture = BackupFixture.current
        let file = try BackupFile(path: fixture.url.path)
        guard case .tar(.gzip) = file.encoding else {
            Issue.record("\(fixture) should be detected as a gzip tar from its bytes, not \(file.encoding)")
            return
        }
        let reader = try file.openArchive()
        #expect(reader.manifest.schemaVersion == DomainDigBackup.currentSchemaVersion)
        var actual: [String: StrictJSON] = [:]
        while let payload = try reader.nextSection() {
            #expect(payload.verification == .verified, "\(payload.path)")
            let section = try #require(payload.section)
            actual[section.rawValue] = try StrictJSON(parsing: try #require(payload.bytes))
        }
        let difference = StrictJSON.object(try fixture.expectedSections()).firstDifference(
            from: .object(actual), at: fixture.stem)
        #expect(difference == nil)
    }

    @Test func newerArchiveIsRefusedBeforeAnySectionIsRead() throws {
        let fixture = BackupFixture.newer
        let refusal = try #require(try StrictJSON(contentsOf: fixture.expectedURL)["refused"])
        let found = try #require(refusal["found"]?.integerValue)
        let supported = try #require(refusal["supported"]?.integerValue)
        #expect(refusal["error"] == .string("newerSchemaVersion"))

        let file = try BackupFile(path: fixture.url.path)
        #expect(
            throws: BackupFormatError.newerSchemaVersion(archive: fixture.url.path, found: found, supported: supported)
        ) {
            try file.openArchive()
        }
        #expect(throws: BackupFormatError.self) { try file.readLegacyDocument() }
    }

    @Test func newerSingleDocumentIsRefused() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("future.json")
        try Data(#"{"schemaVersion": 4, "trackedDomains": []}"#.utf8).write(to: url)
        #expect(throws: BackupFormatError.newerSchemaVersion(archive: url.path, found: 4, supported: 3)) {
            try BackupFile(path: url.path).readLegacyDocument()
        }
    }
}
