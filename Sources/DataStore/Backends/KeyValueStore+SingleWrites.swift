extension KeyValueStore {
    /// Stores `value` under `key` in a transaction of its own.
    /// - Throws: `StoreError` when the backend cannot write it.
    public func set(_ value: StoreValue, forKey key: String) throws {
        try transaction { try $0.set(value, forKey: key) }
    }

    /// Removes the value under `key` in a transaction of its own.
    /// - Throws: `StoreError` when the backend cannot write it.
    public func removeValue(forKey key: String) throws {
        try transaction { try $0.removeValue(forKey: key) }
    }
}
