import DomainModel
import Foundation
import Testing

@Suite struct UsageCreditLedgerTests {
    static let full =
        #"{"balance":140,"entries":["#
        + #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":100,"kind":"purchase","note":"Starter pack"},"#
        + #"{"id":"\#(Sample.idText(2))","at":"2026-02-01T00:00:00Z","amount":50,"kind":"grant"},"#
        + #"{"id":"\#(Sample.idText(3))","at":"2026-11-30T04:42:22.125Z","amount":-10,"kind":"spend","domain":"example.com"}]}"#

    static func entry(_ n: Int, _ amount: Int) -> LedgerEntry {
        LedgerEntry(
            id: Sample.id(n), at: Sample.date("2026-01-01T00:00:00Z").addingTimeInterval(Double(n)), amount: amount,
            kind: amount < 0 ? .spend : .grant)
    }

    @Test func fullLedgerRoundTripsCanonically() throws {
        let (ledger, issues) = try expectCanonicalRoundTrip(Self.full, as: UsageCreditLedger.self, canonical: Self.full)
        #expect(issues.isEmpty)
        #expect(ledger.balance == 140)
        #expect(ledger.entriesTotal == 140)
        #expect(ledger.entries.map(\.kind.value) == [.purchase, .grant, .spend])
    }

    @Test func minimalLedgerHasNoEntries() throws {
        let (ledger, issues) = try expectCanonicalRoundTrip(
            #"{"balance":0}"#, as: UsageCreditLedger.self, canonical: #"{"balance":0,"entries":[]}"#)
        #expect(issues.isEmpty)
        #expect(ledger.entries.isEmpty && ledger.entriesTotal == 0)
    }

    @Test func balanceDisagreeingWithEntriesIsKeptAsStored() throws {
        let json = Self.full.replacingOccurrences(of: #""balance":140"#, with: #""balance":155"#)
        let (ledger, issues) = try expectCanonicalRoundTrip(json, as: UsageCreditLedger.self, canonical: json)
        #expect(ledger.balance == 155)
        #expect(ledger.entriesTotal == 140)
        #expect(issues.isEmpty, "a disagreement is for validation to report, not decoding")
    }

    @Test func malformedEntriesAreSkippedAndDuplicatesMerged() throws {
        let json =
            #"{"balance":90,"entries":["#
            + #"{"id":"\#(Sample.idText(1))","at":"2026-01-05T08:00:00Z","amount":100},"#
            + #"{"id":"\#(Sample.idText(2))","at":"2026-01-06T08:00:00Z"},"#
            + #"{"id":"\#(Sample.idText(3))","at":"2026-01-07T08:00:00Z","amount":-10,"domain":"bad domain"},"#
            + #"{"id":"\#(Sample.idText(1).uppercased())","at":"2026-01-08T08:00:00Z","amount":5}]}"#
        let (ledger, issues) = try RecordJSON.decode(json, as: UsageCreditLedger.self)
        #expect(ledger.entries.map(\.amount) == [100, -10])
        #expect(ledger.entries[1].domain == nil)
        #expect(ledger.entriesTotal == 90)
        #expect(issueSummary(issues) == ["defaultedField .entries[2].domain", "skippedElement .entries[1].amount"])
    }

    @Test(arguments: [
        (#"{"entries":[]}"#, ".balance"),
        (#"{"balance":"140","entries":[]}"#, ".balance"),
        (#"{"balance":14.5}"#, ".balance"),
        (#"{"balance":1000000001}"#, ".balance"),
        (#"{"balance":-1000000001}"#, ".balance"),
    ])
    func balanceProblemRejectsTheLedger(json: String, path: String) {
        #expect(rejectionPath(json, as: UsageCreditLedger.self) == path)
    }

    @Test func balanceRangeIncludesItsEdges() throws {
        for balance in [-1_000_000_000, 1_000_000_000] {
            #expect(
                try RecordJSON.decode(#"{"balance":\#(balance)}"#, as: UsageCreditLedger.self).record.balance == balance
            )
        }
    }

    @Test func wrongTypedEntriesReadAsEmpty() throws {
        let (ledger, issues) = try RecordJSON.decode(#"{"balance":3,"entries":{"a":1}}"#, as: UsageCreditLedger.self)
        #expect(ledger.entries.isEmpty && ledger.balance == 3)
        #expect(issueSummary(issues) == ["defaultedField .entries"])
    }

    @Test func initialiserMergesDuplicateEntries() {
        let ledger = UsageCreditLedger(balance: 5, entries: [Self.entry(1, 5), Self.entry(1, 7), Self.entry(2, -2)])
        #expect(ledger.entries.map(\.amount) == [5, -2])
        #expect(ledger.entriesTotal == 3)
    }

    @Test func mergeMovesTheBalanceByAddedEntriesOnly() {
        let current = UsageCreditLedger(
            balance: 140, entries: [Self.entry(1, 100), Self.entry(2, 50), Self.entry(3, -10)])
        let incoming = UsageCreditLedger(
            balance: 999, entries: [Self.entry(2, 50), Self.entry(3, -10), Self.entry(4, 25), Self.entry(5, -5)])
        let merged = current.merged(with: incoming)
        #expect(merged.entries.map(\.id) == [1, 2, 3, 4, 5].map(Sample.id))
        #expect(merged.balance == 160)
        #expect(merged.entriesTotal == 160)
    }

    @Test func mergeNeitherHidesNorDoublesADiscrepancy() {
        let current = UsageCreditLedger(balance: 150, entries: [Self.entry(1, 100), Self.entry(2, 40)])
        let incoming = UsageCreditLedger(balance: 0, entries: [Self.entry(2, 40), Self.entry(3, 25)])
        let merged = current.merged(with: incoming)
        #expect(merged.balance == 175)
        #expect(merged.balance - merged.entriesTotal == current.balance - current.entriesTotal)
    }

    @Test func sameIDWithAnotherAmountDoesNotMoveTheBalance() {
        let current = UsageCreditLedger(balance: 100, entries: [Self.entry(1, 100)])
        let incoming = UsageCreditLedger(balance: 500, entries: [Self.entry(1, 500)])
        #expect(current.merged(with: incoming) == current)
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: UsageCreditLedger.self)
        #expect(full.merged(with: full) == full)
        let incoming = UsageCreditLedger(balance: 0, entries: [Self.entry(9, 30)])
        let merged = full.merged(with: incoming)
        #expect(merged.balance == 170)
        #expect(merged.merged(with: incoming) == merged)
        #expect(merged.merged(with: full) == merged)
    }
}
