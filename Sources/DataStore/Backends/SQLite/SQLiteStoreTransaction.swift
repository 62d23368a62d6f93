import DomainModel

/// A transaction on an `SQLiteStore`: reads and writes run on the store's connection inside
/// its open `BEGIN IMMEDIATE` transaction, so reads see the transaction's own writes.
final class SQLiteStoreTransaction: StoreTransaction {
    private unowned let store: SQLiteStore
    private var isActive = true

    init(store: SQLiteStore) {
        self.store = store
    }

    var location: String { store.location }

    func value(forKey key: String) throws -> StoreValue? {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        return try store.value(forKey: key)
    }

    func dataBytes(forKey key: String) throws -> [UInt8]? {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        return try store.dataBytes(forKey: key)
    }

    func keys() throws -> [String] {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        return try store.keys()
    }

    func set(_ value: StoreValue, forKey key: String) throws {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        try store.writeValue(value, forKey: key)
    }

    func setData(_ bytes: consuming ByteChunks, forKey key: String) throws {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        try store.writeData(bytes, forKey: key)
    }

    func removeValue(forKey key: String) throws {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        try store.liveStatements.delete.use { statement in
            try statement.bind(key, at: 1)
            _ = try statement.step()
        }
    }

    /// Ends the transaction, so a reference kept past its block is caught.
    func end() {
        isActive = false
    }
}
