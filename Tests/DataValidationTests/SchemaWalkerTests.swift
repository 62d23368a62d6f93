import BackupFormat
import DomainModel
import JSONCore
import Testing

@testable import DataValidation

@Suite struct SchemaWalkerTests {
    typealias S = SchemaBuilder

    /// Walks `json` against `node` from the root `$.test` and returns the findings.
    private func walk(_ json: String, _ node: SchemaNode) throws -> [Finding] {
        let document = try JSONDocument(parsing: Array(json.utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, node)
        return walker.findings
    }

    /// A tracked-domain record with `fields` (JSON text without braces) after the required ones.
    private func trackedDomain(_ extra: String = "", domain: String = #""alpha.example""#) -> String {
        let tail = extra.isEmpty ? "" : ", " + extra
        return
            #"{"id": "00000000-0000-4000-8000-000000000001", "domain": \#(domain), "addedAt": "2025-01-10T09:00:00Z"\#(tail)}"#
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.location)" }
    }

    // MARK: Every record of a valid backup

    @Test(arguments: BackupSection.allCases)
    func acceptsTheValidBackupWithoutFindings(section: BackupSection) throws {
        let node = try #require(BackupSchema.current.node(for: section))
        let json = try #require(ValidBackupSections.all[section])
        #expect(try walk(json, node).isEmpty)
    }

    // MARK: Node kinds

    @Test func objectReportsAMissingRequiredFieldAtTheFieldsPath() throws {
        let findings = try walk(
            #"{"id": "00000000-0000-4000-8000-000000000001", "addedAt": "2025-01-10T09:00:00Z"}"#,
            RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["error record.required $.test.domain"])
        #expect(findings[0].message == "is required but missing.")
        #expect(findings[0].section == "test")
    }

    @Test func nullInARequiredFieldIsReportedAsRequiredOnce() throws {
        let findings = try walk(trackedDomain(domain: "null"), RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["error record.required $.test.domain"])
        #expect(findings[0].message.contains("must not be null"))
    }

    @Test func nullInAnOptionalFieldIsAccepted() throws {
        let json = trackedDomain(
            #""displayName": null, "tags": null, "status": null, "isFavorite": null, "lastLookupAt": null"#)
        #expect(try walk(json, RecordSchemas.trackedDomain).isEmpty)
    }

    @Test func nullWhereANonNullableValueIsExpectedIsAWrongType() throws {
        let findings = try walk(
            #"{"tags": [null]}"#, S.object("t", "", [S.optional("tags", S.array(of: S.string(""), ""))]))
        #expect(summary(findings) == ["error record.type $.test.tags[0]"])
        #expect(findings[0].message == "must be a string, not null.")
    }

    @Test func objectWhereSomethingElseIsFoundIsAWrongType() throws {
        let findings = try walk("[1]", RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["error record.type $.test"])
        #expect(findings[0].message == "must be an object, not array.")
    }

    @Test(arguments: [
        (#"{"tags": "work"}"#, "$.test.tags", "must be an array, not string."),
        (#"{"displayName": 42}"#, "$.test.displayName", "must be a string, not number."),
        (#"{"isFavorite": "true"}"#, "$.test.isFavorite", "must be true or false, not string."),
        (#"{"isFavorite": 1}"#, "$.test.isFavorite", "must be true or false, not number."),
        (#"{"tags": [true]}"#, "$.test.tags[0]", "must be a string, not boolean."),
    ])
    func wrongTypesAreErrorsAtTheValue(fields: String, location: String, message: String) throws {
        let json = trackedDomain(String(fields.dropFirst().dropLast()))
        let findings = try walk(json, RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["error record.type \(location)"])
        #expect(findings.first?.message == message)
    }

    @Test func integersFollowJSONSchemaAndTheirRange() throws {
        let node = S.object("n", "", [S.required("n", S.integer("", 0...100))])
        #expect(try walk(#"{"n": 42}"#, node).isEmpty)
        #expect(try walk(#"{"n": 42.0}"#, node).isEmpty, "JSON Schema counts 42.0 as an integer")
        #expect(try walk(#"{"n": 4e1}"#, node).isEmpty)
        #expect(summary(try walk(#"{"n": 4.5}"#, node)) == ["error record.type $.test.n"])
        #expect(try walk(#"{"n": 4.5}"#, node).first?.message == "must be an integer, not 4.5.")
        #expect(summary(try walk(#"{"n": "42"}"#, node)) == ["error record.type $.test.n"])
        #expect(summary(try walk(#"{"n": 101}"#, node)) == ["error record.range $.test.n"])
        #expect(try walk(#"{"n": -1}"#, node).first?.message == "must be between 0 and 100, not -1.")
        #expect(summary(try walk(#"{"n": 123456789012345678901234567890}"#, node)) == ["error record.type $.test.n"])
    }

    @Test func unboundedIntegersAcceptAnyInteger() throws {
        let node = S.object("n", "", [S.required("n", S.integer(""))])
        #expect(try walk(#"{"n": -9007199254740993}"#, node).isEmpty)
    }

    @Test func stringMapsReportEachNonStringValueAtItsKey() throws {
        let http =
            #"{"url": "https://a.example/", "statusCode": 200, "headers": {"server": "nginx", "x-count": 3, "age": null}}"#
        let findings = try walk(http, RecordSchemas.http)
        #expect(
            summary(findings) == [
                "error record.type $.test.headers[\"x-count\"]", "error record.type $.test.headers.age",
            ])
        #expect(
            summary(try walk(#"{"url": "u", "statusCode": 200, "headers": ["a"]}"#, RecordSchemas.http))
                == ["error record.type $.test.headers"])
    }

    @Test func arraysLongerThanTheirLimitAreErrorsAtTheArray() throws {
        let tags = (0..<33).map { "\"t\($0)\"" }.joined(separator: ", ")
        let findings = try walk(trackedDomain(#""tags": [\#(tags)]"#), RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["error record.too-many $.test.tags"])
        #expect(findings[0].message == "holds 33 elements, more than the limit of 32.")
        let limit = (0..<32).map { "\"t\($0)\"" }.joined(separator: ", ")
        #expect(try walk(trackedDomain(#""tags": [\#(limit)]"#), RecordSchemas.trackedDomain).isEmpty)
    }

    // MARK: Formats

    @Test(arguments: [
        (
            StringFormat.dateTime, ["2025-01-10T09:00:00Z", "2024-02-29T23:59:60.5+05:30", "2025-01-10t09:00:00z"],
            [
                "yesterday", "2025-02-30T09:00:00Z", "2025-01-10 09:00:00Z", "2025-01-10T09:00Z",
                "2025-01-10T24:00:00Z", "",
            ]
        ),
        (
            .uuid, ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"],
            [
                "3f2504e04f8911d39a0c0305e82c3301", "3f2504e0-4f89-11d3-9a0c-0305e82c330",
                "zf2504e0-4f89-11d3-9a0c-0305e82c3301",
            ]
        ),
        (
            .resolverURL, ["https://dns.quad9.net/dns-query", "https://dns.example?dns=x"],
            ["http://dns.example/", "https:///dns-query", "https://dns example/", "dns.example"]
        ),
        (.wallClockTime, ["00:00", "23:59", "07:30"], ["24:00", "7:30", "12:60", "12-30", "12:30:00"]),
        (.nonEmpty, ["x", " a "], ["", "   ", "\\t"]),
    ])
    func formatsAcceptTheirValuesAndRejectOthersAsFormatErrors(format: StringFormat, valid: [String], invalid: [String])
        throws
    {
        let node = S.object("f", "", [S.required("value", S.string("", format))])
        for text in valid {
            #expect(try walk(#"{"value": "\#(text)"}"#, node).isEmpty, "\(text) should be a valid \(format)")
        }
        for text in invalid {
            #expect(
                summary(try walk(#"{"value": "\#(text)"}"#, node)) == ["error record.format $.test.value"],
                "\(text) should not be a valid \(format)")
        }
    }

    @Test func escapedStringsAreCheckedByTheirDecodedText() throws {
        let node = S.object(
            "f", "", [S.required("at", S.string("", .dateTime)), S.required("id", S.string("", .uuid))])
        let json = #"{"at": "\u0032025-01-10T09:00:00Z", "id": "3f2504e0-4f89-11d3-9a0c-0305e82c330\u0031"}"#
        #expect(try walk(json, node).isEmpty)
    }

    @Test func domainsMustBeValidHostNames() throws {
        for domain in ["exa mple.com", "-alpha.example", "alpha..example", "_dmarc.alpha.example", "192.168.0.1", ""] {
            let findings = try walk(trackedDomain(domain: "\"\(domain)\""), RecordSchemas.trackedDomain)
            #expect(summary(findings) == ["error record.domain $.test.domain"], "\(domain)")
            #expect(findings.first?.message == "\"\(domain)\" is not a valid domain name.")
        }
    }

    @Test func ownerNamesAllowServiceLabelsAndAWildcard() throws {
        let record = { (name: String) in #"{"type": "TXT", "name": "\#(name)", "value": "v"}"# }
        for name in ["_dmarc.alpha.example", "_sip._tcp.alpha.example", "*.alpha.example", "alpha.example"] {
            #expect(try walk(record(name), S.record(DNSRecord.declaration)).isEmpty, "\(name)")
        }
        for name in ["a.*.alpha.example", "alpha..example", "al pha.example"] {
            #expect(
                summary(try walk(record(name), S.record(DNSRecord.declaration))) == ["error record.domain $.test.name"],
                "\(name)")
        }
    }

    @Test func nonCanonicalDomainsAreNotesNamingTheCanonicalForm() throws {
        for (domain, canonical) in [
            ("Alpha.Example", "alpha.example"), ("alpha.example.", "alpha.example"),
            (" alpha.example\\t", "alpha.example"),
        ] {
            let findings = try walk(trackedDomain(domain: "\"\(domain)\""), RecordSchemas.trackedDomain)
            #expect(summary(findings) == ["note domain.not-canonical $.test.domain"], "\(domain)")
            #expect(findings.first?.message.hasSuffix("will be stored as \"\(canonical)\".") == true)
        }
    }

    // MARK: Lenient parts: notes, not errors

    @Test func unknownEnumValuesAreNotesNamingTheFallback() throws {
        let findings = try walk(trackedDomain(#""status": "snoozed""#), RecordSchemas.trackedDomain)
        #expect(summary(findings) == ["note record.unknown-value $.test.status"])
        #expect(
            findings[0].message
                == "\"snoozed\" is not a value this version knows; it is treated as \"active\" and kept as written.")
        for status in ["active", "paused", "archived"] {
            #expect(try walk(trackedDomain(#""status": "\#(status)""#), RecordSchemas.trackedDomain).isEmpty)
        }
    }

    @Test func unknownEnumValuesInsideListsAreNotedAtTheirElement() throws {
        let findings = try walk(#"{"channels": ["push", "pager"]}"#, RecordSchemas.monitoringSettings)
        #expect(summary(findings) == ["note record.unknown-value $.test.channels[1]"])
    }

    @Test func unknownFieldsAreNotesAtTheirPath() throws {
        let findings = try walk(
            trackedDomain(#""color": "red", "odd key": 1, "nested": {"a": [1]}"#), RecordSchemas.trackedDomain)
        #expect(
            summary(findings) == [
                "note record.unknown-field $.test.color",
                "note record.unknown-field $.test[\"odd key\"]",
                "note record.unknown-field $.test.nested",
            ])
        #expect(findings.allSatisfy { $0.message == "is not a field this version knows; it is kept as written." })
    }

    @Test func escapedKeysAreMatchedByTheirDecodedName() throws {
        let json =
            #"{"id": "00000000-0000-4000-8000-000000000001", "dom\u0061in": "alpha.example", "addedAt": "2025-01-10T09:00:00Z", "c\u006flor": 1}"#
        #expect(summary(try walk(json, RecordSchemas.trackedDomain)) == ["note record.unknown-field $.test.color"])
    }

    @Test func aRepeatedKeyIsAnErrorAndOnlyItsFirstValueIsChecked() throws {
        let json = trackedDomain(domain: #""alpha.example", "domain": 42"#)
        #expect(summary(try walk(json, RecordSchemas.trackedDomain)) == ["error record.duplicate-key $.test.domain"])
    }

    // MARK: Semantics inside records

    @Test func datesOutsideSaneBoundsAreWarnings() throws {
        let node = S.object("d", "", [S.required("at", S.string("", .dateTime))])
        for text in ["1970-01-02T00:00:00Z", "1984-12-31T23:59:59Z", "2100-01-01T00:00:01Z", "2150-06-01T00:00:00Z"] {
            let findings = try walk(#"{"at": "\#(text)"}"#, node)
            #expect(summary(findings) == ["warning date.out-of-bounds $.test.at"], "\(text)")
            #expect(findings.first?.message.contains("before 1985 or after 2100") == true)
        }
        for text in ["1985-01-01T00:00:00Z", "2100-01-01T00:00:00Z", "2026-11-30T04:42:22Z"] {
            #expect(try walk(#"{"at": "\#(text)"}"#, node).isEmpty, "\(text)")
        }
    }

    @Test func duplicateIdsInANestedListAreWarningsAtTheRepeat() throws {
        let audit = """
            {"id": "00000000-0000-4000-8000-000000000201", "domain": "alpha.example", "startedAt": "2025-06-03T08:00:00Z",
             "checks": [{"id": "dns.dnssec"}, {"id": "tls.expiry"}, {"id": "dns.dnssec"}]}
            """
        let findings = try walk(audit, RecordSchemas.auditSession)
        #expect(summary(findings) == ["warning record.duplicate $.test.checks[2].id"])
        #expect(
            findings[0].message == "repeats id \"dns.dnssec\" of an earlier element; only the first is kept on import.")
    }

    @Test func checkIdsDifferingInCaseAreDistinctAsTheDecoderKeepsThem() throws {
        let audit = """
            {"id": "00000000-0000-4000-8000-000000000201", "domain": "alpha.example", "startedAt": "2025-06-03T08:00:00Z",
             "checks": [{"id": "dns.dnssec"}, {"id": "DNS.dnssec"}]}
            """
        #expect(try walk(audit, RecordSchemas.auditSession).isEmpty)
    }

    @Test func duplicateUUIDsDifferingOnlyInCaseAreDuplicates() throws {
        let ledger = """
            {"balance": 2, "entries": [
              {"id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "at": "2025-01-01T00:00:00Z", "amount": 1},
              {"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "at": "2025-01-02T00:00:00Z", "amount": 1}]}
            """
        #expect(
            summary(try walk(ledger, RecordSchemas.usageCreditLedger)) == [
                "warning record.duplicate $.test.entries[1].id"
            ])
    }

    // MARK: Paths and counting

    @Test func pathsFollowNestedObjectsAndArrays() throws {
        let snapshot = """
            {"id": "00000000-0000-4000-8000-000000000101", "domain": "alpha.example", "capturedAt": "2025-06-01T12:00:00Z",
             "dns": {"records": [{"name": "alpha.example", "value": "192.0.2.1"}, {"name": "bad name", "value": "x", "ttl": -1}]},
             "tls": {"subject": "CN=alpha.example"}}
            """
        #expect(
            summary(try walk(snapshot, RecordSchemas.lookupSnapshot)) == [
                "error record.domain $.test.dns.records[1].name",
                "error record.range $.test.dns.records[1].ttl",
                "error record.required $.test.tls.issuer",
            ])
    }

    @Test func errorCountCountsOnlyErrors() throws {
        let document = try JSONDocument(
            parsing: Array(trackedDomain(#""status": "snoozed", "tags": 5, "color": 1"#).utf8))
        var walker = SchemaWalker(section: "test", root: "$.test")
        walker.check(document.root, RecordSchemas.trackedDomain)
        #expect(walker.findings.count == 3)
        #expect(walker.errorCount == 1)
        #expect(walker.takeFindings().count == 3)
        #expect(walker.findings.isEmpty)
    }
}
