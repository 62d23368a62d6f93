import Foundation
import JSONCore

/// The last verified purchase, cached for offline use (store key `purchase.cachedEntitlement`).
public struct CachedEntitlement: MergeableRecord, Hashable {
    /// The store product identifier.
    public var productID: String
    public var tier: Lenient<EntitlementTier>
    public var purchasedAt: Date?
    /// Nil for lifetime purchases.
    public var expiresAt: Date?
    public var isTrial: Bool
    public var originalTransactionID: String?
    /// When the receipt was last verified.
    public var verifiedAt: Date

    /// Fields this build does not know, kept as read and written back after the known ones.
    public var unknownFields = UnknownFields()

    public init(
        productID: String, tier: EntitlementTier, purchasedAt: Date? = nil, expiresAt: Date? = nil,
        isTrial: Bool = false, originalTransactionID: String? = nil, verifiedAt: Date
    ) {
        self.productID = productID
        self.tier = Lenient(tier)
        self.purchasedAt = purchasedAt
        self.expiresAt = expiresAt
        self.isTrial = isTrial
        self.originalTransactionID = originalTransactionID
        self.verifiedAt = verifiedAt
    }

    public init(from reader: inout RecordReader) throws(RecordDecodingError) {
        productID = try reader.requiredNonEmptyString("productId")
        verifiedAt = try reader.requiredDate("verifiedAt")
        tier = reader.enumeration("tier", default: .free)
        purchasedAt = reader.optionalDate("purchasedAt")
        expiresAt = reader.optionalDate("expiresAt")
        isTrial = reader.bool("isTrial", default: false)
        originalTransactionID = reader.optionalString("originalTransactionId")
    }

    public func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("productId", productID)
        writer.field("tier", tier)
        writer.field("purchasedAt", purchasedAt)
        writer.field("expiresAt", expiresAt)
        writer.field("isTrial", isTrial)
        writer.field("originalTransactionId", originalTransactionID)
        writer.field("verifiedAt", verifiedAt)
        writer.unknownFields(unknownFields)
        writer.endObject()
    }

    /// Merge rule: the entitlement verified last wins whole (ties keep this one). Unknown
    /// fields are unioned, the winner's winning a clash.
    public func merged(with other: CachedEntitlement) -> CachedEntitlement {
        let (winner, loser) = other.verifiedAt > verifiedAt ? (other, self) : (self, other)
        var result = winner
        result.unknownFields = winner.unknownFields.merged(with: loser.unknownFields)
        return result
    }
}
