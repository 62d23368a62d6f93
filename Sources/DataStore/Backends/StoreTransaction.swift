/// The view of a store inside `KeyValueStore.transaction`: reads see the transaction's own
/// writes, and the writes become visible to others all together, or not at all.
///
/// A transaction is valid only while its block runs; using it afterwards is a programming
/// error and stops the program.
public protocol StoreTransaction: StoreReading {
    /// Stores `value` under `key`, replacing any previous value.
    /// - Throws: `StoreError` when the backend cannot write it.
    func set(_ value: StoreValue, forKey key: String) throws

    /// Removes the value under `key`; nothing happens when the key is absent.
    /// - Throws: `StoreError` when the backend cannot write it.
    func removeValue(forKey key: String) throws
}
