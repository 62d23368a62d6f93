import DomainModel
import Foundation
import Testing

@Suite struct CachedEntitlementTests {
    static let full =
        #"{"productId":"com.domaindig.pro.yearly","tier":"pro","purchasedAt":"2026-01-05T08:00:00Z","#
        + #""expiresAt":"2027-01-05T08:00:00Z","isTrial":false,"originalTransactionId":"2000000512345678","#
        + #""verifiedAt":"2026-11-30T04:42:22.125Z"}"#

    static func entitlement(_ product: String, verified: String) -> CachedEntitlement {
        CachedEntitlement(productID: product, tier: .pro, verifiedAt: Sample.date(verified))
    }

    @Test func fullEntitlementRoundTripsCanonically() throws {
        try expectFullRecordRoundTrip(
            Self.full,
            reads: CachedEntitlement(
                productID: "com.domaindig.pro.yearly", tier: .pro, purchasedAt: Sample.date("2026-01-05T08:00:00Z"),
                expiresAt: Sample.date("2027-01-05T08:00:00Z"), isTrial: false,
                originalTransactionID: "2000000512345678", verifiedAt: Sample.date("2026-11-30T04:42:22.125Z")))
    }

    @Test func minimalEntitlementTakesEveryDefault() throws {
        let json = #"{"verifiedAt":"2026-11-30T04:42:22Z","productId":"com.domaindig.lifetime"}"#
        let (entitlement, issues) = try expectCanonicalRoundTrip(
            json, as: CachedEntitlement.self,
            canonical:
                #"{"productId":"com.domaindig.lifetime","tier":"free","isTrial":false,"verifiedAt":"2026-11-30T04:42:22Z"}"#
        )
        #expect(issues.isEmpty)
        #expect(
            entitlement.purchasedAt == nil && entitlement.expiresAt == nil && entitlement.originalTransactionID == nil)
    }

    @Test func unknownTierReadsAsFreeAndKeepsItsText() throws {
        let json = #"{"productId":"com.domaindig.enterprise","tier":"enterprise","verifiedAt":"2026-11-30T04:42:22Z"}"#
        let (entitlement, issues) = try expectCanonicalRoundTrip(json, as: CachedEntitlement.self)
        #expect(entitlement.tier.value == .free && entitlement.tier.rawValue == "enterprise")
        #expect(issueSummary(issues) == ["unknownEnumValue .tier"])
    }

    @Test func wrongTypedOptionalFieldsTakeDefaults() throws {
        let json =
            #"{"productId":"p","verifiedAt":"2026-11-30T04:42:22Z","purchasedAt":0,"expiresAt":"never","isTrial":"no","#
            + #""originalTransactionId":2000000512345678}"#
        let (entitlement, issues) = try RecordJSON.decode(json, as: CachedEntitlement.self)
        #expect(entitlement == Self.entitlement("p", verified: "2026-11-30T04:42:22Z").with(tier: .free))
        #expect(
            issueSummary(issues) == [
                "defaultedField .expiresAt", "defaultedField .isTrial", "defaultedField .originalTransactionId",
                "defaultedField .purchasedAt",
            ])
    }

    @Test(arguments: [
        (#"{"verifiedAt":"2026-11-30T04:42:22Z"}"#, "$.productId"),
        (#"{"productId":"","verifiedAt":"2026-11-30T04:42:22Z"}"#, "$.productId"),
        (#"{"productId":7,"verifiedAt":"2026-11-30T04:42:22Z"}"#, "$.productId"),
        (#"{"productId":"p"}"#, "$.verifiedAt"),
        (#"{"productId":"p","verifiedAt":"2026-11-31T00:00:00Z"}"#, "$.verifiedAt"),
        (#"["productId"]"#, "$"),
    ])
    func requiredFieldProblemLeavesTheEntitlementOut(json: String, path: String) {
        let (entitlement, issues) = CollectionDecoder.decodeObject(Array(json.utf8), as: CachedEntitlement.self)
        #expect(entitlement == nil)
        #expect(issues.map(\.path) == [path])
        #expect(issues.first?.kind == .skippedRecord)
    }

    @Test func lastVerifiedWinsWholeAndTiesKeepTheCurrent() {
        let old = Self.entitlement("old", verified: "2026-01-01T00:00:00Z")
        let new = Self.entitlement("new", verified: "2026-06-01T00:00:00Z")
        #expect(old.merged(with: new) == new)
        #expect(new.merged(with: old) == new)
        let twin = Self.entitlement("twin", verified: "2026-06-01T00:00:00Z")
        #expect(new.merged(with: twin) == new)
    }

    @Test func mergeIsIdempotentAndReMergingChangesNothing() throws {
        let (full, _) = try RecordJSON.decode(Self.full, as: CachedEntitlement.self)
        #expect(full.merged(with: full) == full)
        let other = Self.entitlement("other", verified: "2026-01-01T00:00:00Z")
        let merged = full.merged(with: other)
        #expect(merged.merged(with: other) == merged)
    }
}

extension CachedEntitlement {
    fileprivate func with(tier: EntitlementTier) -> CachedEntitlement {
        var copy = self
        copy.tier = Lenient(tier)
        return copy
    }
}
