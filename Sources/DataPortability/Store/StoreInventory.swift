import DataStore
import Foundation
import JSONCore

/// What a store holds, key by key, without interpreting records: the readable summary
/// `sample` and `status` print.
public struct StoreInventory: Sendable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        /// The value's type ("data", "an integer"…).
        public var kind: String
        /// Bytes of the value (blobs and strings), 0 for scalars.
        public var bytes: Int
        /// Elements of a JSON array blob, 1 for a JSON object, nil for anything else or unreadable JSON.
        public var records: Int?
        public var isKnown: Bool
    }

    /// Every key, sorted.
    public var entries: [Entry]

    public var totalBytes: Int { entries.reduce(0) { $0 + $1.bytes } }

    public init(reading store: any StoreReading) throws {
        entries = try store.keys().map { key in
            let value = try store.value(forKey: key)
            let (bytes, records): (Int, Int?) =
                switch value {
                case .data(let data)?: (data.count, StoreInventory.recordCount([UInt8](data)))
                case .string(let text)?: (text.utf8.count, nil)
                default: (0, nil)
                }
            return Entry(
                key: key, kind: value?.kindName ?? "nothing", bytes: bytes, records: records,
                isKnown: StorageKey(rawValue: key) != nil)
        }
    }

    /// Elements of a top-level JSON array, 1 for an object, nil when not JSON.
    static func recordCount(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return nil
        }
        if first == UInt8(ascii: "{") { return (try? JSONDocument(parsing: bytes)) == nil ? nil : 1 }
        var count = 0
        guard (try? JSONArrayStream.forEachElement(in: bytes, { _, _ in count += 1 })) != nil else { return nil }
        return count
    }
}
