import CSQLite
import Foundation
import TestSupport
import Testing

@testable import DataStore

@Suite struct SQLiteBlobTests {
    /// A scratch database with one row (rowid 1) holding `count` zero bytes.
    private func databaseWithZeroBlob(of count: Int, in folder: TemporaryDirectory) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(
            path: folder.file("scratch.sqlite").path,
            flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try database.execute("CREATE TABLE t (value BLOB); INSERT INTO t (rowid, value) VALUES (1, zeroblob(\(count)))")
        return database
    }

    /// Bytes that never repeat: each 4-byte word is its own index, so a chunk read or written
    /// at the wrong offset shows.
    private func pattern(count: Int) -> Data {
        let words = (0..<(count + 3) / 4).map { UInt32(truncatingIfNeeded: $0) }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }

    @Test func writesAndReadsAValueLargerThanOneChunk() throws {
        let folder = try TemporaryDirectory()
        let count = (8 << 20) + 4099
        let database = try databaseWithZeroBlob(of: count, in: folder)
        let bytes = pattern(count: count)
        try database.execute("BEGIN IMMEDIATE")
        do {
            let blob = try SQLiteBlob(database: database, table: "t", column: "value", rowID: 1, writable: true)
            #expect(blob.count == count)
            try bytes.withUnsafeBytes { try blob.write($0) }
        }
        try database.execute("COMMIT")

        let reader = try SQLiteBlob(database: database, table: "t", column: "value", rowID: 1, writable: false)
        #expect(try reader.readAll() == bytes)
        // The same bytes through SQL, a path that does not go through the handle.
        let statement = try database.prepare("SELECT value FROM t WHERE rowid = 1")
        let stored = try statement.use { statement -> Data? in
            try statement.step() ? statement.blob(at: 0) : nil
        }
        #expect(stored == bytes)
    }

    @Test func anEmptyValueReadsAsEmpty() throws {
        let folder = try TemporaryDirectory()
        let database = try databaseWithZeroBlob(of: 0, in: folder)
        let blob = try SQLiteBlob(database: database, table: "t", column: "value", rowID: 1, writable: false)
        #expect(try blob.readAll() == Data())
    }

    @Test func openingAMissingRowThrowsSQLitesMessage() throws {
        let folder = try TemporaryDirectory()
        let database = try databaseWithZeroBlob(of: 16, in: folder)
        let error = #expect(throws: StoreError.self) {
            try SQLiteBlob(database: database, table: "t", column: "value", rowID: 99, writable: false)
        }
        guard case .sqlite(_, let message, _)? = error else {
            Issue.record("expected an sqlite error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("no such rowid: 99"))
    }

    @Test func aRowChangedUnderTheHandleIsReportedNotMisread() throws {
        let folder = try TemporaryDirectory()
        let database = try databaseWithZeroBlob(of: 4096, in: folder)
        let blob = try SQLiteBlob(database: database, table: "t", column: "value", rowID: 1, writable: false)
        try database.execute("UPDATE t SET value = zeroblob(10) WHERE rowid = 1")
        let error = #expect(throws: StoreError.self) { try blob.readAll() }
        guard case .sqlite(let code, _, _)? = error else {
            Issue.record("expected an sqlite error, got \(String(describing: error))")
            return
        }
        #expect(code & 0xFF == SQLITE_ABORT)
    }
}
