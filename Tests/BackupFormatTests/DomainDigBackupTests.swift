import BackupFormat
import DomainModel
import Foundation
import Testing

@Suite struct DomainDigBackupTests {
    @Test func everySectionEncodesToCanonicalJSONThatDecodesToTheSameRecords() throws {
        let backup = SampleBackup.make()
        var sections: [BackupSection: [UInt8]] = [:]
        for section in BackupSection.allCases {
            sections[section] = backup.encodedSection(section).bytes
        }
        let decoded = try SampleBackup.decode(
            sections, createdAt: backup.createdAt, storeSchemaVersion: backup.storeSchemaVersion)
        #expect(decoded == backup)
        for section in BackupSection.allCases {
            #expect(decoded.encodedSection(section).bytes == sections[section], "\(section) is not byte-stable")
        }
    }

    @Test func recordCountsFollowTheSectionShape() {
        let backup = SampleBackup.make()
        let counts = Dictionary(
            uniqueKeysWithValues: BackupSection.allCases.map { ($0, backup.encodedSection($0).records) })
        #expect(
            counts == [
                .trackedDomains: 4, .lookupHistory: 2, .domainAudits: 2, .domainWorkflows: 1, .monitoringSettings: 1,
                .monitoringLogs: 2, .appSettings: 1, .entitlement: 1, .usageCredits: 1,
            ])
    }

    @Test func unknownEnumValuesFromANewerBuildAreWrittenBackAsTheyWere() throws {
        let backup = SampleBackup.make()
        let domains = String(decoding: backup.encodedSection(.trackedDomains).bytes, as: UTF8.self)
        let workflows = String(decoding: backup.encodedSection(.domainWorkflows).bytes, as: UTF8.self)
        #expect(domains.contains(#""status":"snoozed""#))
        #expect(workflows.contains(#""kind":"screenshot""#))
    }

    @Test func absentOptionalObjectsAreNullWithNoRecords() {
        let empty = DomainDigBackup(createdAt: SampleBackup.createdAt, storeSchemaVersion: 0)
        #expect(empty.encodedSection(.entitlement) == (Array("null".utf8), 0))
        #expect(empty.encodedSection(.usageCredits) == (Array("null".utf8), 0))
        #expect(SectionCodec.encode(Optional<CachedEntitlement>.none) == (Array("null".utf8), 0))
    }

    @Test func emptyCollectionsAreEmptyArraysAndSettingsTheirDefaults() {
        let empty = DomainDigBackup(createdAt: SampleBackup.createdAt, storeSchemaVersion: 0)
        #expect(empty.encodedSection(.trackedDomains) == (Array("[]".utf8), 0))
        #expect(empty.encodedSection(.monitoringSettings) == (MonitoringSettings.defaults.canonicalJSON, 1))
        #expect(empty.encodedSection(.appSettings) == (AppSettings.defaults.canonicalJSON, 1))
    }

    @Test func anArraySectionIsTheRecordsCanonicalJSONInOrder() {
        let backup = SampleBackup.make()
        let expected =
            "[" + backup.monitoringLogs.map { String(decoding: $0.canonicalJSON, as: UTF8.self) }.joined(separator: ",")
            + "]"
        #expect(String(decoding: SectionCodec.encode(backup.monitoringLogs).bytes, as: UTF8.self) == expected)
    }

    @Test func theFormatIsIdentifiedByNameAndVersion() {
        #expect(DomainDigBackup.formatIdentifier == "DomainDigBackup")
        #expect(DomainDigBackup.currentSchemaVersion == 4)
        #expect(DomainDigBackup.firstArchiveSchemaVersion == 3)
    }
}
