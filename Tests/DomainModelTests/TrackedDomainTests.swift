import DomainModel
import Foundation
import Testing

@Suite struct TrackedDomainTests {
    static let full =
        #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"example.com","displayName":"Example Inc.","#
        + #""notes":"Renewal handled by legal.","tags":["client","priority"],"status":"paused","isFavorite":true,"#
        + #""addedAt":"2025-03-14T09:26:53Z","lastLookupAt":"2026-11-30T04:42:22.125Z","expiresAt":"2027-08-13T04:00:00Z"}"#

    static func record(
        _ n: Int, _ domain: String, added: String, displayName: String? = nil, notes: String = "",
        tags: [String] = [], status: TrackingStatus = .active, favorite: Bool = false,
        lookup: String? = nil, expires: String? = nil
    ) -> TrackedDomain {
        TrackedDomain(
            id: Sample.id(n), domain: domain, displayName: displayName, notes: notes, tags: tags, status: status,
            isFavorite: favorite, addedAt: Sample.date(added), lastLookupAt: lookup.map(Sample.date),
            expiresAt: expires.map(Sample.date))
    }

    @Test func fullRecordRoundTripsCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: TrackedDomain(
                id: try #require(RecordID.parse("3f2504e0-4f89-41d3-9a0c-0305e82c3301")), domain: "example.com",
                displayName: "Example Inc.", notes: "Renewal handled by legal.", tags: ["client", "priority"],
                status: .paused, isFavorite: true, addedAt: Sample.date("2025-03-14T09:26:53Z"),
                lastLookupAt: Sample.date("2026-11-30T04:42:22.125Z"), expiresAt: Sample.date("2027-08-13T04:00:00Z")))
    }

    @Test func minimalRecordTakesEveryDefault() throws {
        let json = #"{"id":"\#(Sample.idText(1))","domain":"example.org","addedAt":"2025-03-14T09:26:53Z"}"#
        let (domain, issues) = try expectCanonicalRoundTrip(
            json, as: TrackedDomain.self,
            canonical:
                #"{"id":"\#(Sample.idText(1))","domain":"example.org","notes":"","tags":[],"status":"active","isFavorite":false,"addedAt":"2025-03-14T09:26:53Z"}"#
        )
        #expect(issues.isEmpty)
        #expect(domain.displayName == nil)
        #expect(domain.notes == "")
        #expect(domain.tags == [])
        #expect(domain.status == Lenient(.active))
        #expect(domain.isFavorite == false)
        #expect(domain.lastLookupAt == nil)
        #expect(domain.expiresAt == nil)
    }

    /// Known fields come out canonical, in their fixed order; a field this build does not know
    /// is kept, after them.
    @Test func nonCanonicalInputIsWrittenCanonically() throws {
        let json = #"""
            {"expiresAt":"2027-08-13T00:00:00-04:00","tags":[" client ","Client","","priority"],"domain":"  WWW.Example.COM. ",
             "displayName":null,"addedAt":"2025-03-14T10:26:53.000+01:00","id":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","extra":1}
            """#
        let (_, issues) = try expectCanonicalRoundTrip(
            json, as: TrackedDomain.self,
            canonical:
                #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"www.example.com","notes":"","tags":["client","priority"],"#
                + #""status":"active","isFavorite":false,"addedAt":"2025-03-14T09:26:53Z","expiresAt":"2027-08-13T04:00:00Z","#
                + #""extra":1}"#
        )
        #expect(issues.isEmpty, "unknown fields and null optionals are not issues")
    }

    @Test func unknownStatusKeepsItsTextThroughReEncoding() throws {
        let json =
            #"{"id":"\#(Sample.idText(1))","domain":"example.com","status":"snoozed","addedAt":"2025-03-14T09:26:53Z"}"#
        let (domain, issues) = try expectCanonicalRoundTrip(json, as: TrackedDomain.self)
        #expect(domain.status.value == .active)
        #expect(domain.status.rawValue == "snoozed")
        #expect(issueSummary(issues) == ["unknownEnumValue .status"])
        #expect(RecordJSON.text(domain).contains(#""status":"snoozed""#))
    }

    @Test func wrongTypedOptionalFieldsTakeTheirDefaults() throws {
        let json = #"""
            {"id":"\#(Sample.idText(1))","domain":"example.com","addedAt":"2025-03-14T09:26:53Z","displayName":false,
             "notes":42,"tags":"client","status":7,"isFavorite":"yes","lastLookupAt":"yesterday","expiresAt":12}
            """#
        let (domain, issues) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(domain == Self.record(1, "example.com", added: "2025-03-14T09:26:53Z"))
        #expect(
            issueSummary(issues) == [
                "defaultedField .displayName", "defaultedField .expiresAt", "defaultedField .isFavorite",
                "defaultedField .lastLookupAt", "defaultedField .notes", "defaultedField .status",
                "defaultedField .tags",
            ])
    }

    @Test func tagsAreCappedAtTheLimit() throws {
        let tags = (1...40).map { "\"tag\($0)\"" }.joined(separator: ",")
        let json =
            #"{"id":"\#(Sample.idText(1))","domain":"example.com","addedAt":"2025-03-14T09:26:53Z","tags":[\#(tags)]}"#
        let (domain, issues) = try RecordJSON.decode(json, as: TrackedDomain.self)
        #expect(domain.tags.count == TrackedDomain.maxTags)
        #expect(domain.tags.last == "tag32")
        #expect(issueSummary(issues) == ["truncatedList .tags"])
    }

    @Test(arguments: [
        (#"{"domain":"example.com","addedAt":"2025-03-14T09:26:53Z"}"#, ".id"),
        (#"{"id":7,"domain":"example.com","addedAt":"2025-03-14T09:26:53Z"}"#, ".id"),
        (#"{"id":"3f2504e0","domain":"example.com","addedAt":"2025-03-14T09:26:53Z"}"#, ".id"),
        (#"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","addedAt":"2025-03-14T09:26:53Z"}"#, ".domain"),
        (#"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":null,"addedAt":"2025-03-14T09:26:53Z"}"#, ".domain"),
        (
            #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":["example.com"],"addedAt":"2025-03-14T09:26:53Z"}"#,
            ".domain"
        ),
        (
            #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"exa mple.com","addedAt":"2025-03-14T09:26:53Z"}"#,
            ".domain"
        ),
        (
            #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"192.168.0.1","addedAt":"2025-03-14T09:26:53Z"}"#,
            ".domain"
        ),
        (#"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"example.com"}"#, ".addedAt"),
        (
            #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"example.com","addedAt":"2025-02-30T00:00:00Z"}"#,
            ".addedAt"
        ),
        (#"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","domain":"example.com","addedAt":1741944413}"#, ".addedAt"),
    ])
    func requiredFieldProblemRejectsTheRecord(json: String, path: String) {
        #expect(rejectionPath(json, as: TrackedDomain.self) == path)
    }

    @Test func duplicatesByCanonicalDomainMergeIntoTheFirstPosition() throws {
        let json = #"""
            [{"id":"\#(Sample.idText(1))","domain":"Example.com","addedAt":"2025-01-01T00:00:00Z","tags":["a"],
              "lastLookupAt":"2026-01-01T00:00:00Z","expiresAt":"2027-01-01T00:00:00Z"},
             {"id":"\#(Sample.idText(2))","domain":"other.org","addedAt":"2025-01-02T00:00:00Z"},
             {"id":"\#(Sample.idText(3))","domain":" EXAMPLE.COM. ","addedAt":"2024-06-01T00:00:00Z","displayName":"Example",
              "notes":"Main site","tags":["b","A"],"isFavorite":true,"status":"paused","lastLookupAt":"2026-06-01T00:00:00Z",
              "expiresAt":"2028-01-01T00:00:00Z"},
             {"id":"\#(Sample.idText(4))","domain":"example.com.","addedAt":"2025-05-05T00:00:00Z","tags":["c"]}]
            """#
        let decoded = RecordJSON.collection(json, as: TrackedDomain.self)
        #expect(decoded.issues.isEmpty)
        #expect(decoded.elementCount == 4)
        #expect(decoded.duplicatesMerged == 2)
        #expect(decoded.records.map(\.domain) == ["example.com", "other.org"])
        #expect(
            decoded.records.first
                == Self.record(
                    3, "example.com", added: "2024-06-01T00:00:00Z", displayName: "Example", notes: "Main site",
                    tags: ["b", "A", "c"],
                    status: .paused, favorite: true, lookup: "2026-06-01T00:00:00Z", expires: "2028-01-01T00:00:00Z"))
    }

    @Test func mergeTakesExpiryAndStatusFromTheLatestLookup() {
        let older = Self.record(
            1, "example.com", added: "2024-01-01T00:00:00Z", status: .paused,
            lookup: "2025-01-01T00:00:00Z", expires: "2026-01-01T00:00:00Z")
        let newer = Self.record(
            2, "example.com", added: "2025-01-01T00:00:00Z", status: .archived,
            lookup: "2026-01-01T00:00:00Z", expires: "2027-01-01T00:00:00Z")
        let merged = older.merged(with: newer)
        #expect(merged.id == older.id)
        #expect(merged.addedAt == older.addedAt)
        #expect(merged.lastLookupAt == newer.lastLookupAt)
        #expect(merged.expiresAt == newer.expiresAt)
        #expect(merged.status == Lenient(.archived))
        #expect(newer.merged(with: older) == merged, "the base is the earliest added, whichever comes first")
    }

    @Test func mergeKeepsAKnownExpiryWhenTheLatestLookupHasNone() {
        let withExpiry = Self.record(
            1, "example.com", added: "2024-01-01T00:00:00Z", lookup: "2025-01-01T00:00:00Z",
            expires: "2026-01-01T00:00:00Z")
        let withoutExpiry = Self.record(2, "example.com", added: "2025-01-01T00:00:00Z", lookup: "2026-01-01T00:00:00Z")
        #expect(withExpiry.merged(with: withoutExpiry).expiresAt == Sample.date("2026-01-01T00:00:00Z"))
    }

    @Test func mergeFillsEmptyDisplayNameAndNotesFromTheOtherCopy() {
        let base = Self.record(1, "example.com", added: "2024-01-01T00:00:00Z", displayName: "", notes: "")
        let other = Self.record(2, "example.com", added: "2025-01-01T00:00:00Z", displayName: "Example", notes: "Kept")
        let merged = base.merged(with: other)
        #expect(merged.displayName == "Example")
        #expect(merged.notes == "Kept")
        let named = Self.record(3, "example.com", added: "2023-01-01T00:00:00Z", displayName: "Mine", notes: "Mine")
        #expect(named.merged(with: other).displayName == "Mine")
        #expect(named.merged(with: other).notes == "Mine")
    }

    @Test func mergeTieOnAddedAtKeepsTheFirst() {
        let first = Self.record(1, "example.com", added: "2024-01-01T00:00:00Z")
        let second = Self.record(2, "example.com", added: "2024-01-01T00:00:00Z", favorite: true)
        let merged = first.merged(with: second)
        #expect(merged.id == first.id)
        #expect(merged.isFavorite)
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: TrackedDomain.self)
        #expect(full.merged(with: full) == full)
        let inputs = [
            Self.record(1, "example.com", added: "2025-01-01T00:00:00Z", tags: ["a"], lookup: "2026-01-01T00:00:00Z"),
            Self.record(
                2, "Example.com.", added: "2024-01-01T00:00:00Z", displayName: "", notes: "n", tags: ["B"],
                status: .paused, expires: "2027-01-01T00:00:00Z"),
            Self.record(
                3, "example.com", added: "2025-06-01T00:00:00Z", displayName: "Example", tags: ["A", "c"],
                favorite: true, lookup: "2026-06-01T00:00:00Z"),
        ]
        var collection = RecordCollection(inputs)
        let merged = try #require(collection.records.first)
        #expect(merged.merged(with: merged) == merged)
        for input in inputs { #expect(collection.insert(input) == .unchanged) }
        #expect(collection.insert(merged) == .unchanged)
    }
}
