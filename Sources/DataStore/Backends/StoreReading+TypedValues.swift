import Foundation

extension StoreReading {
    /// The bytes stored under `key` (the store's JSON documents), or nil when it is absent.
    /// - Throws: `StoreError.typeMismatch` when the key holds another kind of value.
    public func data(forKey key: String) throws -> Data? {
        switch try value(forKey: key) {
        case nil: return nil
        case .data(let data)?: return data
        case let other?: throw mismatch(key, expected: .data, found: other)
        }
    }

    /// The integer stored under `key` (e.g. the schema version stamp), or nil when absent.
    /// - Throws: `StoreError.typeMismatch` when the key holds another kind of value.
    public func integer(forKey key: String) throws -> Int? {
        switch try value(forKey: key) {
        case nil: return nil
        case .integer(let integer)?: return integer
        case let other?: throw mismatch(key, expected: .integer, found: other)
        }
    }

    /// The boolean stored under `key` (e.g. the pre-versioning marker), or nil when absent.
    /// - Throws: `StoreError.typeMismatch` when the key holds another kind of value.
    public func bool(forKey key: String) throws -> Bool? {
        switch try value(forKey: key) {
        case nil: return nil
        case .bool(let bool)?: return bool
        case let other?: throw mismatch(key, expected: .bool, found: other)
        }
    }

    /// The text stored under `key`, or nil when absent.
    /// - Throws: `StoreError.typeMismatch` when the key holds another kind of value.
    public func string(forKey key: String) throws -> String? {
        switch try value(forKey: key) {
        case nil: return nil
        case .string(let string)?: return string
        case let other?: throw mismatch(key, expected: .string, found: other)
        }
    }

    private func mismatch(_ key: String, expected: StoreValue.Kind, found: StoreValue) -> StoreError {
        .typeMismatch(key: key, expected: expected, found: found.kind, location: location)
    }
}
