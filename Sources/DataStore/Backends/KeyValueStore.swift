/// A store of values under string keys, with atomic multi-key transactions: the
/// UserDefaults contract the DomainDig app keeps its data under.
///
/// Backends: `SQLiteStore` (the default), `PropertyListStore` (a UserDefaults `.plist`),
/// `InMemoryStore` (tests). `StoreOpener` picks the backend for a file.
///
///     try store.transaction { transaction in
///         try transaction.set(.data(domains), forKey: "trackedDomains")
///         try transaction.removeValue(forKey: "watchedDomains")
///         try transaction.set(.integer(1), forKey: "data.storeSchemaVersion")
///     }
///
/// Stores are not thread-safe: use one from one thread at a time.
public protocol KeyValueStore: StoreReading {
    /// Runs `body` as one atomic transaction.
    ///
    /// When `body` returns, all its writes are committed together; when it throws, none of
    /// them is, the store is exactly as before, and the error is rethrown. Transactions do
    /// not nest: calling `transaction`, `set` or `removeValue` on the store from inside
    /// `body` is a programming error. Read through the transaction inside `body`.
    /// - Parameter body: reads and writes through the transaction it is given.
    /// - Returns: what `body` returns.
    /// - Throws: `StoreError` when the backend cannot commit; whatever `body` throws.
    func transaction<Result>(_ body: (any StoreTransaction) throws -> Result) throws -> Result

    /// Lets go of the store's file: an SQLite store checkpoints and closes its connection, a
    /// new one that never committed removes its temporary file; stores that hold no open
    /// file do nothing. The store must not be used afterwards; closing again does nothing.
    /// - Throws: `StoreError` when closing fails.
    func close() throws
}

extension KeyValueStore {
    /// Nothing to let go of: the store holds no open file.
    public func close() throws {}
}
