/// A transaction over a copy of a dictionary, for the backends that hold every value in
/// memory: the store adopts the copy only when the transaction's block returns.
final class DictionaryTransaction: StoreTransaction {
    let location: String
    private(set) var entries: [String: StoreValue]
    private(set) var isModified = false
    private var isActive = true

    init(entries: [String: StoreValue], location: String) {
        self.entries = entries
        self.location = location
    }

    func value(forKey key: String) throws -> StoreValue? {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        return entries[key]
    }

    func keys() throws -> [String] {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        return entries.keys.sorted()
    }

    func set(_ value: StoreValue, forKey key: String) throws {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        entries[key] = value
        isModified = true
    }

    func removeValue(forKey key: String) throws {
        precondition(isActive, "a StoreTransaction was used after its transaction block returned")
        if entries.removeValue(forKey: key) != nil { isModified = true }
    }

    /// Ends the transaction, so a reference kept past its block is caught.
    func end() {
        isActive = false
    }
}

extension DictionaryTransaction {
    /// Runs `body` as one transaction of a store that holds every value in memory: over a
    /// copy of `entries`, handed to `commit` only when `body` returns `.commit` having changed
    /// something.
    /// - Parameters:
    ///   - entries: the store's committed values.
    ///   - location: the store's location, for messages.
    ///   - isInTransaction: the store's flag, which catches a nested transaction.
    ///   - committingUnchanged: whether `commit` runs even when `body` changed nothing (a new
    ///     file store's first transaction, which creates the file).
    ///   - commit: makes the changed copy the store's values (and persists it, for a file).
    /// - Returns: the value of `body`'s completion.
    /// - Throws: whatever `body` or `commit` throws; the store then keeps its values.
    static func run<Value>(
        over entries: [String: StoreValue],
        location: String,
        isInTransaction: inout Bool,
        committingUnchanged: Bool = false,
        _ body: (any StoreTransaction) throws -> TransactionCompletion<Value>,
        commit: ([String: StoreValue]) throws -> Void
    ) throws -> Value {
        precondition(!isInTransaction, "store transactions do not nest")
        isInTransaction = true
        defer { isInTransaction = false }
        let transaction = DictionaryTransaction(entries: entries, location: location)
        defer { transaction.end() }
        let completion = try body(transaction)
        if completion.commits && (transaction.isModified || committingUnchanged) { try commit(transaction.entries) }
        return completion.value
    }
}
