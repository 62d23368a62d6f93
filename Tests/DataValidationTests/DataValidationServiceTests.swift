import BackupFormat
import DataValidation
import DurableIO
import Foundation
import JSONCore
import TestSupport
import Testing

@Suite struct DataValidationServiceTests {
    private func summary(_ report: ValidationReport) -> [String] {
        report.findings.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.location)" }
    }

    // MARK: Whole files

    @Test func aSampledExportHasNoErrorsAndShowsThePlantedProblems() throws {
        let directory = try TemporaryDirectory()
        let backup = try SampledExport.make(in: directory)
        let report = try DataValidationService().validate(backup: backup.path)
        #expect(report.count(.error) == 0, "\(report.findings.filter { $0.severity == .error })")
        #expect(report.file == backup.path)
        #expect(report.schemaVersion == DomainDigBackup.currentSchemaVersion)
        #expect(!report.hasErrors)
        #expect(!report.isFromNewerVersion)

        func findings(_ code: FindingCode, in section: BackupSection) -> [Finding] {
            report.findings.filter { $0.code == code && $0.section == section.rawValue }
        }
        // Each planted problem that survives export is a warning or a note, located in its record.
        let planted: [(FindingCode, BackupSection, Finding.Severity)] = [
            (.untrackedDomain, .domainAudits, .warning), (.untrackedDomain, .domainWorkflows, .warning),
            (.missingSnapshot, .monitoringLogs, .warning), (.ledgerBalance, .usageCredits, .warning),
            (.dateOutOfBounds, .lookupHistory, .warning), (.unknownValue, .trackedDomains, .note),
            (.unknownValue, .domainAudits, .note), (.unknownValue, .domainWorkflows, .note),
        ]
        for (code, section, severity) in planted {
            let found = findings(code, in: section)
            #expect(!found.isEmpty, "expected \(code) in \(section)")
            for finding in found {
                #expect(finding.severity == severity)
                #expect(finding.location.hasPrefix("$.\(section.rawValue)"), "\(finding.location)")
            }
        }
        #expect(
            findings(.untrackedDomain, in: .domainAudits).contains {
                $0.message.contains("untracked-audit.example.org")
            })
        #expect(
            findings(.unknownValue, in: .trackedDomains).contains {
                $0.message.contains("\"snoozed\"") && $0.location.hasSuffix(".status")
            })
        #expect(
            findings(.unknownValue, in: .domainAudits).contains {
                $0.message.contains("\"flaky\"") && $0.location.hasSuffix(".result")
            })
        #expect(
            findings(.unknownValue, in: .domainWorkflows).contains {
                $0.message.contains("\"screenshot\"") && $0.location.hasSuffix(".kind")
            })
        #expect(findings(.ledgerBalance, in: .usageCredits).map(\.location) == ["$.usageCredits.balance"])
        #expect(
            findings(.dateOutOfBounds, in: .lookupHistory).contains {
                $0.location.hasSuffix(".capturedAt") && $0.message.contains("1970")
            })
        // Export canonicalises and deduplicates: none of that is left to report.
        #expect(report.findings.allSatisfy { $0.code != .duplicate && $0.code != .domainNotCanonical })
    }

    @Test(arguments: ["gzip", "none"])
    func exportsInEveryCompressionValidate(compression: String) throws {
        let directory = try TemporaryDirectory()
        let backup = try SampledExport.make(in: directory, seed: 4, compression: compression)
        let report = try DataValidationService().validate(backup: backup.path)
        #expect(report.schemaVersion == DomainDigBackup.currentSchemaVersion)
        #expect(report.count(.error) == 0)
        #expect(report.count(.warning) > 0)
    }

    @Test func aValidBackupHasNoFindings() throws {
        let directory = try TemporaryDirectory()
        let url = try TestArchive.valid.write(in: directory)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(report.findings.isEmpty)
        #expect(report.schemaVersion == DomainDigBackup.currentSchemaVersion)
    }

    // MARK: Version policy

    @Test func aNewerSchemaVersionIsItsOwnErrorNamingBothVersions() throws {
        let directory = try TemporaryDirectory()
        var archive = TestArchive.valid
        archive.schemaVersion = 99
        let url = try archive.write(in: directory)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(summary(report) == ["error version.newer \(url.path)"])
        #expect(report.isFromNewerVersion)
        #expect(report.hasErrors)
        #expect(report.schemaVersion == 99)
        let message = try #require(report.findings.first?.message)
        #expect(message.contains("schema version 99"))
        #expect(message.contains("up to 4"))
        #expect(message.contains("use a newer backupctl"))
    }

    @Test func aNewerVersionIsReportedEvenWhenItsManifestIsOtherwiseUnreadable() throws {
        let directory = try TemporaryDirectory()
        var archive = TestArchive.valid
        archive.manifestOverride = Array(
            #"{"format": "DomainDigBackup", "schemaVersion": 5, "sections": "a new layout"}"#.utf8)
        let report = try DataValidationService().validate(backup: try archive.write(in: directory).path)
        #expect(report.findings.map(\.code) == [.versionNewer])
        #expect(report.schemaVersion == 5)
    }

    // MARK: Files that are not usable backups

    @Test func aTruncatedArchiveIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let backup = try SampledExport.make(in: directory, compression: "zstd")
        let bytes = try Data(contentsOf: backup)
        let truncated = directory.file("truncated.ddbackup")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        let report = try DataValidationService().validate(backup: truncated.path)
        let unreadable = report.findings.filter { $0.code == .archiveUnreadable }
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.location == truncated.path)
        #expect(unreadable.first?.message.contains("truncated") == true, "\(unreadable.first?.message ?? "")")
        #expect(report.hasErrors)
        #expect(
            report.findings.allSatisfy { $0.code != .sectionMissing },
            "sections after the cut are not reported as missing")
    }

    @Test func aCorruptArchiveIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let backup = try SampledExport.make(in: directory, compression: "zstd")
        var bytes = [UInt8](try Data(contentsOf: backup))
        for offset in stride(from: bytes.count / 3, to: bytes.count / 3 + 64, by: 1) { bytes[offset] ^= 0x5A }
        let corrupt = directory.file("corrupt.ddbackup")
        try Data(bytes).write(to: corrupt)
        let report = try DataValidationService().validate(backup: corrupt.path)
        #expect(report.hasErrors)
        #expect(report.findings.contains { $0.code == .archiveUnreadable && $0.location == corrupt.path })
    }

    @Test func aCorruptedSectionInAnUncompressedArchiveIsAChecksumMismatch() throws {
        let directory = try TemporaryDirectory()
        let url = try TestArchive.valid.write(in: directory)
        var bytes = [UInt8](try Data(contentsOf: url))
        let needle = Array("bravo.example".utf8)
        let position = try #require(bytes.indices.first { bytes[$0...].starts(with: needle) })
        bytes[position] = UInt8(ascii: "B")
        try Data(bytes).write(to: url)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(summary(report).first == "error section.checksum-mismatch sections/trackedDomains.json")
    }

    @Test func anInvalidManifestIsReported() throws {
        let directory = try TemporaryDirectory()
        var archive = TestArchive.valid
        archive.manifestOverride = Array(#"{"format": "SomethingElse"}"#.utf8)
        let report = try DataValidationService().validate(backup: try archive.write(in: directory).path)
        #expect(summary(report) == ["error manifest.invalid manifest.json"])
        #expect(report.schemaVersion == nil)
        #expect(report.findings.first?.message.contains("\"format\"") == true)
    }

    @Test func aManifestThatIsNotTheFirstEntryIsInvalid() throws {
        let directory = try TemporaryDirectory()
        var archive = TestArchive.valid
        archive.manifestIsFirst = false
        let report = try DataValidationService().validate(backup: try archive.write(in: directory).path)
        #expect(summary(report) == ["error manifest.invalid manifest.json"])
    }

    @Test func aFileThatIsNotABackupIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("notes.txt")
        try Data("just some notes\n".utf8).write(to: url)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(summary(report) == ["error archive.unreadable \(url.path)"])
        #expect(report.findings.first?.message.contains("not a DomainDig backup") == true)
    }

    @Test func aSingleJSONDocumentIsCheckedAgainstItsOwnVersionsSchema() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("old.json")
        try Data(
            #"{"version": 1, "domains": [{"name": "Example.com", "added": 1640000000}, {"name": "bad name"}]}"#.utf8
        ).write(to: url)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(report.schemaVersion == 1)
        #expect(
            summary(report) == [
                "note version.older \(url.path)", "note domain.not-canonical $.domains[0].name",
                "error record.domain $.domains[1].name", "error record.required $.domains[1].added",
            ])
        #expect(report.findings.first?.message.contains("upgraded from v1 to v4") == true)
    }

    @Test func aDocumentDeclaringANewerVersionIsRefusedAsNewer() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("future.json")
        try Data(#"{"schemaVersion": 12, "anything": true}"#.utf8).write(to: url)
        let report = try DataValidationService().validate(backup: url.path)
        #expect(report.isFromNewerVersion)
        #expect(report.schemaVersion == 12)
    }

    @Test func aMissingFileThrowsRatherThanReporting() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: FileIOError.self) {
            try DataValidationService().validate(backup: directory.file("absent.ddbackup").path)
        }
    }

    // MARK: Limits

    @Test func theJSONDepthLimitIsTheServices() throws {
        let directory = try TemporaryDirectory()
        let url = try TestArchive.valid.write(in: directory)
        let service = DataValidationService(limits: BackupReadLimits(json: JSONParseOptions(maxDepth: 4)))
        let report = try service.validate(backup: url.path)
        // Five levels: a snapshot's DNS records (array, snapshot, dns, records, record) and a
        // workflow step's parameters (array, workflow, steps, step, parameters).
        #expect(summary(report) == ["error json.syntax $.lookupHistory", "error json.syntax $.domainWorkflows"])
        #expect(report.findings.first?.message.contains("limit of 4") == true)
    }

    @Test func theArchiveLimitsAreTheServices() throws {
        let directory = try TemporaryDirectory()
        let url = try TestArchive.valid.write(in: directory)
        let service = DataValidationService(limits: BackupReadLimits(archive: ArchiveReaderLimits(maxEntryCount: 3)))
        let report = try service.validate(backup: url.path)
        #expect(report.findings.contains { $0.code == .archiveUnreadable })
    }

    // MARK: Converting reader errors

    @Test func readerErrorsBecomeTheirFindings() {
        let newer = DataValidationService.finding(
            for: .newerSchemaVersion(archive: "b", found: 5, supported: 3), file: "b")
        #expect(newer.code == .versionNewer)
        #expect(newer.severity == .error)
        let manifest = DataValidationService.finding(
            for: .invalidManifest(archive: "b", reason: "it is empty"), file: "b")
        #expect(manifest.code == .manifestInvalid)
        #expect(manifest.location == "manifest.json")
        let unsafe = DataValidationService.finding(
            for: .parentDirectoryInEntryPath(archive: "b", path: "../x"), file: "b")
        #expect(unsafe.code == .archiveUnreadable)
        #expect(unsafe.location == "b")
    }
}
