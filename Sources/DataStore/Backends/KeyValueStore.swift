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
/// A transaction that may end either way says so with what its body returns:
///
///     let plan = try store.inTransaction { transaction in
///         let plan = try importer.apply(in: transaction)
///         return isDryRun ? .rollback(plan) : .commit(plan)
///     }
///
/// Stores are not thread-safe: use one from one thread at a time.
public protocol KeyValueStore: StoreReading {
    /// Runs `body` as one atomic transaction, which it ends by what it returns.
    ///
    /// When `body` returns `.commit`, all its writes are committed together; when it returns
    /// `.rollback`, none of them is and the store is exactly as before; either way its value is
    /// returned. When `body` throws, nothing is committed either, and the error is rethrown.
    /// Transactions do not nest: calling `inTransaction`, `transaction`, `set` or
    /// `removeValue` on the store from inside `body` is a programming error. Read through the
    /// transaction inside `body`.
    /// - Parameter body: reads and writes through the transaction it is given.
    /// - Returns: the value `body`'s completion holds.
    /// - Throws: `StoreError` when the backend cannot commit or roll back; whatever `body` throws.
    func inTransaction<Value>(_ body: (any StoreTransaction) throws -> TransactionCompletion<Value>) throws -> Value

    /// Lets go of the store's file: an SQLite store checkpoints and closes its connection, a
    /// new one that never committed removes its temporary file; stores that hold no open
    /// file do nothing. The store must not be used afterwards; closing again does nothing.
    /// - Throws: `StoreError` when closing fails.
    func close() throws
}

extension KeyValueStore {
    /// Runs `body` as one atomic transaction that commits when `body` returns: see
    /// `inTransaction(_:)`, whose `.commit` this is.
    /// - Returns: what `body` returns.
    /// - Throws: `StoreError` when the backend cannot commit; whatever `body` throws (nothing
    ///   is committed then).
    public func transaction<Result>(_ body: (any StoreTransaction) throws -> Result) throws -> Result {
        try inTransaction { .commit(try body($0)) }
    }

    /// Nothing to let go of: the store holds no open file.
    public func close() throws {}
}
