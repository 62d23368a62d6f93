/// Read access to keys and values, shared by stores and their transactions.
public protocol StoreReading: AnyObject {
    /// Where the values live: a file path, or "memory". For messages.
    var location: String { get }

    /// The value stored under `key`, or nil when the key is absent.
    /// - Throws: `StoreError` when the backend cannot read it.
    func value(forKey key: String) throws -> StoreValue?

    /// Every key that holds a value, sorted in ascending order.
    /// - Throws: `StoreError` when the backend cannot read them.
    func keys() throws -> [String]
}
