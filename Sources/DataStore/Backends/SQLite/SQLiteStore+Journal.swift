import CSQLite
import Foundation

extension SQLiteStore {
    /// Where a read-write connection keeps the pages a transaction changes.
    enum Journal: String {
        /// The store's mode (design §3): readers go on while a writer commits, and a commit
        /// appends to `-wal`, copied into the main file at the checkpoint.
        case writeAheadLog = "wal"
        /// In memory: a commit writes each page once, into the main file. Only for a database
        /// no other connection opens and a crash may leave half-written, because it is
        /// thrown away then — `NewSQLiteStore`'s temporary one.
        case memory
    }

    /// Puts the store in write-ahead-log mode, which lasts in the file: every later
    /// connection opens it so.
    /// - Throws: `StoreError` when SQLite cannot change the mode (a transaction is open).
    func enableWriteAheadLog() throws {
        let mode = try database.prepare("PRAGMA journal_mode = \(Journal.writeAheadLog.rawValue)").texts()
        guard mode == [Journal.writeAheadLog.rawValue] else {
            throw StoreError.sqlite(
                code: SQLITE_ERROR, message: "the journal mode stayed \(mode.joined())", path: location)
        }
    }
}
