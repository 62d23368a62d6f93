/// Why the credit balance changed.
public enum LedgerEntryKind: String, LenientEnum {
    case grant, purchase, spend, refund, expiry, adjustment

    /// Unknown kinds read as adjustment: the amount still counts, nothing else is implied.
    public static let fallback = LedgerEntryKind.adjustment
}
