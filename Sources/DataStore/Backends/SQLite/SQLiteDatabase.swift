import CSQLite
import DurableIO
import Foundation

/// An open SQLite connection: a thin owner of `sqlite3 *`.
///
/// Every result code from the C API goes through `check(_:)`, which throws the connection's
/// own message. The connection is closed by `close()` or in `deinit`; statements keep it
/// alive until they are finalized.
final class SQLiteDatabase {
    /// The database file, for messages.
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens a database file.
    /// - Parameters:
    ///   - path: the file, or a `file:` URI with `SQLITE_OPEN_URI`.
    ///   - flags: `SQLITE_OPEN_*` flags, e.g. `SQLITE_OPEN_READWRITE`.
    ///   - reportedPath: the file's path for messages, when `path` is a URI.
    /// - Throws: `StoreError` with SQLite's message when the file cannot be opened.
    init(path: String, flags: Int32, reportedPath: String? = nil) throws {
        self.path = reportedPath ?? path
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        // SQLite returns a handle even on failure; it holds the message and must be closed.
        handle = connection
        try check(code)
        try check(sqlite3_extended_result_codes(connection, 1))
    }

    deinit {
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Throws unless `code` is `SQLITE_OK`: the one place a C result code becomes an error.
    ///
    /// A full disk becomes `StoreError.io(.noSpace)` and a damaged file `.corrupt`, so callers
    /// handle them like the same failures elsewhere; everything else is `.sqlite` with the
    /// connection's message.
    /// - Throws: `StoreError`.
    func check(_ code: Int32) throws {
        guard code != SQLITE_OK else { return }
        let message =
            handle.map { String(cString: sqlite3_errmsg($0)) }
            ?? String(cString: sqlite3_errstr(code))
        switch code & 0xFF {
        case SQLITE_FULL:
            throw StoreError.io(.noSpace(path: path, message: message))
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            throw StoreError.corrupt(path: path, reason: "SQLite reports \"\(message)\"")
        default:
            throw StoreError.sqlite(code: code, message: message, path: path)
        }
    }

    /// Runs SQL statements that return no rows (or whose rows are not needed).
    /// - Throws: `StoreError` with SQLite's message.
    func execute(_ sql: String) throws {
        CrashPoint.reach(.sqlite, path)
        try check(sqlite3_exec(liveHandle, sql, nil, nil, nil))
    }

    /// - Throws: `StoreError` with SQLite's message.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// True while a transaction is open on this connection.
    var isInTransaction: Bool {
        sqlite3_get_autocommit(liveHandle) == 0
    }

    /// The connection, which must still be open.
    var liveHandle: OpaquePointer {
        guard let handle else { preconditionFailure("SQLite connection to \(path) used after close") }
        return handle
    }

    /// Closes the connection. Statements must have been released first.
    /// - Throws: `StoreError` when SQLite refuses (e.g. a statement is still alive).
    func close() throws {
        guard let handle else { return }
        try check(sqlite3_close(handle))
        self.handle = nil
    }
}
