import DomainModel
import Foundation
import Testing

@Suite struct LedgerEntryTests {
    static let full =
        #"{"id":"\#(Sample.idText(3))","at":"2026-11-30T04:42:22.125Z","amount":-10,"kind":"spend","#
        + #""note":"Bulk lookup","domain":"example.com"}"#

    @Test func fullEntryRoundTripsCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: LedgerEntry(
                id: Sample.id(3), at: Sample.date("2026-11-30T04:42:22.125Z"), amount: -10, kind: .spend,
                note: "Bulk lookup", domain: "example.com"))
    }

    @Test func minimalEntryTakesEveryDefault() throws {
        let json = #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":100}"#
        let (entry, issues) = try expectCanonicalRoundTrip(
            json, as: LedgerEntry.self,
            canonical:
                #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":100,"kind":"adjustment"}"#)
        #expect(issues.isEmpty)
        #expect(entry.note == nil && entry.domain == nil)
    }

    @Test func unknownKindCountsAsAnAdjustmentAndKeepsItsText() throws {
        let json = #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":5,"kind":"bonus"}"#
        let (entry, issues) = try expectCanonicalRoundTrip(json, as: LedgerEntry.self)
        #expect(entry.kind.value == .adjustment && entry.kind.rawValue == "bonus")
        #expect(issueSummary(issues) == ["unknownEnumValue .kind"])
    }

    @Test func optionalDomainIsCanonicalOrDropped() throws {
        let good = try RecordJSON.decode(
            #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":1,"domain":"Example.COM."}"#,
            as: LedgerEntry.self)
        #expect(good.record.domain == "example.com" && good.issues.isEmpty)
        let bad = try RecordJSON.decode(
            #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":1,"domain":"not valid","note":1}"#,
            as: LedgerEntry.self)
        #expect(bad.record.domain == nil && bad.record.note == nil)
        #expect(issueSummary(bad.issues) == ["defaultedField .domain", "defaultedField .note"])
    }

    @Test(arguments: [
        (#"{"at":"2026-01-05T08:00:00Z","amount":1}"#, ".id"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","amount":1}"#, ".at"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","at":"2026-01-05T08:00:00Z"}"#, ".amount"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","at":"2026-01-05T08:00:00Z","amount":1.5}"#, ".amount"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","at":"2026-01-05T08:00:00Z","amount":"1"}"#, ".amount"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","at":"2026-01-05T08:00:00Z","amount":1000001}"#, ".amount"),
        (#"{"id":"00000000-0000-4000-8000-000000000001","at":"2026-01-05T08:00:00Z","amount":-1000001}"#, ".amount"),
    ])
    func requiredFieldProblemRejectsTheEntry(json: String, path: String) {
        #expect(rejectionPath(json, as: LedgerEntry.self) == path)
    }

    @Test func amountRangeIncludesItsEdges() throws {
        for amount in [-1_000_000, 0, 1_000_000] {
            let json = #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":\#(amount)}"#
            #expect(try RecordJSON.decode(json, as: LedgerEntry.self).record.amount == amount)
        }
    }

    @Test func duplicatesByIDKeepTheFirstCopy() {
        let json =
            "["
            + [
                #"{"id":"\#(Sample.idText(10))","at":"2026-01-05T08:00:00Z","amount":100,"kind":"purchase"}"#,
                #"{"id":"\#(Sample.idText(11))","at":"2026-01-06T08:00:00Z","amount":-1,"kind":"spend"}"#,
                #"{"id":"\#(Sample.idText(10).uppercased())","at":"2026-02-05T08:00:00Z","amount":999,"kind":"grant"}"#,
            ].joined(separator: ",") + "]"
        let decoded = RecordJSON.collection(json, as: LedgerEntry.self)
        #expect(decoded.duplicatesMerged == 1)
        #expect(decoded.records.map(\.amount) == [100, -1])
        #expect(decoded.records[0].kind == Lenient(.purchase))
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (entry, _) = try RecordJSON.decode(Self.full, as: LedgerEntry.self)
        #expect(entry.merged(with: entry) == entry)
        var other = entry
        other.amount = 50
        var collection = RecordCollection([entry])
        #expect(collection.insert(other) == .unchanged)
        #expect(collection.records == [entry])
    }
}
