import DomainModel
import Foundation
import JSONCore
import Testing

@Suite struct CollectionDecoderTests {
    static let added = "2025-03-14T09:26:53Z"

    static func tracked(_ n: Int, _ domain: String) -> String {
        #"{"id":"\#(Sample.idText(n))","domain":"\#(domain)","addedAt":"\#(added)"}"#
    }

    @Test func readsEveryValidRecordInOrder() {
        let decoded = RecordJSON.collection(
            "[" + [Self.tracked(1, "b.example"), Self.tracked(2, "a.example")].joined(separator: ",") + "]",
            as: TrackedDomain.self)
        #expect(decoded.records.map(\.domain) == ["b.example", "a.example"])
        #expect(decoded.elementCount == 2)
        #expect(decoded.duplicatesMerged == 0)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.skippedCount == 0)
    }

    @Test func emptyArrayHoldsNoRecords() {
        let decoded = RecordJSON.collection(" [ ] ", as: TrackedDomain.self)
        #expect(decoded.records.isEmpty)
        #expect(decoded.elementCount == 0)
        #expect(decoded.issues.isEmpty)
    }

    @Test func skipsMalformedRecordsReportingTheirPathsAndKeepsTheRest() {
        let json =
            "["
            + [
                Self.tracked(1, "one.example"),
                #"{"id":"\#(Sample.idText(2))","domain":"not a domain","addedAt":"\#(Self.added)"}"#,
                #"{"id":"\#(Sample.idText(3))","addedAt":"\#(Self.added)"}"#,
                #"{"id":"\#(Sample.idText(4))","domain":42,"addedAt":"\#(Self.added)"}"#,
                #"{"id":"nope","domain":"four.example","addedAt":"\#(Self.added)"}"#,
                #"{"id":"\#(Sample.idText(6))","domain":"six.example","addedAt":"2025-02-30T00:00:00Z"}"#,
                #""just text""#,
                "null",
                Self.tracked(9, "nine.example"),
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
        #expect(decoded.records.map(\.domain) == ["one.example", "nine.example"])
        #expect(decoded.elementCount == 9)
        #expect(decoded.skippedCount == 7)
        #expect(decoded.issues.allSatisfy { $0.kind == .skippedRecord })
        #expect(
            decoded.issues.map(\.path) == [
                "$[1].domain", "$[2].domain", "$[3].domain", "$[4].id", "$[5].addedAt", "$[6]", "$[7]",
            ])
        #expect(
            decoded.issues[0].message
                == #"is not a valid domain name: "not a domain"; the record cannot be read and is kept as written"#)
        #expect(
            decoded.issues[1].description == "$[2].domain: is missing; the record cannot be read and is kept as written"
        )
        #expect(
            decoded.issues[5].message
                == "must be an object, not string; the record cannot be read and is kept as written")
        // Each unreadable element is kept verbatim, paired with its issue, in order.
        #expect(
            decoded.unreadableRecords.map(\.elementPath) == ["$[1]", "$[2]", "$[3]", "$[4]", "$[5]", "$[6]", "$[7]"])
        #expect(decoded.unreadableRecords.map(\.issue) == decoded.issues)
        #expect(!decoded.isUnreadable)
    }

    @Test func prefixesNestedIssuesWithTheRecordIndex() {
        let json = #"""
            [{"id":"\#(Sample.idText(1))","domain":"one.example","startedAt":"2026-11-30T04:40:00Z","checks":[]},
             {"id":"\#(Sample.idText(2))","domain":"two.example","startedAt":"2026-11-30T04:40:00Z","score":"high"},
             {"id":"\#(Sample.idText(3))","domain":"three.example","startedAt":"2026-11-30T04:40:00Z",
              "checks":[{"title":"no id"},{"id":"dns.spf","result":"flaky"}]}]
            """#
        let decoded = RecordJSON.collection(json, as: AuditSession.self)
        #expect(decoded.records.count == 3)
        #expect(decoded.records[2].checks.map(\.id) == ["dns.spf"])
        #expect(
            issueSummary(decoded.issues) == [
                "defaultedField $[1].score", "skippedElement $[2].checks[0].id",
                "unknownEnumValue $[2].checks[1].result",
            ])
    }

    @Test(arguments: [
        "", "   ", "{}", #"{"id":1}"#, "null", "42", #""[]""#, "[", "[{", "{]", "[1,]", "[1 2]", "[] []",
        "[{\"id\":\"x\"}", "\u{FEFF}[]", "[\"\\x\"]",
    ])
    func unreadableBlobYieldsNoRecordsAndOneIssueAtTheRoot(_ json: String) {
        let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
        #expect(decoded.records.isEmpty)
        #expect(decoded.issues.count == 1)
        #expect(decoded.issues.first?.path == "$")
        #expect(decoded.issues.first?.kind == .skippedRecord)
        #expect(decoded.issues.first?.message.hasSuffix("it is kept as written") == true)
        #expect(decoded.isUnreadable && decoded.unreadableElements.isEmpty)
    }

    @Test func blobBrokenAfterValidRecordsYieldsNoneOfThem() {
        // The stream reads elements before it reaches the syntax error; none may survive.
        for tail in ["", ",", ",{", "]]", ",]", ", {\"id\": tru}]"] {
            let json = "[" + Self.tracked(1, "one.example") + "," + Self.tracked(2, "one.example") + tail
            let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
            #expect(decoded.records.isEmpty, "\(tail)")
            #expect(decoded.duplicatesMerged == 0, "\(tail)")
            #expect(decoded.issues.map(\.path) == ["$"], "\(tail)")
        }
    }

    @Test func nestingBeyondTheLimitIsUnreadable() {
        let deep = "[" + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "]"
        let decoded = RecordJSON.collection(deep, as: TrackedDomain.self)
        #expect(decoded.records.isEmpty)
        #expect(decoded.issues.map(\.path) == ["$"])
    }

    @Test func countsDuplicatesMergedWhetherOrNotTheyChangedAnything() {
        let json =
            "["
            + [
                Self.tracked(1, "one.example"), Self.tracked(2, "ONE.example."), Self.tracked(1, "one.example"),
                Self.tracked(4, "two.example"),
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
        #expect(decoded.records.map(\.domain) == ["one.example", "two.example"])
        #expect(decoded.elementCount == 4)
        #expect(decoded.duplicatesMerged == 2)
    }

    @Test func decodesOneObjectWithRootPaths() {
        let (settings, issues) = CollectionDecoder.decodeObject(
            Array(#"{"intervalMinutes":1}"#.utf8), as: MonitoringSettings.self)
        #expect(settings?.intervalMinutes == 60)
        #expect(issues.map(\.path) == ["$.intervalMinutes"])
    }

    @Test func objectMissingARequiredFieldIsLeftOut() {
        let (ledger, issues) = CollectionDecoder.decodeObject(
            Array(#"{"entries":[]}"#.utf8), as: UsageCreditLedger.self)
        #expect(ledger == nil)
        #expect(
            issues == [
                DecodingIssue(
                    kind: .skippedRecord, path: "$.balance",
                    message: "is missing; the record cannot be read and is kept as written")
            ])
    }

    @Test(arguments: ["", "[]", "{", "{}}", "nul"])
    func unreadableObjectIsLeftOutWithOneIssue(_ json: String) {
        let (entitlement, issues) = CollectionDecoder.decodeObject(Array(json.utf8), as: CachedEntitlement.self)
        #expect(entitlement == nil)
        #expect(issues.count == 1)
        #expect(issues.first?.path == "$")
        #expect(issues.first?.kind == .skippedRecord)
    }

    @Test func encodesTheCanonicalArrayThatDecodesBack() {
        let records = [
            TrackedDomain(id: Sample.id(1), domain: "Example.COM", addedAt: Sample.date(Self.added)),
            TrackedDomain(id: Sample.id(2), domain: "example.org", tags: ["b", "a"], addedAt: Sample.date(Self.added)),
        ]
        let bytes = RecordArrayEncoder.encode(records).joined()
        #expect(
            String(decoding: bytes, as: UTF8.self) == "["
                + [
                    #"{"id":"\#(Sample.idText(1))","domain":"example.com","notes":"","tags":[],"status":"active","isFavorite":false,"addedAt":"\#(Self.added)"}"#,
                    #"{"id":"\#(Sample.idText(2))","domain":"example.org","notes":"","tags":["b","a"],"status":"active","isFavorite":false,"addedAt":"\#(Self.added)"}"#,
                ].joined(separator: ",") + "]")
        let decoded = CollectionDecoder.decodeArray(bytes, as: TrackedDomain.self)
        #expect(decoded.records == records)
        #expect(decoded.issues.isEmpty)
        #expect(RecordArrayEncoder.encode(decoded.records).joined() == bytes)
        #expect(RecordArrayEncoder.encode([TrackedDomain]()).joined() == Array("[]".utf8))
    }
}
