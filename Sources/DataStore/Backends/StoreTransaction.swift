import DomainModel
import Foundation

/// The view of a store inside `KeyValueStore.transaction`: reads see the transaction's own
/// writes, and the writes become visible to others all together, or not at all.
///
/// A transaction is valid only while its block runs; using it afterwards is a programming
/// error and stops the program.
public protocol StoreTransaction: StoreReading {
    /// Stores `value` under `key`, replacing any previous value.
    /// - Throws: `StoreError` when the backend cannot write it.
    func set(_ value: StoreValue, forKey key: String) throws

    /// Stores `bytes` as a data value under `key`, replacing any previous value. An SQLite
    /// store writes the chunks one after the other into the value, letting go of each once
    /// written, so a large value is never joined into one buffer; the other backends join them
    /// and `set` the result.
    /// - Throws: `StoreError` when the backend cannot write it.
    func setData(_ bytes: consuming ByteChunks, forKey key: String) throws

    /// Removes the value under `key`; nothing happens when the key is absent.
    /// - Throws: `StoreError` when the backend cannot write it.
    func removeValue(forKey key: String) throws
}

extension StoreTransaction {
    /// Joins the chunks and `set`s the result: for backends that hold each value whole anyway.
    public func setData(_ bytes: consuming ByteChunks, forKey key: String) throws {
        try set(.data(bytes.joined(as: Data.self)), forKey: key)
    }
}
