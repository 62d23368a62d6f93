import CSQLite
import DurableIO
import Foundation

/// A compiled SQL statement, finalized in `deinit`.
///
/// Parameter and column indexes follow SQLite: parameters count from 1, columns from 0.
final class SQLiteStatement {
    private let database: SQLiteDatabase
    private let handle: OpaquePointer

    /// - Throws: `StoreError` with SQLite's message.
    init(database: SQLiteDatabase, sql: String) throws {
        self.database = database
        var statement: OpaquePointer?
        try database.check(
            sqlite3_prepare_v3(
                database.liveHandle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        guard let statement else { preconditionFailure("no statement in SQL: \(sql)") }
        handle = statement
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Runs `body` with this statement and then resets it and clears its bindings, so that
    /// buffers bound without copying are never referenced after `body` returns.
    func use<Result>(_ body: (SQLiteStatement) throws -> Result) rethrows -> Result {
        defer {
            // sqlite3_reset repeats the error of a failed step, which `step` already threw.
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        return try body(self)
    }

    /// Runs the statement to its end (inside `use(_:)`) and returns the first column of every row.
    /// - Throws: `StoreError` with SQLite's message.
    func texts() throws -> [String] {
        try use { statement in
            var texts: [String] = []
            while try statement.step() { texts.append(statement.text(at: 0)) }
            return texts
        }
    }

    /// Binds text (UTF-8, copied by SQLite) to a parameter.
    func bind(_ text: String, at index: Int32) throws {
        let code = text.withCString {
            sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        }
        try database.check(code)
    }

    func bind(_ integer: Int64, at index: Int32) throws {
        try database.check(sqlite3_bind_int64(handle, index, integer))
    }

    /// Binds a floating-point number to a parameter. SQLite stores NaN as NULL.
    func bind(_ double: Double, at index: Int32) throws {
        try database.check(sqlite3_bind_double(handle, index, double))
    }

    /// Binds bytes to a parameter without copying them.
    ///
    /// The buffer must stay valid until the statement is reset: bind and step inside
    /// `use(_:)`, itself inside the closure that provides the buffer.
    func bindBlobWithoutCopy(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        if let base = bytes.baseAddress, bytes.count > 0 {
            // A nil destructor is SQLITE_STATIC: SQLite reads the caller's buffer in place.
            try database.check(sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(bytes.count), nil))
        } else {
            // A NULL pointer would bind SQL NULL; an empty blob is a zero-length blob.
            try database.check(sqlite3_bind_zeroblob64(handle, index, 0))
        }
    }

    /// Advances to the next row.
    /// - Returns: true when a row is available, false when the statement has finished.
    /// - Throws: `StoreError` with SQLite's message.
    func step() throws -> Bool {
        if CrashPoint.isArmed, sqlite3_stmt_readonly(handle) == 0 { CrashPoint.reach(.sqlite, database.path) }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        try database.check(code)
        return false
    }

    /// The storage class of a column in the current row (`SQLITE_INTEGER`, `SQLITE_BLOB`, …).
    func columnType(at index: Int32) -> Int32 {
        sqlite3_column_type(handle, index)
    }

    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// A column of the current row as text, which may contain NUL characters.
    func text(at index: Int32) -> String {
        // The pointer must be fetched before the length: fetching converts the value.
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// A column of the current row as bytes, copied once out of SQLite's buffer.
    func blob(at index: Int32) -> Data {
        guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
