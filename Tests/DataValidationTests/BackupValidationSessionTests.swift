import BackupFormat
import Foundation
import JSONCore
import TestSupport
import Testing

@testable import DataValidation

@Suite struct BackupValidationSessionTests {
    /// What a session saw: its findings and the records it handed to `visit`.
    struct Outcome {
        var findings: [Finding]
        var visited: [(section: BackupSection, index: Int?)]

        /// `severity code location`, one per finding, in order.
        var summary: [String] { findings.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.location)" } }
        var errors: [Finding] { findings.filter { $0.severity == .error } }

        func visitedIndices(_ section: BackupSection) -> [Int?] {
            visited.filter { $0.section == section }.map(\.index)
        }
    }

    /// Writes `archive`, then drives a session over it as the import pipeline does.
    func run(_ archive: TestArchive) throws -> Outcome {
        let directory = try TemporaryDirectory()
        let url = try archive.write(in: directory)
        let file = try BackupFile(path: url.path)
        let reader = try file.openArchive()
        let session = BackupValidationSession(manifest: reader.manifest, archive: url.path)
        var visited: [(BackupSection, Int?)] = []
        while let payload = try reader.nextSection() {
            visited += session.checkRecording(payload).visited.map { ($0.section, $0.index) }
        }
        let findings = session.finish(missing: reader.isFinished ? reader.missingSections : [])
        #expect(session.hasErrors == findings.contains { $0.severity == .error })
        return Outcome(findings: findings, visited: visited)
    }

    func replacing(_ section: BackupSection, with json: String) -> TestArchive {
        var archive = TestArchive.valid
        archive.replace(section, with: json)
        return archive
    }

    // MARK: A valid backup

    @Test func aValidBackupHasNoFindings() throws {
        #expect(try run(.valid).findings.isEmpty)
    }

    @Test func visitSeesEveryRecordOnceWithItsIndex() throws {
        let outcome = try run(.valid)
        #expect(outcome.visitedIndices(.trackedDomains) == [0, 1, 2, 3, 4])
        #expect(outcome.visitedIndices(.lookupHistory) == [0, 1])
        #expect(outcome.visitedIndices(.monitoringLogs) == [0, 1])
        #expect(outcome.visitedIndices(.monitoringSettings) == [nil])
        #expect(outcome.visitedIndices(.usageCredits) == [nil])
        var order: [BackupSection] = []
        for (section, _) in outcome.visited where order.last != section { order.append(section) }
        #expect(order == BackupSection.allCases, "sections are visited once each, in archive order")
    }

    @Test func aNullOptionalSectionIsValidAndNotVisited() throws {
        var archive = TestArchive.valid
        archive.replace(.entitlement, with: "null")
        archive.replace(.usageCredits, with: " null\n")
        let outcome = try run(archive)
        #expect(outcome.findings.isEmpty)
        #expect(outcome.visitedIndices(.entitlement).isEmpty)
        #expect(outcome.visitedIndices(.usageCredits).isEmpty)
    }

    // MARK: visit

    @Test func visitSkipsRecordsWithErrorsButNotThoseWithWarningsOrNotes() throws {
        let tracked = ValidBackupSections.trackedDomains
            .replacingOccurrences(of: #""domain": "bravo.example""#, with: #""domain": "bravo example""#)
            .replacingOccurrences(of: #""status": "paused""#, with: #""status": "snoozed""#)
            .replacingOccurrences(of: #""domain": "delta.example""#, with: #""domain": "Delta.Example.""#)
        let outcome = try run(replacing(.trackedDomains, with: tracked))
        #expect(
            outcome.summary == [
                "error record.domain $.trackedDomains[1].domain",
                "note record.unknown-value $.trackedDomains[2].status",
                "note domain.not-canonical $.trackedDomains[3].domain",
                // The broken record is not imported, so bravo.example is not tracked either.
                "warning reference.untracked-domain $.domainWorkflows[0].domains[1]",
                "warning reference.untracked-domain $.monitoringLogs[1].domain",
            ])
        #expect(outcome.visitedIndices(.trackedDomains) == [0, 2, 3, 4])
        #expect(outcome.visitedIndices(.monitoringLogs) == [0, 1])
    }

    @Test func aRecordWithAnErrorIsNotVisitedInObjectSections() throws {
        let outcome = try run(replacing(.appSettings, with: #"{"resolverURL": "http://dns.example/"}"#))
        #expect(outcome.summary == ["error record.format $.appSettings.resolverURL"])
        #expect(outcome.visitedIndices(.appSettings).isEmpty)
    }

    // MARK: Verification against the manifest

    @Test func aChecksumMismatchIsAnErrorAtTheEntryAndItsDataIsNotChecked() throws {
        var archive = replacing(.trackedDomains, with: "[{}]")
        archive[.trackedDomains].listedSHA256 = String(repeating: "ab", count: 32)
        let outcome = try run(archive)
        #expect(outcome.summary == ["error section.checksum-mismatch sections/trackedDomains.json"])
        #expect(outcome.findings[0].section == "trackedDomains")
        #expect(outcome.findings[0].message.contains("does not match the manifest's abababababababab"))
        #expect(outcome.visitedIndices(.trackedDomains).isEmpty)
    }

    @Test func aSizeMismatchIsAnErrorAtTheEntry() throws {
        var archive = TestArchive.valid
        archive[.domainAudits].listedBytes = Int64(archive[.domainAudits].bytes.count + 1)
        let outcome = try run(archive)
        #expect(outcome.summary == ["error section.size-mismatch sections/domainAudits.json"])
        #expect(outcome.findings[0].message.contains("but the manifest says \(archive[.domainAudits].bytes.count + 1)"))
    }

    @Test func aCountMismatchIsAnErrorAtTheSection() throws {
        var archive = TestArchive.valid
        archive[.trackedDomains].listedRecords = 7
        archive[.entitlement].listedRecords = 0
        let outcome = try run(archive)
        #expect(
            outcome.summary == [
                "error section.count-mismatch $.trackedDomains", "error section.count-mismatch $.entitlement",
            ])
        #expect(outcome.findings[0].message == "holds 5 records but the manifest says 7.")
    }

    @Test func anEntryTheManifestDoesNotListIsAnError() throws {
        var archive = TestArchive.valid
        var extra = TestArchive.Entry(name: "notes", path: "sections/notes.json", json: "[]")
        extra.isListed = false
        archive.entries.append(extra)
        #expect(try run(archive).summary == ["error entry.unlisted sections/notes.json"])
    }

    @Test func anUnlistedKnownSectionIsBothAbsentFromTheManifestAndUnlisted() throws {
        var archive = TestArchive.valid
        archive[.appSettings].isListed = false
        let outcome = try run(archive)
        #expect(
            Set(outcome.summary) == [
                "error section.absent sections/appSettings.json", "error entry.unlisted sections/appSettings.json",
            ])
        #expect(outcome.visitedIndices(.appSettings).isEmpty)
    }

    @Test func aSectionTheManifestListsButTheArchiveLacksIsMissing() throws {
        var archive = TestArchive.valid
        archive[.monitoringLogs].isInArchive = false
        let outcome = try run(archive)
        #expect(outcome.summary == ["error section.missing sections/monitoringLogs.json"])
        #expect(outcome.findings[0].section == "monitoringLogs")
    }

    @Test func aSectionAbsentFromTheManifestIsAnError() throws {
        var archive = TestArchive.valid
        archive.remove(.appSettings)
        let outcome = try run(archive)
        #expect(outcome.summary == ["error section.absent sections/appSettings.json"])
        #expect(outcome.findings[0].message.contains("neither lists section appSettings nor names it absent"))
        archive.schemaVersion = 3
        let version3 = try run(archive)
        #expect(version3.findings.map(\.code) == [.versionOlder, .sectionAbsent])
        #expect(version3.findings[1].message.contains("every version 3 backup has"))
    }

    @Test func aSectionThisVersionDoesNotKnowIsAnError() throws {
        var archive = TestArchive.valid
        archive.entries.append(TestArchive.Entry(name: "bookmarks", path: "sections/bookmarks.json", json: "[]"))
        archive.entries.append(TestArchive.Entry(name: "renamed", path: "sections/appSettings.v2.json", json: "{}"))
        let outcome = try run(archive)
        #expect(
            outcome.summary == [
                "error section.unknown sections/bookmarks.json", "error section.unknown sections/appSettings.v2.json",
            ])
        #expect(outcome.findings[0].section == "bookmarks")
        #expect(outcome.findings[0].message.contains("\"bookmarks\""))
    }

    @Test func aKnownPathListedUnderAnotherNameIsUnknown() throws {
        var archive = TestArchive.valid
        archive[.appSettings].name = "preferences"
        let outcome = try run(archive)
        #expect(outcome.summary == ["error section.unknown sections/appSettings.json"])
        #expect(outcome.visitedIndices(.appSettings).isEmpty)
    }

    // MARK: JSON syntax, depth and shape

    @Test func aSectionThatIsNotJSONIsASyntaxErrorWithItsPlace() throws {
        let outcome = try run(replacing(.trackedDomains, with: "[\n  {\"id\": }\n]"))
        #expect(outcome.summary == ["error json.syntax $.trackedDomains"])
        #expect(outcome.findings[0].message.contains("line 2, column 10"))
        let object = try run(replacing(.appSettings, with: #"{"recentSearches": [}"#))
        #expect(object.summary == ["error json.syntax $.appSettings"])
    }

    @Test func recordsBeforeASyntaxErrorAreCheckedAndTheErrorIsReported() throws {
        let tracked =
            ValidBackupSections.trackedDomains.trimmingCharacters(in: .whitespacesAndNewlines).dropLast() + ", tru]"
        let outcome = try run(replacing(.trackedDomains, with: String(tracked)))
        #expect(outcome.summary == ["error json.syntax $.trackedDomains"])
        #expect(outcome.findings[0].message.contains("not valid JSON"))
        #expect(
            outcome.visitedIndices(.trackedDomains) == [0, 1, 2, 3, 4],
            "the array is streamed: earlier records were visited")
    }

    @Test func nestingDeeperThanTheLimitIsASyntaxError() throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let tracked =
            #"[{"id": "00000000-0000-4000-8000-000000000001", "domain": "alpha.example", "addedAt": "2025-01-10T09:00:00Z", "x": \#(deep)}]"#
        let outcome = try run(replacing(.trackedDomains, with: tracked))
        #expect(outcome.summary == ["error json.syntax $.trackedDomains"])
        #expect(outcome.findings[0].message.contains("nested deeper than the limit of 64"))
    }

    @Test(arguments: [
        (BackupSection.trackedDomains, "{}", "the section must be an array"),
        (.lookupHistory, "null", "the section must be an array"),
        (.monitoringLogs, #""logs""#, "the section must be an array"),
        (.monitoringSettings, "[]", "the section must be an object, not array."),
        (.appSettings, "null", "the section must be an object, not null."),
        (.entitlement, "[]", "the section must be an object or null, not array."),
        (.usageCredits, "7", "the section must be an object or null, not number."),
    ])
    func aSectionOfTheWrongShapeIsAShapeError(section: BackupSection, json: String, message: String) throws {
        let outcome = try run(replacing(section, with: json))
        #expect(outcome.summary == ["error section.shape $.\(section.rawValue)"])
        #expect(outcome.findings.first?.message.hasPrefix(message) == true, "\(outcome.findings.first?.message ?? "")")
        #expect(outcome.visitedIndices(section).isEmpty)
    }

    @Test func anEmptySectionFileIsASyntaxError() throws {
        #expect(try run(replacing(.domainAudits, with: "")).summary == ["error json.syntax $.domainAudits"])
        #expect(try run(replacing(.entitlement, with: " ")).summary == ["error json.syntax $.entitlement"])
    }

    @Test func aSectionWithMoreRecordsThanItsSchemaAllowsIsAnError() throws {
        // No v3 section is limited today; the session applies whatever schema it is given.
        let limited = BackupSchema(
            version: 3, title: "limited",
            layout: .sections(
                BackupSection.allCases.map { section in
                    let node = BackupSchema.current.node(for: section)!
                    guard section == .trackedDomains, case .array(var array) = node.kind else { return (section, node) }
                    array.maxItems = 4
                    return (section, SchemaNode(.array(array)))
                }))
        let directory = try TemporaryDirectory()
        let url = try TestArchive.valid.write(in: directory)
        let reader = try BackupFile(path: url.path).openArchive()
        let session = BackupValidationSession(manifest: reader.manifest, archive: url.path, schema: limited)
        while let payload = try reader.nextSection() { session.check(payload) }
        let findings = session.finish(missing: reader.missingSections)
        #expect(findings.map { "\($0.code) \($0.location)" } == ["record.too-many $.trackedDomains"])
        #expect(findings.first?.message == "holds 5 records, more than the limit of 4.")
    }

    /// The current schema with `displayName` required of a tracked domain, which this build's
    /// decoder reads as optional: records of another version, as the session sees them.
    static func schemaRequiringDisplayNames(hasCurrentRecords: Bool) throws -> BackupSchema {
        var schema = BackupSchema.current
        var sections: [(section: BackupSection, node: SchemaNode)] = []
        if case .sections(let current) = schema.layout { sections = current }
        let position = try #require(sections.firstIndex { $0.section == .trackedDomains })
        var array: ArraySchema?
        if case .array(let items) = sections[position].node.kind { array = items }
        var object: ObjectSchema?
        if case .object(let fields) = array?.items.kind { object = fields }
        var records = try #require(object)
        let field = try #require(records.properties.firstIndex { $0.name == "displayName" })
        records.properties[field].isRequired = true
        var tracked = try #require(array)
        tracked.items.kind = .object(records)
        sections[position].node = SchemaNode(.array(tracked))
        schema.layout = .sections(sections)
        schema.hasCurrentRecords = hasCurrentRecords
        return schema
    }

    /// A record this build decodes cleanly is still walked when the backup's records are not
    /// this build's: a later version's record that lacks what an earlier version required.
    @Test func recordsOfAnotherVersionAreWalkedThoughTheyDecodeClean() throws {
        // Told they are this build's, the session would trust the decoder, which reads the
        // display name as optional: debug builds stop on that (an assertion).
        func findings(hasCurrentRecords: Bool) throws -> [String] {
            let directory = try TemporaryDirectory()
            let url = try TestArchive.valid.write(in: directory)
            let reader = try BackupFile(path: url.path).openArchive()
            let session = BackupValidationSession(
                manifest: reader.manifest, archive: url.path,
                schema: try Self.schemaRequiringDisplayNames(hasCurrentRecords: hasCurrentRecords))
            while let payload = try reader.nextSection() { _ = session.checkRecording(payload) }
            // The records refused leave references to them unresolved; those are not the point.
            return session.finish(missing: reader.missingSections).filter { $0.code == .requiredMissing }
                .map { "\($0.code) \($0.location)" }
        }
        #expect(
            try findings(hasCurrentRecords: false) == [
                "record.required $.trackedDomains[1].displayName", "record.required $.trackedDomains[2].displayName",
                "record.required $.trackedDomains[3].displayName", "record.required $.trackedDomains[4].displayName",
            ])
    }

    // MARK: Shape errors inside records

    @Test func schemaErrorsInRecordsAreReportedWithTheirPath() throws {
        let tracked = ValidBackupSections.trackedDomains
            .replacingOccurrences(of: #""addedAt": "2025-01-13T09:00:00Z""#, with: #""addedAt": 20250113"#)
            .replacingOccurrences(of: #""id": "\#(ValidBackupSections.id(5))", "#, with: "")
        let outcome = try run(replacing(.trackedDomains, with: tracked))
        #expect(
            outcome.summary == [
                "error record.type $.trackedDomains[3].addedAt", "error record.required $.trackedDomains[4].id",
            ])
        #expect(outcome.findings.allSatisfy { $0.section == "trackedDomains" })
    }
}
