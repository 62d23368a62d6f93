import BackupFormat
import Foundation
import Testing

@testable import DomainModel

@Suite struct InMemoryBackupTests {
    /// A section's bytes, joined, and its record count.
    func joined(_ encoded: consuming EncodedRecords<DecodingFindings>) -> ([UInt8], Int) {
        let records = encoded.records
        return (encoded.bytes.joined(), records)
    }

    @Test func everySectionEncodesToCanonicalJSONThatDecodesToTheSameRecords() throws {
        let backup = SampleBackup.make()
        var sections: [BackupSection: [UInt8]] = [:]
        for section in BackupSection.allCases {
            sections[section] = joined(backup.encodedSection(section)).0
        }
        let decoded = try SampleBackup.decode(
            sections, createdAt: backup.createdAt, storeSchemaVersion: backup.storeSchemaVersion)
        #expect(decoded == backup)
        for section in BackupSection.allCases {
            #expect(joined(decoded.encodedSection(section)).0 == sections[section], "\(section) is not byte-stable")
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
        let domains = String(decoding: joined(backup.encodedSection(.trackedDomains)).0, as: UTF8.self)
        let workflows = String(decoding: joined(backup.encodedSection(.domainWorkflows)).0, as: UTF8.self)
        #expect(domains.contains(#""status":"snoozed""#))
        #expect(workflows.contains(#""kind":"screenshot""#))
    }

    @Test func absentOptionalObjectsAreNullWithNoRecords() {
        let empty = InMemoryBackup(createdAt: SampleBackup.createdAt, storeSchemaVersion: 0)
        #expect(joined(empty.encodedSection(.entitlement)) == (Array("null".utf8), 0))
        #expect(joined(empty.encodedSection(.usageCredits)) == (Array("null".utf8), 0))
        #expect(
            joined(EncodedRecords(object: Optional<CachedEntitlement>.none, findings: DecodingFindings()))
                == (Array("null".utf8), 0))
    }

    @Test func emptyCollectionsAreEmptyArraysAndSettingsTheirDefaults() {
        let empty = InMemoryBackup(createdAt: SampleBackup.createdAt, storeSchemaVersion: 0)
        #expect(joined(empty.encodedSection(.trackedDomains)) == (Array("[]".utf8), 0))
        #expect(joined(empty.encodedSection(.monitoringSettings)) == (MonitoringSettings.defaults.canonicalJSON, 1))
        #expect(joined(empty.encodedSection(.appSettings)) == (AppSettings.defaults.canonicalJSON, 1))
    }

    @Test func anArraySectionIsTheRecordsCanonicalJSONInOrder() {
        let backup = SampleBackup.make()
        let expected =
            "[" + backup.monitoringLogs.map { String(decoding: $0.canonicalJSON, as: UTF8.self) }.joined(separator: ",")
            + "]"
        #expect(String(decoding: joined(backup.encodedSection(.monitoringLogs)).0, as: UTF8.self) == expected)
    }

    @Test func theFormatIsIdentifiedByNameAndVersion() {
        #expect(DomainDigBackup.formatIdentifier == "DomainDigBackup")
        #expect(DomainDigBackup.currentSchemaVersion == 4)
        #expect(DomainDigBackup.firstArchiveSchemaVersion == 3)
    }
}
