import Foundation
import JSONCore
import Testing

@testable import DomainModel

/// Fields this build does not know (Docs/data-model.md §4): kept verbatim, in order, written
/// after the known fields, unioned when records merge.
@Suite struct UnknownFieldsTests {
    static let added = "2025-03-14T09:26:53Z"

    func tracked(_ number: Int, _ extra: String = "", added: String = added) -> String {
        #"{"id":"\#(Sample.idText(number))","domain":"example.com","addedAt":"\#(added)"\#(extra)}"#
    }

    @Test func unknownFieldsAreKeptVerbatimInOrderAfterTheKnownOnes() throws {
        let json = tracked(
            1,
            #","zeta": [1, 2.50, "x" ] ,"notes":"n","alpha":{"b" : true},"\u00e9t\u00e9":null,"num":1e3"#)
        let (record, issues) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(issues.isEmpty)
        #expect(record.unknownFields.names == ["zeta", "alpha", "été", "num"])
        // Values as written, whitespace inside them and number spellings included.
        #expect(record.unknownFields["zeta"] == Array(#"[1, 2.50, "x" ]"#.utf8))
        #expect(record.unknownFields["alpha"] == Array(#"{"b" : true}"#.utf8))
        #expect(record.unknownFields["été"] == Array("null".utf8))
        #expect(record.unknownFields["num"] == Array("1e3".utf8))
        #expect(
            RecordJSON.text(record)
                == #"{"id":"\#(Sample.idText(1))","domain":"example.com","notes":"n","tags":[],"status":"active","#
                + #""isFavorite":false,"addedAt":"\#(Self.added)","zeta":[1, 2.50, "x" ],"alpha":{"b" : true},"#
                + #""été":null,"num":1e3}"#)
        try expectCanonicalRoundTrip(RecordJSON.text(record), as: TrackedDomain.self)
    }

    @Test func aRepeatedKeyCountsOnceItsFirstOccurrence() throws {
        let json = tracked(1, #","notes":"first","notes":"second","extra":1,"extra":2"#)
        let (record, _) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(record.notes == "first")
        #expect(record.unknownFields.names == ["extra"])
        #expect(record.unknownFields["extra"] == Array("1".utf8))
    }

    @Test func aKnownFieldThatIsNullOrInvalidIsNotAnUnknownOne() throws {
        let json = tracked(1, #","displayName":null,"isFavorite":"yes""#)
        let (record, issues) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(record.unknownFields.isEmpty)
        #expect(issueSummary(issues) == ["defaultedField .isFavorite"])
    }

    @Test func fieldsPastTheSixtyFourthAreToldApartToo() throws {
        // 70 unknown fields before the known ones: their positions pass what one word of bits holds.
        let padding = (0..<70).map { #""f\#($0)":\#($0)"# }.joined(separator: ",")
        let json = #"{\#(padding),"id":"\#(Sample.idText(1))","domain":"example.com","addedAt":"\#(Self.added)","z":0}"#
        let (record, _) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(record.unknownFields.names == (0..<70).map { "f\($0)" } + ["z"])
        #expect(record.domain == "example.com")
    }

    @Test func nestedRecordsKeepTheirOwn() throws {
        let json = #"""
            {"id":"\#(Sample.idText(1))","domain":"example.com","capturedAt":"\#(Self.added)","probeRegion":"eu",
             "dns":{"records":[{"type":"A","name":"example.com","value":"1.2.3.4","dnssec":"secure"}],"cached":true},
             "http":{"url":"https://example.com/","statusCode":200,"headers":{"X":"y"},"h2":true}}
            """#
        let (record, _) = try RecordJSON.decode(json, as: LookupSnapshot.self)
        #expect(record.unknownFields.names == ["probeRegion"])
        #expect(record.dns?.unknownFields.names == ["cached"])
        #expect(record.dns?.records.first?.unknownFields.names == ["dnssec"])
        #expect(record.http?.unknownFields.names == ["h2"])
        // A string map's entries are the map's, not unknown fields.
        #expect(record.http?.headers == [StringPair(name: "X", value: "y")])
    }

    @Test func theAppSettingsSectionKeepsItsUnknownFieldsWithThePreferences() throws {
        let json = #"{"recentSearches":["a"],"savedDomains":[],"resolverURL":"https://dns.example/q","theme":"dark"}"#
        let (settings, _) = try RecordJSON.decode(json, as: AppSettings.self)
        #expect(settings.unknownFields.names == ["theme"])
        #expect(settings.preferences.unknownFields.names == ["theme"])
        #expect(RecordJSON.text(settings.preferences).hasSuffix(#","theme":"dark"}"#))
        #expect(RecordJSON.text(settings).hasSuffix(#""showRawRecords":false,"theme":"dark"}"#))
    }

    // MARK: Merging

    @Test func mergingUnionsTheFieldsAndTheWinningCopysWinAClash() throws {
        // The copy added first is the base: its fields win a clash, whichever copy came first.
        let early = try RecordJSON.decode(
            tracked(1, #","shared":"early","onlyEarly":1"#, added: "2020-01-01T00:00:00Z"), as: TrackedDomain.self
        ).record
        let late = try RecordJSON.decode(
            tracked(2, #","onlyLate":2,"shared":"late""#, added: "2024-01-01T00:00:00Z"), as: TrackedDomain.self
        ).record
        for merged in [early.merged(with: late), late.merged(with: early)] {
            #expect(merged.unknownFields.names == ["shared", "onlyEarly", "onlyLate"])
            #expect(merged.unknownFields["shared"] == Array(#""early""#.utf8))
        }
        #expect(early.merged(with: early) == early)
        let merged = early.merged(with: late)
        #expect(merged.merged(with: late) == merged, "merging again changes nothing")
    }

    @Test func checksAndLedgerEntriesWithOneIDShareTheirFields() throws {
        let first = AuditCheck(id: "dns.spf", title: "SPF", category: .email, severity: .low, result: .pass)
        var second = first
        second.title = "other"
        second.unknownFields = UnknownFields([.init(name: "evidence", json: Array("[1]".utf8))])
        let audit = AuditSession(
            id: Sample.id(1), domain: "example.com", startedAt: Sample.date(Self.added), status: .completed,
            checks: [first, second])
        #expect(audit.checks.count == 1)
        #expect(audit.checks[0].title == "SPF", "the first check is kept")
        #expect(audit.checks[0].unknownFields.names == ["evidence"], "with the later one's unknown fields")

        var entry = LedgerEntry(id: Sample.id(2), at: Sample.date(Self.added), amount: 5, kind: .grant)
        var copy = entry
        copy.amount = 9
        copy.unknownFields = UnknownFields([.init(name: "source", json: Array(#""promo""#.utf8))])
        entry.unknownFields = UnknownFields([.init(name: "source", json: Array(#""shop""#.utf8))])
        let merged = entry.merged(with: copy)
        #expect(merged.amount == 5)
        #expect(merged.unknownFields["source"] == Array(#""shop""#.utf8))
    }

    @Test func aCollectionsDuplicatesMergeTheirFields() {
        let json =
            "[" + tracked(1, #","a":1"#) + ","
            + tracked(2, #","b":2"#).replacingOccurrences(
                of: "example.com", with: "Example.COM.") + "]"
        let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
        #expect(decoded.records.count == 1)
        #expect(decoded.records[0].unknownFields.names == ["a", "b"])
    }

    @Test func unknownFieldsWithTheSameNamesAreNotKeptTwice() {
        let fields = UnknownFields([
            .init(name: "a", json: Array("1".utf8)), .init(name: "a", json: Array("2".utf8)),
            .init(name: "b", json: Array("3".utf8)),
        ])
        #expect(fields.names == ["a", "b"])
        #expect(fields["a"] == Array("1".utf8))
        #expect(fields.merged(with: UnknownFields()) == fields)
        #expect(UnknownFields().merged(with: fields) == fields)
    }
}
