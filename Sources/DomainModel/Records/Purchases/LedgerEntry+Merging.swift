import Foundation

extension LedgerEntry {
    /// The largest single change accepted.
    public static let amountRange = -1_000_000...1_000_000

    public var naturalKey: UUID { id }

    /// Merge rule: entries are immutable; the first copy wins. Unknown fields are unioned, the
    /// first copy's winning a clash.
    public func merged(with other: LedgerEntry) -> LedgerEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        return result
    }
}
