/// How an import combines the backup with the store.
public enum ImportMode: String, CaseIterable, Sendable {
    /// Union of store and backup by the deduplicating save paths' merge rules.
    case merge
    /// Each section present in the backup replaces the store's; the rest is left alone.
    case replace
}
