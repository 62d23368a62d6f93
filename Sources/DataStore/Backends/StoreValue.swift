import Foundation

/// A value stored under a key: everything a UserDefaults property list can hold.
///
/// The DomainDig store keeps its JSON documents as `.data`, the store schema version stamp
/// as `.integer` and the pre-versioning marker as `.bool`; the other kinds appear in app
/// settings and are carried through unchanged.
///
///     try store.set(.data(jsonBytes), forKey: "trackedDomains")
///     try store.set(.integer(3), forKey: "data.storeSchemaVersion")
public enum StoreValue: Sendable, Equatable {
    /// Raw bytes; the store's JSON documents.
    case data(Data)
    case string(String)
    /// A signed 64-bit integer.
    case integer(Int)
    /// A boolean, kept distinct from the integers 0 and 1.
    case bool(Bool)
    case double(Double)
    case date(Date)
    case array([StoreValue])
    case dictionary([String: StoreValue])

    /// The kinds of value, as named in messages and in the SQLite backend's `kind` column.
    public enum Kind: String, Sendable, CaseIterable {
        case data, string, integer, bool, double, date, array, dictionary
    }

    public var kind: Kind {
        switch self {
        case .data: .data
        case .string: .string
        case .integer: .integer
        case .bool: .bool
        case .double: .double
        case .date: .date
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The JSON text of a blob: data, or a string (some app versions stored JSON as a
    /// string; the text is the same JSON); nil for the other kinds.
    public var jsonBytes: [UInt8]? {
        switch self {
        case .data(let data): [UInt8](data)
        case .string(let text): Array(text.utf8)
        default: nil
        }
    }
}
