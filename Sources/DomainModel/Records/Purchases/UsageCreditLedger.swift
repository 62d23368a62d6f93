import JSONCore

/// Usage credits: the balance and the entries that led to it (store key `usageCredits.ledger`).
///
/// The balance is stored, not derived, because the app trusts the server's figure; a
/// balance that disagrees with its entries is kept as is and reported by validation.
public struct UsageCreditLedger: MergeableRecord, Hashable {
    public var balance: Int
    /// Entries in stored order, one per id.
    public var entries: [LedgerEntry]

    /// The most entries a ledger keeps.
    public static let maxEntries = 100_000
    /// The range of the balance.
    public static let balanceRange = -1_000_000_000...1_000_000_000

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(balance: Int, entries: [LedgerEntry]) {
        self.balance = balance
        self.entries = RecordCollection(entries).records
    }

    /// The sum of the entries' amounts.
    public var entriesTotal: Int { entries.reduce(0) { $0 + $1.amount } }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        entries =
            RecordCollection(reader.recordList("entries", as: LedgerEntry.self, limit: UsageCreditLedger.maxEntries))
            .records
        balance = try reader.requiredInt("balance", in: UsageCreditLedger.balanceRange)
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("balance", balance)
        writer.field("entries", entries)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

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
}
