import DataStore
import Foundation

/// A value of another kind than a test expected under a key.
struct UnexpectedKind: Error, CustomStringConvertible {
    let key: String
    let expected: StoreValue.Kind
    let found: StoreValue.Kind

    var description: String { "\(key) holds a \(found.rawValue) value, not a \(expected.rawValue) one" }
}

extension StoreReading {
    /// The bytes stored under `key`, or nil when it is absent.
    func data(forKey key: String) throws -> Data? {
        try value(forKey: key, of: .data) { if case .data(let data) = $0 { data } else { nil } }
    }

    /// The integer stored under `key` (e.g. the schema version stamp), or nil when absent.
    func integer(forKey key: String) throws -> Int? {
        try value(forKey: key, of: .integer) { if case .integer(let integer) = $0 { integer } else { nil } }
    }

    /// The boolean stored under `key` (e.g. the pre-versioning marker), or nil when absent.
    func bool(forKey key: String) throws -> Bool? {
        try value(forKey: key, of: .bool) { if case .bool(let bool) = $0 { bool } else { nil } }
    }

    /// The value under `key` as `extract` reads a value of `kind`, or nil when `key` is absent.
    /// - Throws: ``UnexpectedKind`` when the key holds another kind of value.
    private func value<Value>(
        forKey key: String, of kind: StoreValue.Kind, _ extract: (StoreValue) -> Value?
    ) throws -> Value? {
        guard let stored = try value(forKey: key) else { return nil }
        guard let value = extract(stored) else { throw UnexpectedKind(key: key, expected: kind, found: stored.kind) }
        return value
    }
}
