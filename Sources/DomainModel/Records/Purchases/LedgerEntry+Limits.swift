extension LedgerEntry {
    /// The largest single change accepted.
    public static let amountRange = -1_000_000...1_000_000
}
