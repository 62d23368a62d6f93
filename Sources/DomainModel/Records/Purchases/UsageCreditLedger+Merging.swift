extension UsageCreditLedger {
    /// The most entries a ledger keeps.
    public static let maxEntries = 100_000
    /// The range of the balance.
    public static let balanceRange = -1_000_000_000...1_000_000_000

    /// Merge rule: entries are unioned by id (these first); the balance moves by the
    /// amounts of the entries added, so a discrepancy already present is neither hidden nor
    /// doubled. The result stays within the limits decoding enforces. Unknown fields are
    /// unioned, these winning a clash (an entry's too: see `LedgerEntry.merged(with:)`).
    public func merged(with incoming: UsageCreditLedger) -> UsageCreditLedger {
        var collection = RecordCollection(entries)
        var added = 0
        for entry in incoming.entries where collection.insert(entry) == .added { added += entry.amount }
        var result = self
        result.unknownFields = unknownFields.merged(with: incoming.unknownFields)
        result.entries = Array(collection.records.prefix(UsageCreditLedger.maxEntries))
        result.balance = min(
            max(balance + added, UsageCreditLedger.balanceRange.lowerBound), UsageCreditLedger.balanceRange.upperBound)
        return result
    }

    /// Entries one per id, the first of each kept (merged with the later copies).
    static func distinctEntries(_ entries: [LedgerEntry]) -> [LedgerEntry] {
        RecordCollection(entries).records
    }
}
