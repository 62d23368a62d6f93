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

    /// How many bytes the value under `key` holds: a data value's length, a string's UTF-8
    /// length, 0 for any other kind; nil when the key is absent. What a progress display
    /// weighs the work by, so backends answer without reading a large value where they can.
    /// - Throws: `StoreError` when the backend cannot read it.
    func byteCount(forKey key: String) throws -> Int?
}

extension StoreReading {
    /// Reads the value to measure it; backends that can measure a value without reading it
    /// (SQLite) answer themselves.
    public func byteCount(forKey key: String) throws -> Int? {
        switch try value(forKey: key) {
        case nil: nil
        case .data(let data)?: data.count
        case .string(let text)?: text.utf8.count
        case .integer?, .bool?, .double?, .date?, .array?, .dictionary?: 0
        }
    }
}
