import BackupFormat
import Foundation
import TestSupport
import Testing

@testable import DataMigration

/// Every backup fixture, read and brought to the current version, against the sections its
/// expected file describes (Tests/Fixtures/Backups; generate-fixtures.py): only the sections
/// its version had, the others absent.
@Suite struct BackupFixtureTests {
    @Test(arguments: BackupFixture.legacy)
    func upgradesToTheExpectedSections(fixture: BackupFixture) throws {
        let file = try BackupFile(path: fixture.url.path)
        let legacy = try file.readLegacyDocument()
        #expect(legacy.schemaVersion == fixture.declaredVersion)
        let upgraded = try BackupUpgrader().upgrade(legacy)
        #expect(upgraded.originalVersion == fixture.declaredVersion)

        let expected = try fixture.expectation()
        #expect(upgraded.absentSections.map(\.rawValue) == expected.absentSections)
        var actual: [String: StrictJSON] = [:]
        for (section, bytes) in upgraded.sections { actual[section.rawValue] = try StrictJSON(parsing: bytes) }
        let difference = StrictJSON.object(expected.sections).firstDifference(from: .object(actual), at: fixture.stem)
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
        let v1Manifest = try v1.manifest(compression: "none")
        #expect(v1Manifest.sections.map(\.name) == ["trackedDomains", "lookupHistory", "appSettings"])
        #expect(
            v1Manifest.absentSections == [
                "domainAudits", "domainWorkflows", "monitoringSettings", "monitoringLogs", "entitlement",
                "usageCredits",
            ])
        let v2 = try BackupUpgrader().upgrade(try BackupFile(path: BackupFixture.all[1].url.path).readLegacyDocument())
        #expect(v2.producer.name == "DomainDig 2.3")
        #expect(v2.storeSchemaVersion == 2)
        let manifest = try v2.manifest(compression: "none")
        #expect(manifest.sections.map(\.name) == BackupSection.allCases.map(\.rawValue))
        #expect(manifest.absentSections.isEmpty)
        #expect(manifest.sections.first { $0.name == "usageCredits" }?.records == 1)
        #expect(manifest.sections.first { $0.name == "trackedDomains" }?.records == 2)
    }

    /// Version 3 archives — the fixture committed when version 3 was current — read as they
    /// are, their sections version 4 sections; version 4 ones with their carried entries.
    @Test(arguments: BackupFixture.archives)
    func archiveHoldsTheExpectedEntries(fixture: BackupFixture) throws {
        let file = try BackupFile(path: fixture.url.path)
        guard case .tar(.gzip) = file.encoding else {
            Issue.record("\(fixture) should be detected as a gzip tar from its bytes, not \(file.encoding)")
            return
        }
        let reader = try file.openArchive()
        #expect(reader.manifest.schemaVersion == fixture.declaredVersion)
        var sections: [String: StrictJSON] = [:]
        var carried: [String: StrictJSON] = [:]
        while let payload = try reader.nextSection() {
            #expect(payload.verification == .verified, "\(payload.path)")
            let json = try StrictJSON(parsing: try #require(payload.bytes))
            if let entry = payload.carried {
                // Carried entries come before every section.
                #expect(sections.isEmpty, "\(entry) after a section")
                carried[entry.rawValue] = json
            } else {
                sections[try #require(payload.section).rawValue] = json
            }
        }
        let expected = try fixture.expectation()
        #expect(StrictJSON.object(expected.sections).firstDifference(from: .object(sections), at: fixture.stem) == nil)
        #expect(StrictJSON.object(expected.carried).firstDifference(from: .object(carried), at: fixture.stem) == nil)
        #expect(reader.manifest.absentSections == expected.absentSections)
    }

    /// The version 3 → 4 upgrade copies each section as it is, under a version 4 manifest.
    @Test(arguments: BackupFixture.archives)
    func archivesUpgradeToTheCurrentVersionEntryByEntry(fixture: BackupFixture) throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("upgraded.ddbackup")
        let writer = try BackupArchiveWriter(
            destination: .file(output), compression: .uncompressed, modificationTime: Date())
        let source = try BackupFile(path: fixture.url.path).openArchive()
        let absent = try BackupV3ToV4.copy(source, into: writer)
        let written = try writer.finish(
            createdAt: source.manifest.createdAt, storeSchemaVersion: source.manifest.storeSchemaVersion,
            absentSections: absent)
        #expect(written.manifest.schemaVersion == DomainDigBackup.currentSchemaVersion)
        let copy = try BackupFile(path: output.path).openArchive()
        var copied: [String: [UInt8]] = [:]
        while let payload = try copy.nextSection() {
            #expect(payload.verification == .verified)
            copied[payload.path] = payload.bytes
        }
        let original = try BackupFile(path: fixture.url.path).openArchive()
        var originals: [String: [UInt8]] = [:]
        while let payload = try original.nextSection() { originals[payload.path] = payload.bytes }
        #expect(copied == originals)
        #expect(copy.manifest.sections.map(\.path) == source.manifest.sections.map(\.path))
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
        try Data(#"{"schemaVersion": 5, "trackedDomains": []}"#.utf8).write(to: url)
        #expect(throws: BackupFormatError.newerSchemaVersion(archive: url.path, found: 5, supported: 4)) {
            try BackupFile(path: url.path).readLegacyDocument()
        }
    }
}
