import BackupFormat
import DataValidation
import Foundation
import JSONCore
import TestSupport
import Testing

/// A version 4 backup's carried entries and absent sections (Docs/backup-format.md): checked
/// with their own decoders, reported as notes and warnings when they can be restored and as
/// errors when they cannot — and the printed schema, under Python's jsonschema, agrees.
@Suite struct CarriedValidationTests {
    static let storeKeys = #"""
        [{"key": "reminders.v2", "value": {"kind": "data", "json": {"enabled": true}}},
         {"key": "launchCount", "value": {"kind": "integer", "value": 3}},
         {"key": "zoom", "value": {"kind": "double", "value": "nan"}},
         {"key": "pinned", "value": {"kind": "array", "binaryPropertyList": "YnBsaXN0MDChAVFhCAoAAAAAAAABAQAAAAAAAAACAAAAAAAAAAAAAAAAAAAADA=="}}]
        """#
    static let unreadableRecords = #"""
        [{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[7]", "reason": "$[7].id: is missing",
          "value": {"kind": "data", "json": {"domain": "x.example"}}},
         {"section": "appSettings", "storeKey": "app.preferences", "path": "$", "reason": "cannot be read",
          "value": {"kind": "data", "base64": "e30u"}}]
        """#

    /// The valid backup with carried entries, ahead of its sections.
    static func archive(storeKeys: String? = storeKeys, unreadable: String? = unreadableRecords) -> TestArchive {
        var archive = TestArchive.valid
        var carried: [TestArchive.Entry] = []
        if let storeKeys {
            carried.append(TestArchive.Entry(name: "storeKeys", path: "carried/storeKeys.json", json: storeKeys))
        }
        if let unreadable {
            carried.append(
                TestArchive.Entry(name: "unreadableRecords", path: "carried/unreadableRecords.json", json: unreadable))
        }
        archive.entries.insert(contentsOf: carried, at: 0)
        return archive
    }

    struct Outcome {
        var findings: [Finding]
        var carried: CarriedContents

        func located(_ code: FindingCode) -> [String] {
            findings.filter { $0.code == code }.map(\.location)
        }
    }

    func run(_ archive: TestArchive) throws -> Outcome {
        let directory = try TemporaryDirectory()
        let url = try archive.write(in: directory)
        let reader = try BackupFile(path: url.path).openArchive()
        let session = BackupValidationSession(manifest: reader.manifest, archive: url.path)
        while let payload = try reader.nextSection() { session.check(payload) }
        return Outcome(findings: session.finish(missing: reader.missingSections), carried: session.carried)
    }

    @Test func restorableEntriesAreNotesAndWarningsAndAreHandedOn() throws {
        let outcome = try run(Self.archive())
        #expect(outcome.findings.filter { $0.severity == .error }.isEmpty, "\(outcome.findings)")
        #expect(
            outcome.located(.unknownStoreKey) == [
                "$.storeKeys[0]", "$.storeKeys[1]", "$.storeKeys[2]", "$.storeKeys[3]",
            ])
        #expect(outcome.findings.filter { $0.code == .unknownStoreKey }.allSatisfy { $0.severity == .note })
        #expect(outcome.located(.unreadableRecord) == ["$.unreadableRecords[0]", "$.unreadableRecords[1]"])
        #expect(outcome.findings.filter { $0.code == .unreadableRecord }.allSatisfy { $0.severity == .warning })
        #expect(outcome.carried.storeKeys.map(\.key) == ["reminders.v2", "launchCount", "zoom", "pinned"])
        #expect(outcome.carried.storeKeys[1].value == .integer(3))
        #expect(outcome.carried.unreadableElements(of: "trackedDomains") == [Array(#"{"domain": "x.example"}"#.utf8)])
        #expect(outcome.carried.unreadableValues.map(\.storeKey) == ["app.preferences"])
    }

    @Test(arguments: [
        (#"[{"key": "trackedDomains", "value": {"kind": "integer", "value": 1}}]"#, "$.storeKeys[0].key"),
        (#"[{"key": "data.storeSchemaVersion", "value": {"kind": "integer", "value": 9}}]"#, "$.storeKeys[0].key"),
        (
            #"[{"key": "a", "value": {"kind": "bool", "value": true}}, {"key": "a", "value": {"kind": "bool", "value": false}}]"#,
            "$.storeKeys[1].key"
        ),
        (#"[{"key": "a", "value": {"kind": "float", "value": 1}}]"#, "$.storeKeys[0].value.kind"),
        (#"[{"key": "a", "value": {"kind": "integer", "value": 1.5}}]"#, "$.storeKeys[0].value.value"),
        (#"[{"key": "a", "value": {"kind": "data", "base64": "@@@"}}]"#, "$.storeKeys[0].value.base64"),
        (
            #"[{"key": "a", "value": {"kind": "dictionary", "binaryPropertyList": "e30="}}]"#,
            "$.storeKeys[0].value.binaryPropertyList"
        ),
        (#"[{"key": "", "value": {"kind": "bool", "value": true}}]"#, "$.storeKeys[0].key"),
        (#"[{"value": {"kind": "bool", "value": true}}]"#, "$.storeKeys[0].key"),
        (#"[42]"#, "$.storeKeys[0]"),
    ])
    func aStoreKeyThatCannotBeRestoredIsAnError(json: String, location: String) throws {
        let outcome = try run(Self.archive(storeKeys: json, unreadable: nil))
        #expect(outcome.located(.carriedInvalid) == [location], "\(outcome.findings)")
    }

    @Test(arguments: [
        (
            #"{"section": "bookmarks", "storeKey": "x", "path": "$", "reason": "", "value": {"kind": "bool", "value": true}}"#,
            "$.unreadableRecords[0].section"
        ),
        (
            #"{"section": "trackedDomains", "storeKey": "lookupHistory", "path": "$", "reason": "", "value": {"kind": "bool", "value": true}}"#,
            "$.unreadableRecords[0].storeKey"
        ),
        (
            #"{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$.x", "reason": "", "value": {"kind": "bool", "value": true}}"#,
            "$.unreadableRecords[0].path"
        ),
        (
            #"{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[1]", "reason": "", "value": {"kind": "integer", "value": 1}}"#,
            "$.unreadableRecords[0].value"
        ),
        (
            #"{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[1]", "reason": "", "value": {"kind": "data", "base64": "e3s="}}"#,
            "$.unreadableRecords[0].value"
        ),
        (
            #"{"section": "appSettings", "storeKey": "app.preferences", "path": "$[0]", "reason": "", "value": {"kind": "data", "json": {}}}"#,
            "$.unreadableRecords[0].path"
        ),
        (
            #"{"section": "entitlement", "storeKey": "purchase.cachedEntitlement", "path": "$[0]", "reason": "", "value": {"kind": "data", "json": {}}}"#,
            "$.unreadableRecords[0].path"
        ),
    ])
    func anUnreadableRecordThatCannotBeRestoredIsAnError(json: String, location: String) throws {
        let outcome = try run(Self.archive(storeKeys: nil, unreadable: "[\(json)]"))
        #expect(outcome.located(.carriedInvalid) == [location], "\(outcome.findings)")
    }

    /// Carried entries (store keys, unreadable records) in which an element or its value
    /// repeats a key, with where each repetition is reported.
    static let repeatedKeys: [(storeKeys: String?, unreadable: String?, locations: [String])] = [
        (#"[{"key": "a", "key": "b", "value": {"kind": "bool", "value": true}}]"#, nil, ["$.storeKeys[0].key"]),
        (
            #"[{"key": "a", "value": {"kind": "integer", "value": 1, "kind": "string", "value": "1"}}]"#, nil,
            ["$.storeKeys[0].value.kind", "$.storeKeys[0].value.value"]
        ),
        (
            nil,
            #"[{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$[7]", "path": "$", "reason": "", "value": {"kind": "data", "json": {}}}]"#,
            ["$.unreadableRecords[0].path"]
        ),
    ]

    @Test(arguments: repeatedKeys)
    func aKeyRepeatedInACarriedElementIsAnErrorAtIt(storeKeys: String?, unreadable: String?, locations: [String])
        throws
    {
        let outcome = try run(Self.archive(storeKeys: storeKeys, unreadable: unreadable))
        #expect(outcome.located(.duplicateKey) == locations, "\(outcome.findings)")
        #expect(outcome.findings.filter { $0.severity == .error }.count == locations.count, "\(outcome.findings)")
        #expect(outcome.carried.isEmpty, "nothing ambiguous is handed on")
    }

    @Test func aKeyRepeatedInsideCarriedDataIsCarriedAsWritten() throws {
        // The store's own bytes, which this build never reads: restored exactly, not judged.
        let data = #"{"enabled": true, "enabled": false}"#
        let outcome = try run(
            Self.archive(
                storeKeys: #"[{"key": "reminders.v2", "value": {"kind": "data", "json": \#(data)}}]"#, unreadable: nil))
        #expect(outcome.findings.filter { $0.severity == .error }.isEmpty, "\(outcome.findings)")
        #expect(outcome.carried.storeKeys.map(\.value) == [.data(Array(data.utf8))])
    }

    @Test func carriedEntriesAfterASectionAreAnError() throws {
        var archive = Self.archive(unreadable: nil)
        let carried = archive.entries.removeFirst()
        archive.entries.append(carried)
        let outcome = try run(archive)
        #expect(outcome.located(.carriedInvalid) == ["carried/storeKeys.json"])
    }

    @Test func aVersion3BackupCarriesNothing() throws {
        var archive = Self.archive()
        archive.schemaVersion = 3
        let outcome = try run(archive)
        #expect(outcome.located(.sectionUnknown) == ["carried/storeKeys.json", "carried/unreadableRecords.json"])
        #expect(outcome.carried.isEmpty)
    }

    @Test func aCarriedEntryCountsItsElementsAsTheManifestSays() throws {
        var archive = Self.archive(unreadable: nil)
        archive.entries[0].listedRecords = 9
        #expect(try run(archive).located(.countMismatch) == ["$.storeKeys"])
    }

    // MARK: Absent sections

    func withoutAudits(absent: [String]?, schemaVersion: Int = 4) -> TestArchive {
        var archive = TestArchive.valid
        archive.remove(.domainAudits)
        archive.absentSections = absent
        archive.schemaVersion = schemaVersion
        return archive
    }

    @Test func aSectionNamedAbsentMayBeLeftOutInVersion4Only() throws {
        #expect(try run(withoutAudits(absent: ["domainAudits"])).findings.filter { $0.severity == .error }.isEmpty)
        #expect(try run(withoutAudits(absent: nil)).located(.sectionAbsent) == ["sections/domainAudits.json"])
        #expect(
            try run(withoutAudits(absent: ["domainAudits"], schemaVersion: 3)).located(.sectionAbsent) == [
                "manifest.json", "sections/domainAudits.json",
            ])
        #expect(
            try run(withoutAudits(absent: ["domainAudits", "bookmarks"])).located(.sectionAbsent) == ["manifest.json"])
        var listedAndAbsent = TestArchive.valid
        listedAndAbsent.absentSections = ["entitlement"]
        #expect(try run(listedAndAbsent).located(.sectionAbsent) == ["manifest.json"])
    }

    // MARK: The printed schema agrees

    @Test func thePrintedSchemaAcceptsWhatTheDecodersAcceptAndRejectsWhatTheyReject() throws {
        try JSONSchemaPeer.requireAvailable()
        let directory = try TemporaryDirectory()
        var printer = JSONSchemaPrinter()
        let schema = directory.file("schema.json")
        try Data(printer.print(.current)).write(to: schema)
        let good = #"{"storeKeys": \#(Self.storeKeys), "unreadableRecords": \#(Self.unreadableRecords)}"#
        let bad = [
            #"{"storeKeys": [{"key": "trackedDomains", "value": {"kind": "integer", "value": 1}}]}"#,
            #"{"storeKeys": [{"key": "a", "value": {"kind": "integer", "value": "1"}}]}"#,
            #"{"storeKeys": [{"key": "a", "value": {"kind": "data", "base64": "@@@"}}]}"#,
            #"{"storeKeys": [{"key": "a", "value": {"kind": "float", "value": 1}}]}"#,
            #"{"unreadableRecords": [{"section": "bookmarks", "storeKey": "trackedDomains", "path": "$", "reason": "", "value": {"kind": "bool", "value": true}}]}"#,
            #"{"unreadableRecords": [{"section": "trackedDomains", "storeKey": "trackedDomains", "path": "$.x", "reason": "", "value": {"kind": "bool", "value": true}}]}"#,
        ]
        var documents: [URL] = []
        for (index, text) in ([good] + bad).enumerated() {
            let url = directory.file("document-\(index).json")
            try Data(text.utf8).write(to: url)
            documents.append(url)
        }
        let verdicts = try JSONSchemaPeer.validate(documents, against: schema)
        #expect(verdicts.first?.isEmpty == true, "\(verdicts.first ?? [])")
        for (text, violations) in zip(bad, verdicts.dropFirst()) { #expect(!violations.isEmpty, "\(text)") }
    }
}
