/// Whether opening a store may create it.
public enum StoreOpenMode: Sendable, Equatable {
    /// The store must already exist (export, status, migrate): a missing file is
    /// `StoreError.notFound`.
    case mustExist
    /// A missing store is created, with its parent folders (mode 0700) and mode 0600
    /// (import, sample).
    case createIfMissing
}
