/// A store that lives only in memory, for tests and dry runs.
///
///     let store = InMemoryStore(entries: ["data.storeSchemaVersion": .integer(1)])
///     try store.set(.data(json), forKey: "trackedDomains")
public final class InMemoryStore: KeyValueStore {
    /// Every key and value, as committed so far.
    public private(set) var entries: [String: StoreValue]
    private var isInTransaction = false

    public var location: String { "memory" }

    public init(entries: [String: StoreValue] = [:]) {
        self.entries = entries
    }

    public func value(forKey key: String) throws -> StoreValue? {
        entries[key]
    }

    public func keys() throws -> [String] {
        entries.keys.sorted()
    }

    public func inTransaction<Value>(_ body: (any StoreTransaction) throws -> TransactionCompletion<Value>) throws
        -> Value
    {
        try DictionaryTransaction.run(over: entries, location: location, isInTransaction: &isInTransaction, body) {
            entries = $0
        }
    }
}
