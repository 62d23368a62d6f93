import Foundation
import JSONCore

/// Why the credit balance changed.
public enum LedgerEntryKind: String, LenientEnum {
    case grant, purchase, spend, refund, expiry, adjustment

    /// Unknown kinds read as adjustment: the amount still counts, nothing else is implied.
    public static let fallback = LedgerEntryKind.adjustment
}

/// One change of the usage-credit balance.
public struct LedgerEntry: DeduplicatingRecord, Hashable {
    public var id: UUID
    public var at: Date
    /// Credits added (positive) or used (negative).
    public var amount: Int
    public var kind: Lenient<LedgerEntryKind>
    public var note: String?
    /// The domain the credits were spent on, canonical.
    public var domain: String?

    /// The largest single change accepted.
    public static let amountRange = -1_000_000...1_000_000

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(id: UUID, at: Date, amount: Int, kind: LedgerEntryKind, note: String? = nil, domain: String? = nil) {
        self.id = id
        self.at = at
        self.amount = amount
        self.kind = Lenient(kind)
        self.note = note
        self.domain = domain.map(DomainName.canonical)
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        id = try reader.requiredID("id")
        at = try reader.requiredDate("at")
        amount = try reader.requiredInt("amount", in: LedgerEntry.amountRange)
        kind = reader.enumeration("kind", default: .adjustment)
        note = reader.optionalString("note")
        domain = reader.optionalDomain("domain")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("at", at)
        writer.field("amount", amount)
        writer.field("kind", kind)
        writer.field("note", note)
        writer.field("domain", domain)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    public var naturalKey: UUID { id }

    /// Merge rule: entries are immutable; the first copy wins. Unknown fields are unioned, the
    /// first copy's winning a clash.
    public func merged(with other: LedgerEntry) -> LedgerEntry {
        var result = self
        result.unknownFields = unknownFields.merged(with: other.unknownFields)
        return result
    }
}
