/// The subscription tier an entitlement grants.
public enum EntitlementTier: String, LenientEnum {
    case free, pro, team

    /// Unknown tiers read as free: nothing is unlocked by a value this build can't verify.
    public static let fallback = EntitlementTier.free
}
