import CSQLite
import DurableIO
import Foundation

/// An open handle on one BLOB value for incremental I/O (`sqlite3_blob_open`), closed in
/// `deinit`.
///
/// A large value read through `sqlite3_column_blob` is first assembled in a buffer of
/// SQLite's own and then copied out; written through a bound parameter it is copied into the
/// record SQLite builds for the row. Either way the value is in memory twice. Through this
/// handle SQLite moves it page by page between its page cache and the caller's buffer.
final class SQLiteBlob {
    private let database: SQLiteDatabase
    private let handle: OpaquePointer
    /// The value's length in bytes, fixed when the handle is opened.
    let count: Int

    /// Bytes moved per call: SQLite takes an `int` length, and smaller steps keep each
    /// call's work (and a busy connection's wait) short.
    private static let chunk = 8 << 20

    /// Opens the value in `column` of the row `rowID` of `table`.
    /// - Parameter writable: whether `write(_:)` may be used; the row must then be written
    ///   inside the connection's open transaction.
    /// - Throws: `StoreError` with SQLite's message (e.g. no such row, or not a BLOB).
    init(database: SQLiteDatabase, table: String, column: String, rowID: Int64, writable: Bool) throws {
        self.database = database
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(database.liveHandle, "main", table, column, rowID, writable ? 1 : 0, &blob)
        // On failure SQLite sets the handle to NULL; its message is on the connection.
        try database.check(code)
        guard let blob else { preconditionFailure("sqlite3_blob_open succeeded without a handle") }
        handle = blob
        count = Int(sqlite3_blob_bytes(blob))
    }

    deinit {
        // Closing a handle only reports an error an earlier read or write has already thrown.
        sqlite3_blob_close(handle)
    }

    /// The whole value, read straight into the returned buffer.
    /// - Throws: `StoreError` (e.g. `SQLITE_ABORT` when the row changed under the handle).
    func readAll() throws -> Data {
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { try read(into: $0) }
        return data
    }

    /// The whole value, read straight into the returned array.
    /// - Throws: `StoreError` (e.g. `SQLITE_ABORT` when the row changed under the handle).
    func readAllBytes() throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try read(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Fills `buffer`, exactly `count` bytes long, with the value.
    private func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        var offset = 0
        while offset < count {
            let length = min(Self.chunk, count - offset)
            try database.check(sqlite3_blob_read(handle, buffer.baseAddress! + offset, Int32(length), Int32(offset)))
            offset += length
        }
    }

    /// Overwrites `bytes.count` bytes of the value from `offset`, which must lie within it:
    /// incremental I/O cannot change a value's length.
    /// - Throws: `StoreError` with SQLite's message.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) throws {
        precondition(offset >= 0 && offset + bytes.count <= count, "a BLOB of \(count) bytes written past its end")
        var written = 0
        while written < bytes.count {
            CrashPoint.reach(.sqlite, database.path)
            let length = min(Self.chunk, bytes.count - written)
            try database.check(
                sqlite3_blob_write(handle, bytes.baseAddress! + written, Int32(length), Int32(offset + written)))
            written += length
        }
    }
}
