import CSQLite
import DomainModel
import Foundation

extension SQLiteStore {
    /// Writes one row: binds the kind and the value in its SQLite storage class. Must run
    /// inside a transaction.
    func writeValue(_ value: StoreValue, forKey key: String) throws {
        switch value {
        case .data(let data):
            try data.withUnsafeBytes { try writeBlob($0, kind: value.kind, forKey: key) }
        case .array, .dictionary:
            let encoded = try BinaryPropertyListWriter.encode(value)
            try encoded.withUnsafeBytes { try writeBlob($0, kind: value.kind, forKey: key) }
        case .string(let string):
            try upsert(key, value.kind) { try $0.bind(string, at: 3) }
        case .integer(let integer):
            try upsert(key, value.kind) { try $0.bind(Int64(integer), at: 3) }
        case .bool(let bool):
            try upsert(key, value.kind) { try $0.bind(Int64(bool ? 1 : 0), at: 3) }
        case .double(let double):
            try upsert(key, value.kind) { try $0.bind(double, at: 3) }
        case .date(let date):
            try upsert(key, value.kind) { try $0.bind(date.timeIntervalSinceReferenceDate, at: 3) }
        }
    }

    /// A small BLOB is bound in place, without a copy (the statement is stepped and reset
    /// while the bytes are still borrowed), and SQLite copies it once into the row's record.
    /// A large one gets a zero-filled value of its length, which is then overwritten page by
    /// page, so SQLite never builds a record as large as the value.
    private func writeBlob(_ bytes: UnsafeRawBufferPointer, kind: StoreValue.Kind, forKey key: String) throws {
        guard bytes.count >= Self.incrementalBlobThreshold else {
            try upsert(key, kind) { try $0.bindBlobWithoutCopy(bytes, at: 3) }
            return
        }
        try zeroFilledBlob(count: bytes.count, kind: kind, forKey: key).write(bytes)
    }

    /// Writes a data value given in chunks: a large one chunk by chunk into its zero-filled
    /// row, each chunk let go of once written, so the value is never whole in one buffer.
    func writeData(_ bytes: consuming ByteChunks, forKey key: String) throws {
        guard bytes.count >= Self.incrementalBlobThreshold else {
            let joined = bytes.joined()
            try joined.withUnsafeBytes { try writeBlob($0, kind: .data, forKey: key) }
            return
        }
        let blob = try zeroFilledBlob(count: bytes.count, kind: .data, forKey: key)
        var offset = 0
        try bytes.drain { chunk in
            try chunk.withUnsafeBytes { try blob.write($0, at: offset) }
            offset += chunk.count
        }
    }

    /// Writes a row whose value is `count` zero bytes and opens that value for writing.
    private func zeroFilledBlob(count: Int, kind: StoreValue.Kind, forKey key: String) throws -> SQLiteBlob {
        // Outside a transaction the zero-filled row would be committed on its own.
        precondition(database.isInTransaction, "a large value written outside a transaction")
        try upsert(key, kind, zeroBlob: true) { try $0.bind(Int64(count), at: 3) }
        let rowID: Int64 = try liveStatements.rowID.use { statement in
            try statement.bind(key, at: 1)
            guard try statement.step() else { preconditionFailure("the row just written for \(key) is missing") }
            return statement.int64(at: 0)
        }
        return try SQLiteBlob(database: database, table: "entries", column: "value", rowID: rowID, writable: true)
    }

    /// Writes the row of `key`; `bindValue` binds the value (with `zeroBlob`, its length).
    private func upsert(
        _ key: String, _ kind: StoreValue.Kind, zeroBlob: Bool = false,
        bindingValue bindValue: (SQLiteStatement) throws -> Void
    ) throws {
        try (zeroBlob ? liveStatements.upsertZeroBlob : liveStatements.upsert).use { statement in
            try statement.bind(key, at: 1)
            try statement.bind(kind.rawValue, at: 2)
            try bindValue(statement)
            _ = try statement.step()
        }
    }

    /// Reads a row's value back into the kind its `kind` column names.
    /// - Throws: `StoreError.corrupt` when the kind is unknown or the storage class does not
    ///   match it.
    /// - Parameter largeBlob: the value when it is a BLOB read incrementally (the column is
    ///   then NULL).
    func decodeValue(
        kind name: String, from statement: SQLiteStatement, column: Int32, key: String,
        largeBlob: Data? = nil
    ) throws -> StoreValue {
        guard let kind = StoreValue.Kind(rawValue: name) else {
            throw StoreError.corrupt(path: location, reason: "the key \(key) has the unknown kind \"\(name)\"")
        }
        let storage = largeBlob == nil ? statement.columnType(at: column) : SQLITE_BLOB
        func blob() -> Data { largeBlob ?? statement.blob(at: column) }
        func require(_ expected: Int32) throws {
            guard storage == expected else {
                throw StoreError.corrupt(
                    path: location,
                    reason: "the \(kind.rawValue) value of the key \(key) is stored as \(storageName(storage))")
            }
        }
        switch kind {
        case .data:
            try require(SQLITE_BLOB)
            return .data(blob())
        case .string:
            try require(SQLITE_TEXT)
            return .string(statement.text(at: column))
        case .integer:
            try require(SQLITE_INTEGER)
            return .integer(Int(statement.int64(at: column)))
        case .bool:
            try require(SQLITE_INTEGER)
            return .bool(statement.int64(at: column) != 0)
        case .double:
            // SQLite stores NaN as NULL.
            if storage == SQLITE_NULL { return .double(.nan) }
            try require(SQLITE_FLOAT)
            return .double(statement.double(at: column))
        case .date:
            try require(SQLITE_FLOAT)
            return .date(Date(timeIntervalSinceReferenceDate: statement.double(at: column)))
        case .array, .dictionary:
            try require(SQLITE_BLOB)
            return try decodeContainer(blob(), kind: kind, key: key)
        }
    }

    private func decodeContainer(_ bytes: Data, kind: StoreValue.Kind, key: String) throws -> StoreValue {
        let value: StoreValue
        do {
            value = try bytes.withUnsafeBytes { try BinaryPropertyListReader.decode($0, path: location) }
        } catch StoreError.propertyList(let message, _) {
            throw StoreError.corrupt(
                path: location, reason: "the \(kind.rawValue) value of the key \(key) does not parse: \(message)")
        }
        guard value.kind == kind else {
            throw StoreError.corrupt(
                path: location,
                reason: "the key \(key) holds a \(value.kind.rawValue) where its kind says \(kind.rawValue)")
        }
        return value
    }

    private func storageName(_ storage: Int32) -> String {
        switch storage {
        case SQLITE_INTEGER: "INTEGER"
        case SQLITE_FLOAT: "REAL"
        case SQLITE_TEXT: "TEXT"
        case SQLITE_BLOB: "BLOB"
        default: "NULL"
        }
    }
}
