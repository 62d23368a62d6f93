/// Read access to keys and values, shared by stores and their transactions.
public protocol StoreReading: AnyObject {
    /// Where the values live: a file path, or "memory". For messages.
    var location: String { get }

    /// The value stored under `key`, or nil when the key is absent.
    /// - Throws: `StoreError` when the backend cannot read it.
    func value(forKey key: String) throws -> StoreValue?

    /// The bytes of the value under `key` when it is data (a JSON blob); nil when the key is
    /// absent or holds another kind. Backends that can read a large value straight into the
    /// array (SQLite) answer themselves, so it is never in memory twice (as a `Data` too).
    /// - Throws: `StoreError` when the backend cannot read it.
    func dataBytes(forKey key: String) throws -> [UInt8]?

    /// Every key that holds a value, sorted in ascending order.
    /// - Throws: `StoreError` when the backend cannot read them.
    func keys() throws -> [String]

    /// How many bytes the value under `key` holds: a data value's length, a string's UTF-8
    /// length, 0 for any other kind; nil when the key is absent. What a progress display
    /// weighs the work by, so backends answer without reading a large value where they can.
    /// - Throws: `StoreError` when the backend cannot read it.
    func byteCount(forKey key: String) throws -> Int?
}

extension StoreReading {
    /// Reads the value and copies its bytes.
    public func dataBytes(forKey key: String) throws -> [UInt8]? {
        try value(forKey: key)?.dataBytes
    }

    /// Reads the value to measure it; backends that can measure a value without reading it
    /// (SQLite) answer themselves.
    public func byteCount(forKey key: String) throws -> Int? {
        try value(forKey: key)?.byteCount
    }
}
