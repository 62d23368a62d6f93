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
