import CSQLite
import DataStore
import DurableIO
import Foundation
import TestSupport
import Testing

/// `StoreError.category`: every error a store reports sorted into the kind of failure it is,
/// SQLite's result codes included (primary and extended), so callers need not know them.
@Suite struct StoreErrorCategoryTests {
    static let path = "/tmp/store.sqlite"

    static let cases: [(StoreError, StoreError.Category)] = [
        (.notFound(path: path), .notFound),
        (.noDefaultLocation, .noLocation),
        (.unusableDefaultLocation(variable: "HOME", path: "/nowhere"), .noLocation),
        (.busy(storePath: path, holderPID: 42), .busy),
        (.changedWhileReading(path: path), .busy),
        (.newerLayout(path: path, found: 2, supported: 1), .newerVersion),
        (.notAStore(path: path, reason: "the file is empty"), .invalidData),
        (.backendMismatch(path: path, expected: .sqlite, found: .propertyList), .invalidData),
        (.corrupt(path: path, reason: "a row of unknown kind"), .invalidData),
        (.propertyList(message: "not a dictionary", path: path), .invalidData),
        (.cannotReadWithoutWriting(path: path, reason: "no -shm"), .notWritable),
        (.io(.notFound(path: path, message: "gone")), .notFound),
        (.io(.permissionDenied(path: path, message: "no")), .notWritable),
        (.io(.alreadyExists(path: path, message: "there")), .notWritable),
        (.io(.unsafe(path: path, reason: "a symbolic link")), .notWritable),
        (.io(.noSpace(path: path, message: "full")), .ioFailure),
        (.io(.other(path: path, errno: EIO, message: "I/O error")), .ioFailure),
        (.io(.busy(path: path, holderPID: nil)), .busy),
        (.io(.tooLarge(path: path, limit: 1)), .invalidData),
    ]

    /// SQLite's codes, each as SQLite names it, with an extended code of each family (the C
    /// macros of extended codes do not reach Swift: BUSY_SNAPSHOT, IOERR_FSYNC,
    /// READONLY_DBMOVED, CANTOPEN_ISDIR, CORRUPT_INDEX are spelt out).
    static let sqliteCodes: [(Int32, StoreError.Category)] = [
        (SQLITE_BUSY, .busy), (SQLITE_BUSY | 2 << 8, .busy), (SQLITE_LOCKED, .busy),
        (SQLITE_FULL, .ioFailure), (SQLITE_IOERR, .ioFailure), (SQLITE_IOERR | 4 << 8, .ioFailure),
        (SQLITE_READONLY, .notWritable), (SQLITE_READONLY | 4 << 8, .notWritable), (SQLITE_PERM, .notWritable),
        (SQLITE_AUTH, .notWritable), (SQLITE_CANTOPEN, .notWritable), (SQLITE_CANTOPEN | 2 << 8, .notWritable),
        (SQLITE_CORRUPT, .invalidData), (SQLITE_CORRUPT | 3 << 8, .invalidData), (SQLITE_NOTADB, .invalidData),
        (SQLITE_CONSTRAINT, .unexpected), (SQLITE_MISUSE, .unexpected), (SQLITE_ERROR, .unexpected),
    ]

    @Test func everyCaseHasItsCategory() {
        for (error, category) in Self.cases {
            #expect(error.category == category, "\(error)")
        }
    }

    @Test func sqliteResultCodesAreSortedByTheirPrimaryCode() {
        for (code, category) in Self.sqliteCodes {
            #expect(StoreError.sqlite(code: code, message: "m", path: Self.path).category == category, "code \(code)")
        }
    }

    /// A file of the right size that is no database, as SQLite itself reports it.
    @Test func aFileThatIsNoDatabaseIsInvalidData() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: url)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(url: url, createIfMissing: false) }
        #expect(error.category == .invalidData, "\(error)")
    }

    /// A second connection that cannot begin writing while the first one writes: SQLite's own
    /// busy error, once its busy timeout has passed.
    @Test func aStoreAnotherConnectionIsWritingIsBusy() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("store.sqlite")
        let writer = try SQLiteStore(url: url, createIfMissing: true)
        let other = try SQLiteStore(url: url, createIfMissing: false)
        try writer.inTransaction { transaction in
            try transaction.set(.integer(1), forKey: "a")
            let error = #expect(throws: StoreError.self) { try other.set(.integer(2), forKey: "b") }
            #expect(error?.category == .busy, "\(String(describing: error))")
            return .rollback
        }
        try other.close()
        try writer.close()
    }
}
