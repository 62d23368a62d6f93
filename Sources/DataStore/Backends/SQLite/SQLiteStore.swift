import CSQLite
import DurableIO
import Foundation

/// The default store: an SQLite database with one row per key.
///
/// The file is recognisable (`PRAGMA application_id` 0x44446742, "DDgB") and versioned
/// (`PRAGMA user_version` is the table layout); a file that is not ours is refused and never
/// modified. It runs in WAL mode, every write happens in a `BEGIN IMMEDIATE` transaction, and
/// the file and its `-wal`/`-shm` companions have mode 0600. Closing checkpoints the WAL, so
/// afterwards the main file alone holds every committed value.
///
/// Table layout 1: `entries(key TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, value BLOB)`;
/// `kind` is a `StoreValue.Kind` name. Data is a BLOB, strings TEXT, integers and booleans
/// INTEGER, doubles REAL, dates REAL seconds since 2001-01-01 UTC (Foundation's reference
/// date, so they round-trip exactly), arrays and dictionaries a BLOB holding a binary
/// property list. BLOBs (data, arrays and dictionaries) of a megabyte or more are written and
/// read incrementally (`SQLiteBlob`), so the lookup history's one large value is never in
/// memory twice.
///
///     let store = try SQLiteStore(url: url, createIfMissing: true)
///     try store.set(.data(json), forKey: "lookupHistory")
///     try store.close()
public final class SQLiteStore: KeyValueStore {
    /// The `application_id` that marks a DomainDig store: "DDgB".
    public static let applicationID: Int32 = 0x4444_6742
    /// The table layout this build reads and writes (`user_version`).
    public static let layoutVersion = 1
    /// BLOBs from this size on are read and written incrementally (`SQLiteBlob`), so a large
    /// value is never in memory twice.
    static let incrementalBlobThreshold = 1 << 20
    private static let blobKinds: Set<StoreValue.Kind> = [.data, .array, .dictionary]

    public let url: URL
    let database: SQLiteDatabase
    private var statements: Statements?
    private var isInTransaction = false

    struct Statements {
        let select: SQLiteStatement
        let upsert: SQLiteStatement
        /// Makes room for a large BLOB, which `SQLiteBlob` then fills.
        let upsertZeroBlob: SQLiteStatement
        let rowID: SQLiteStatement
        let delete: SQLiteStatement
        let keys: SQLiteStatement
    }

    public var location: String { url.path }

    let access: Access

    /// Opens the store at `url`.
    /// - Parameters:
    ///   - url: the database file.
    ///   - createIfMissing: when true, a missing file is created with mode 0600 (its folder
    ///     must exist) and a blank database gets the store's table; when false, only an
    ///     existing DomainDig store opens.
    /// - Throws: `StoreError.notFound` for a missing file not created; `.notAStore` for an
    ///   SQLite file of another application (left unchanged); `.newerLayout` for a store from
    ///   a newer build; `.corrupt`, `.sqlite` or `.io` otherwise.
    public convenience init(url: URL, createIfMissing: Bool) throws {
        try self.init(url: url, access: .readWrite, createIfMissing: createIfMissing)
    }

    /// - Parameter journal: `.writeAheadLog` for every store but one no other connection
    ///   may open yet (`NewSQLiteStore`'s temporary database).
    init(url: URL, access: Access, createIfMissing: Bool, journal: Journal = .writeAheadLog) throws {
        self.url = url.standardizedFileURL
        self.access = access
        let path = self.url.path
        if createIfMissing {
            try Self.createFileIfMissing(at: path)
        } else if !FileStatus.exists(atPath: path) {
            throw StoreError.notFound(path: path)
        }
        switch access {
        case .readWrite:
            // No SQLITE_OPEN_CREATE: the file exists, with the mode chosen above.
            database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        case .readOnly, .immutable:
            do {
                database = try SQLiteDatabase(
                    path: Self.uri(path, query: access == .readOnly ? "mode=ro" : "immutable=1"),
                    flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, reportedPath: path)
            } catch StoreError.sqlite(let code, _, _)
                where access == .readOnly && code & 0xFF == SQLITE_CANTOPEN
                && !FileStatus.exists(atPath: path + "-shm")
            {
                throw StoreError.cannotReadWithoutWriting(
                    path: path,
                    reason: "its write-ahead log \(path)-wal holds changes, and SQLite must create the index "
                        + "\(path)-shm to read them, in a folder you may not write")
            }
        }
        // Concurrent readers hold brief locks; writers are serialized by StoreLock.
        try database.check(sqlite3_busy_timeout(database.liveHandle, 2_000))
        if access == .readWrite {
            try openLayout(creatingIfBlank: createIfMissing)
            try database.execute("PRAGMA journal_mode = \(journal.rawValue); PRAGMA synchronous = FULL;")
        } else {
            // One read transaction from the first read to `close()`: every value comes from one
            // state of the store, whatever another process commits meanwhile.
            try database.execute("BEGIN DEFERRED")
            try openLayout(creatingIfBlank: false)
        }
        statements = Statements(
            // typeof() and length() do not read a value's overflow pages: a large BLOB comes
            // back as NULL here and is read incrementally from its row.
            select: try database.prepare(
                """
                SELECT kind, rowid, typeof(value),
                       CASE WHEN typeof(value) = 'blob' AND length(value) >= ?2 THEN NULL ELSE value END
                FROM entries WHERE key = ?1
                """),
            upsert: try database.prepare(
                """
                INSERT INTO entries (key, kind, value) VALUES (?1, ?2, ?3)
                ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, value = excluded.value
                """),
            upsertZeroBlob: try database.prepare(
                """
                INSERT INTO entries (key, kind, value) VALUES (?1, ?2, zeroblob(?3))
                ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, value = excluded.value
                """),
            // Not RETURNING (SQLite 3.35): the store opens with older SQLite too.
            rowID: try database.prepare("SELECT rowid FROM entries WHERE key = ?1"),
            delete: try database.prepare("DELETE FROM entries WHERE key = ?1"),
            keys: try database.prepare("SELECT key FROM entries"))
    }

    deinit {
        try? close()
    }

    /// - Throws: `StoreError.corrupt` when the row does not match its kind; `.sqlite`.
    public func value(forKey key: String) throws -> StoreValue? {
        try row(key, { $0 }, largeData: { .data(try $0.readAll()) })
    }

    /// The bytes of the data value under `key`; a large one is read from its BLOB straight
    /// into the array, so it is never in memory twice.
    /// - Throws: `StoreError.corrupt` when the row does not match its kind; `.sqlite`.
    public func dataBytes(forKey key: String) throws -> [UInt8]? {
        try row(key, { $0.dataBytes }, largeData: { try $0.readAllBytes() }) ?? nil
    }

    /// Reads `key`'s row, nil when there is none: a large data value through `largeData`,
    /// every other value through `decodeValue` and then `convert`.
    private func row<Value>(
        _ key: String, _ convert: (StoreValue) -> Value, largeData: (SQLiteBlob) throws -> Value
    ) throws -> Value? {
        let select = liveStatements.select
        return try select.use { statement in
            try statement.bind(key, at: 1)
            try statement.bind(Int64(Self.incrementalBlobThreshold), at: 2)
            guard try statement.step() else { return nil }
            let kind = statement.text(at: 0)
            guard statement.columnType(at: 3) == SQLITE_NULL, statement.text(at: 2) == "blob" else {
                return convert(try decodeValue(kind: kind, from: statement, column: 3, key: key))
            }
            guard let parsed = StoreValue.Kind(rawValue: kind), Self.blobKinds.contains(parsed) else {
                // A damaged row: report it (its kind is not stored as a BLOB) without reading it.
                return convert(try decodeValue(kind: kind, from: statement, column: 3, key: key, largeBlob: Data()))
            }
            // Read while the statement is still stepped, so the row is read in the same
            // snapshot that found it.
            let blob = try SQLiteBlob(
                database: database, table: "entries", column: "value",
                rowID: statement.int64(at: 1), writable: false)
            if parsed == .data { return try largeData(blob) }
            return convert(try decodeValue(kind: kind, from: statement, column: 3, key: key, largeBlob: blob.readAll()))
        }
    }

    /// Every key, sorted as Swift sorts strings (the same order as the other backends).
    /// - Throws: `StoreError.sqlite`.
    public func keys() throws -> [String] {
        try liveStatements.keys.texts().sorted()
    }

    /// Runs `body` after `BEGIN IMMEDIATE`, then `COMMIT` or `ROLLBACK` as it returns; rolls
    /// back when it throws.
    /// - Throws: whatever `body` throws, after the rollback; `StoreError` when the
    ///   transaction cannot begin, commit or roll back (the store is then unchanged).
    public func inTransaction<Value>(_ body: (any StoreTransaction) throws -> TransactionCompletion<Value>) throws
        -> Value
    {
        precondition(access == .readWrite, "a store opened for reading only was written to")
        precondition(!isInTransaction, "store transactions do not nest")
        isInTransaction = true
        defer { isInTransaction = false }
        try database.execute("BEGIN IMMEDIATE")
        let transaction = SQLiteStoreTransaction(store: self)
        defer { transaction.end() }
        do {
            let completion = try body(transaction)
            try database.execute(completion.commits ? "COMMIT" : "ROLLBACK")
            return completion.value
        } catch {
            // A failed COMMIT may already have rolled back; a second ROLLBACK would fail.
            if database.isInTransaction { try? database.execute("ROLLBACK") }
            throw error
        }
    }

    /// Copies every committed transaction from the WAL into the main file and empties the WAL.
    /// - Throws: `StoreError.sqlite` (e.g. busy while another process reads).
    public func checkpoint() throws {
        CrashPoint.reach(.sqlite, location)
        try database.check(sqlite3_wal_checkpoint_v2(database.liveHandle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil))
    }

    /// Checkpoints and closes the store. The store cannot be used afterwards; closing again
    /// does nothing. Dropping the store closes it too, without reporting errors.
    /// - Throws: `StoreError` when the checkpoint or the close fails.
    public func close() throws {
        guard database.handle != nil else { return }
        precondition(!isInTransaction, "a store was closed inside its own transaction")
        guard access == .readWrite else {
            // Ends the read transaction; a read-only connection never checkpoints.
            statements = nil
            if database.isInTransaction { try? database.execute("COMMIT") }
            try database.close()
            return
        }
        var checkpointError: (any Error)?
        // A store whose opening failed (e.g. a foreign file) has no statements: leave it alone.
        do {
            if statements != nil { try checkpoint() }
        } catch StoreError.sqlite(let code, _, _) where code & 0xFF == SQLITE_BUSY {
            // Another process is reading: the committed data is safe in the WAL, and the
            // last connection to close checkpoints it.
        } catch {
            checkpointError = error
        }
        statements = nil
        try database.close()
        if let checkpointError { throw checkpointError }
    }

    var liveStatements: Statements {
        guard let statements else { preconditionFailure("SQLiteStore at \(location) used after close") }
        return statements
    }

    /// Creates the file with mode 0600 before SQLite sees it, since SQLite would create it
    /// with 0644 and gives its -wal and -shm files the main file's mode.
    private static func createFileIfMissing(at path: String) throws {
        try StoreError.wrappingIO {
            do {
                try FileDescriptor.create(path, permissions: 0o600).close()
            } catch FileIOError.alreadyExists {}
        }
    }
}
