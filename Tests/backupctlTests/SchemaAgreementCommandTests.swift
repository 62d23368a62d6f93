import Foundation
import TestSupport
import Testing

/// The four disagreements between the published JSON Schema and the decoder an outside check
/// found (issue 17), each decided one way: `jsonschema`, `backupctl validate` and
/// `backupctl import` give the same verdict, and what is imported is exported as it was read
/// (in its canonical form) on both backends — never as another value.
@Suite struct SchemaAgreementCommandTests {
    static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

    // MARK: Accepted: the decoder now reads what the schema allows

    /// Timestamps written into a tracked domain's `addedAt` and a lookup's `capturedAt`, and
    /// the canonical texts of the instants they name.
    struct AcceptedTimestamps: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let addedAt: (written: String, exported: String)
        let capturedAt: (written: String, exported: String)
    }

    @Test(arguments: [
        AcceptedTimestamps(
            testDescription: "a fraction of many digits is rounded on its decimal digits",
            addedAt: ("2026-01-01T10:00:22.12349999999999999Z", "2026-01-01T10:00:22.123Z"),
            capturedAt: ("2026-01-01T10:00:22.12350000000000000001Z", "2026-01-01T10:00:22.124Z")),
        AcceptedTimestamps(
            testDescription: "the last and first instants of the four-digit years come back as the same instants",
            addedAt: ("9999-12-31T23:59:59.9994999-00:00", "9999-12-31T23:59:59.999Z"),
            capturedAt: ("0000-01-01T00:00:00-05:00", "0000-01-01T05:00:00Z")),
    ])
    func anAcceptedTimestampIsExportedAsTheSameInstantInItsCanonicalForm(_ timestamps: AcceptedTimestamps) throws {
        let sections: [String: Any] = [
            "trackedDomains": [Self.record(at: "addedAt", timestamps.addedAt.written)],
            "lookupHistory": [Self.record(at: "capturedAt", timestamps.capturedAt.written)],
        ]
        for exported in try roundTrip(sections) {
            #expect(exported.record("trackedDomains")?["addedAt"] as? String == timestamps.addedAt.exported)
            #expect(exported.record("lookupHistory")?["capturedAt"] as? String == timestamps.capturedAt.exported)
        }
    }

    @Test func aNameOfASpaceAndACombiningMarkIsNotBlankAndKeptAsWritten() throws {
        let workflow: [String: Any] = [
            "id": Self.id, "name": " \u{301}", "createdAt": "2026-01-01T00:00:00Z", "steps": [["id": "\t\u{20DD}"]],
        ]
        var audit = Self.record(at: "startedAt", "2026-01-01T00:00:00Z")
        audit["checks"] = [["id": "\u{3000}\u{300}"]]
        let sections: [String: Any] = [
            "domainWorkflows": [workflow], "domainAudits": [audit],
            "entitlement": ["productId": "\u{1C}", "verifiedAt": "2026-01-01T00:00:00Z"],
        ]
        for exported in try roundTrip(sections) {
            let workflow = exported.record("domainWorkflows")
            #expect((workflow?["name"] as? String)?.unicodeScalars.map(\.value) == [0x20, 0x301])
            let step = (workflow?["steps"] as? [[String: Any]])?.first
            #expect((step?["id"] as? String)?.unicodeScalars.map(\.value) == [0x09, 0x20DD])
            let check = (exported.record("domainAudits")?["checks"] as? [[String: Any]])?.first
            #expect((check?["id"] as? String)?.unicodeScalars.map(\.value) == [0x3000, 0x300])
            let entitlement = exported["entitlement"] as? [String: Any]
            #expect((entitlement?["productId"] as? String)?.unicodeScalars.map(\.value) == [0x1C])
        }
    }

    @Test func aResolverURLWithACombiningMarkIsKeptAsWritten() throws {
        for url in ["https://\u{301}dns.example/dns-query", "https://dns.example/\u{301}"] {
            for exported in try roundTrip(["appSettings": ["resolverURL": url]]) {
                let settings = exported["appSettings"] as? [String: Any]
                #expect(
                    (settings?["resolverURL"] as? String)?.unicodeScalars.elementsEqual(url.unicodeScalars) == true,
                    "\(url.debugDescription): \(String(describing: settings?["resolverURL"]))")
            }
        }
    }

    @Test func aLoneWildcardOwnerNameIsKeptAsWritten() throws {
        let records: [[String: Any]] = [
            ["type": "A", "name": "*", "value": "192.0.2.1"], ["type": "A", "name": "*.", "value": "192.0.2.2"],
        ]
        var snapshot = Self.record(at: "capturedAt", "2026-01-01T00:00:00Z")
        snapshot["dns"] = ["records": records]
        let sections: [String: Any] = ["lookupHistory": [snapshot]]
        for exported in try roundTrip(sections) {
            let dns = exported.record("lookupHistory")?["dns"] as? [String: Any]
            let names = (dns?["records"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["*", "*"], "the second in its canonical form, without the root's dot")
        }
    }

    // MARK: Refused: the schema no longer allows what cannot be written back

    @Test(arguments: [
        ("trackedDomains", "addedAt", "9999-12-31T20:00:00-05:00"),
        ("trackedDomains", "addedAt", "9999-12-31T23:59:59.9995Z"),
        ("monitoringLogs", "checkedAt", "0000-01-01T01:00:00+05:00"),
        ("monitoringLogs", "checkedAt", "9999-12-31T10:00:00-05:00"),
    ])
    func aTimestampBeyondTheFourDigitYearsInUTCIsRefusedByAllThree(section: String, field: String, value: String)
        throws
    {
        let workspace = try CommandWorkspace()
        let schema = try Self.schema(in: workspace)
        let backup = workspace.url.appendingPathComponent("beyond.ddbackup")
        let record = Self.record(at: field, value)
        let path = "$.\(section)[0].\(field)"
        let violations = try SchemaRecordsPeer.write([section: [record]], schema: schema, to: backup)
        #expect(violations.count == 1 && violations.first?.hasPrefix(path + ": ") == true, "\(violations)")

        let validation = try workspace.backupctl("validate", backup.path, "--json")
        #expect(validation.status == 65)
        let findings = try validation.jsonObject()["findings"] as? [[String: Any]] ?? []
        let errors = findings.filter { $0["severity"] as? String == "error" }
        #expect(errors.count == 1)
        #expect(errors.first?["path"] as? String == path && errors.first?["code"] as? String == "record.format")
        let message = errors.first?["message"] as? String ?? ""
        #expect(
            message
                == "must stay within the years 0000–9999 once converted to UTC (on 9999-12-31 no negative offset, "
                + "on 0000-01-01 no positive one), not \"\(value)\".")

        for store in ["new.sqlite", "new.plist"] {
            let before = try workspace.directory.names()
            let imported = try workspace.backupctl("import", backup.path, "--store", workspace.path(store))
            #expect(imported.status == 65)
            #expect(imported.stderrText.contains("nothing was imported"), "\(imported.stderrText)")
            #expect(imported.stderrText.contains("\(path): \(message)"), "\(imported.stderrText)")
            #expect(try workspace.directory.names() == before, "the refused import created nothing")
        }
    }

    // MARK: Support

    /// A record of the sections whose required fields are an id, a domain and one timestamp.
    private static func record(at field: String, _ timestamp: String) -> [String: Any] {
        ["id": id, "domain": "a.example", field: timestamp]
    }

    private static func schema(in workspace: CommandWorkspace) throws -> String {
        let schema = workspace.path("schema.json")
        let printed = try workspace.backupctl("schema")
        try #require(printed.status == 0, "\(printed.stderrText)")
        try printed.stdout.write(to: URL(fileURLWithPath: schema))
        return schema
    }

    /// Writes `sections` as a backup, shows that jsonschema and `validate` accept them, imports
    /// the backup into a new SQLite store and a new property-list store, and exports each.
    /// - Returns: each export's sections, by name.
    private func roundTrip(_ sections: [String: Any]) throws -> [[String: Any]] {
        let workspace = try CommandWorkspace()
        let schema = try Self.schema(in: workspace)
        let backup = workspace.url.appendingPathComponent("values.ddbackup")
        let violations = try SchemaRecordsPeer.write(sections, schema: schema, to: backup)
        #expect(violations.isEmpty, "jsonschema: \(violations)")
        let validation = try workspace.backupctl("validate", backup.path, "--json")
        let findings = try validation.jsonObject()["findings"] as? [[String: Any]] ?? []
        #expect(validation.status == 0, "\(findings.filter { $0["severity"] as? String == "error" })")

        var exports: [[String: Any]] = []
        for store in ["store.sqlite", "store.plist"] {
            let imported = try workspace.backupctl("import", backup.path, "--store", workspace.path(store), "--json")
            try #require(imported.status == 0, "\(store): \(imported.stderrText)")
            for section in try imported.jsonObject()["sections"] as? [[String: Any]] ?? [] {
                #expect(section["malformedSkipped"] as? Int == 0, "\(store): \(section)")
            }
            let exported = workspace.path("\(store).exported.ddbackup")
            let export = try workspace.backupctl(
                "export", "--store", workspace.path(store), "-o", exported, "--compression", "none", "--quiet")
            try #require(export.status == 0, "\(store): \(export.stderrText)")
            var contents: [String: Any] = [:]
            for name in sections.keys {
                let entry = try ProcessRunner.run("tar", ["-xOf", exported, "sections/\(name).json"])
                try #require(entry.status == 0, "\(entry.stderrText)")
                contents[name] = try JSONSerialization.jsonObject(with: entry.stdout, options: .fragmentsAllowed)
            }
            exports.append(contents)
        }
        return exports
    }
}

extension [String: Any] {
    /// The first record of an array section.
    fileprivate func record(_ section: String) -> [String: Any]? {
        (self[section] as? [[String: Any]])?.first
    }
}
