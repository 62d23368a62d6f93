import CSQLite
import DurableIO
import Foundation

extension SQLiteStore: StoreFileCopying {
    public var backend: StoreBackend { .sqlite }

    /// Copies the database page by page with SQLite's online backup API, from a read-only
    /// connection of its own: the store's connection may hold a write transaction (an import
    /// takes the copy inside its own), which SQLite does not back up from. That connection's
    /// read transaction sees the last committed state, and no one can commit while this
    /// store's transaction is open, so the copy is that state. The copy is a complete store —
    /// it opens like any other, and keeps its write-ahead-log mode and `application_id`.
    public func writeCopy(to url: URL) throws {
        let file = try StoreError.wrappingIO { try AtomicFileWriter(destination: url) }
        let source = try SQLiteDatabase(path: location, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
        try source.check(sqlite3_busy_timeout(source.liveHandle, 2_000))
        let destination = try SQLiteDatabase(
            path: file.temporaryURL.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        // The copy's own journal would only guard a file that is thrown away if this fails.
        try destination.execute("PRAGMA journal_mode = MEMORY")
        guard let backup = sqlite3_backup_init(destination.liveHandle, "main", source.liveHandle, "main") else {
            // The reason is the destination connection's error.
            try destination.check(sqlite3_errcode(destination.liveHandle))
            throw StoreError.sqlite(code: SQLITE_ERROR, message: "the backup could not start", path: location)
        }
        // One step copies every page; `finish` releases the backup whatever the step returned,
        // and reports its error, which the step's result says more precisely.
        let step = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE else {
            try destination.check(step == SQLITE_OK ? SQLITE_ERROR : step)
            throw StoreError.sqlite(code: step, message: "the backup stopped early", path: location)
        }
        try destination.check(finished)
        try destination.close()
        try source.close()
        try StoreError.wrappingIO { try file.commit() }
    }
}
