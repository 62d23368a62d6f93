import BackupFormat
import Foundation
import Testing

/// References between sections: checked in one pass, as warnings.
extension BackupValidationSessionTests {
    @Test func recordsNamingUntrackedDomainsAreWarnings() throws {
        var archive = TestArchive.valid
        archive.replace(
            .domainAudits,
            with: ValidBackupSections.domainAudits
                .replacingOccurrences(of: #""domain": "alpha.example""#, with: #""domain": "zulu.example""#))
        archive.replace(
            .domainWorkflows,
            with: ValidBackupSections.domainWorkflows
                .replacingOccurrences(
                    of: #"["alpha.example", "bravo.example"]"#, with: #"["alpha.example", "yankee.example"]"#))
        archive.replace(
            .monitoringSettings,
            with: ValidBackupSections.monitoringSettings
                .replacingOccurrences(
                    of: #"["alpha.example", "charlie.example"]"#, with: #"["xray.example", "charlie.example"]"#))
        archive.replace(
            .monitoringLogs,
            with: ValidBackupSections.monitoringLogs
                .replacingOccurrences(of: #""domain": "bravo.example""#, with: #""domain": "whiskey.example""#))
        let outcome = try run(archive)
        #expect(
            outcome.summary == [
                "warning reference.untracked-domain $.domainAudits[0].domain",
                "warning reference.untracked-domain $.domainWorkflows[0].domains[1]",
                "warning reference.untracked-domain $.monitoringSettings.monitoredDomains[0]",
                "warning reference.untracked-domain $.monitoringLogs[1].domain",
            ])
        #expect(outcome.findings[0].message == "names \"zulu.example\", which is not a tracked domain.")
        #expect(outcome.visitedIndices(.domainAudits) == [0], "warnings do not keep a record from the import")
    }

    @Test func referencesAreComparedInCanonicalForm() throws {
        let audits = ValidBackupSections.domainAudits
            .replacingOccurrences(of: #""domain": "alpha.example""#, with: #""domain": "ALPHA.example.""#)
        let outcome = try run(replacing(.domainAudits, with: audits))
        #expect(outcome.summary == ["note domain.not-canonical $.domainAudits[0].domain"])
    }

    @Test func anAuditIsUntrackedWhenNothingIsTracked() throws {
        var archive = TestArchive.valid
        archive.replace(.trackedDomains, with: "[]")
        archive.replace(.domainWorkflows, with: "[]")
        archive.replace(.monitoringSettings, with: "{}")
        archive.replace(.monitoringLogs, with: "[]")
        #expect(try run(archive).summary == ["warning reference.untracked-domain $.domainAudits[0].domain"])
    }

    @Test func aLogNamingASnapshotNotInTheHistoryIsAWarning() throws {
        let logs = ValidBackupSections.monitoringLogs
            .replacingOccurrences(of: ValidBackupSections.id(101), with: ValidBackupSections.id(199))
        let outcome = try run(replacing(.monitoringLogs, with: logs))
        #expect(outcome.summary == ["warning reference.missing-snapshot $.monitoringLogs[0].snapshotId"])
        #expect(outcome.findings[0].message.contains(ValidBackupSections.id(199)))
        let upperCase = ValidBackupSections.monitoringLogs
            .replacingOccurrences(of: ValidBackupSections.id(101), with: ValidBackupSections.id(101).uppercased())
        #expect(try run(replacing(.monitoringLogs, with: upperCase)).findings.isEmpty)
    }

    @Test func aLogIsCheckedAgainstAnEmptyHistory() throws {
        var archive = TestArchive.valid
        archive.replace(.lookupHistory, with: "[]")
        #expect(try run(archive).summary == ["warning reference.missing-snapshot $.monitoringLogs[0].snapshotId"])
    }

    @Test func aLedgerWhoseBalanceDisagreesWithItsEntriesIsAWarning() throws {
        let ledger = ValidBackupSections.usageCredits.replacingOccurrences(
            of: #""balance": 70"#, with: #""balance": 75"#)
        let outcome = try run(replacing(.usageCredits, with: ledger))
        #expect(outcome.summary == ["warning ledger.balance-mismatch $.usageCredits.balance"])
        #expect(
            outcome.findings[0].message == "the balance is 75 but the entries add up to 70; the stored balance is kept."
        )
        #expect(outcome.visitedIndices(.usageCredits) == [nil])
    }

    @Test func aDomainTrackedTwiceIsAWarningAtTheRepeat() throws {
        let tracked =
            ValidBackupSections.trackedDomains.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()
            + #", {"id": "\#(ValidBackupSections.id(6))", "domain": "Alpha.Example.", "addedAt": "2025-02-01T00:00:00Z"}]"#
        let outcome = try run(replacing(.trackedDomains, with: String(tracked)))
        #expect(
            outcome.summary == [
                "note domain.not-canonical $.trackedDomains[5].domain",
                "warning record.duplicate $.trackedDomains[5].domain",
            ])
        #expect(
            outcome.findings[1].message == "\"alpha.example\" is tracked twice; the two records are merged on import.")
    }

    @Test func aRecordIdUsedTwiceInASectionIsAWarningAtTheRepeat() throws {
        let tracked = ValidBackupSections.trackedDomains
            .replacingOccurrences(of: ValidBackupSections.id(4), with: ValidBackupSections.id(2).uppercased())
        let outcome = try run(replacing(.trackedDomains, with: tracked))
        #expect(outcome.summary == ["warning record.duplicate $.trackedDomains[3].id"])
    }
}
