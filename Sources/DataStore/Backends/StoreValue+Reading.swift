extension StoreValue {
    /// What `StoreReading.dataBytes(forKey:)` gives for this value: a data value's bytes, nil
    /// for any other kind.
    var dataBytes: [UInt8]? {
        guard case .data(let data) = self else { return nil }
        return [UInt8](data)
    }

    /// What `StoreReading.byteCount(forKey:)` gives for this value: a data value's length, a
    /// string's UTF-8 length, 0 for any other kind.
    var byteCount: Int {
        switch self {
        case .data(let data): data.count
        case .string(let text): text.utf8.count
        case .integer, .bool, .double, .date, .array, .dictionary: 0
        }
    }
}
