import DurableIO
import Foundation

/// Why a store could not be opened, read or written: the one error type of DataStore.
///
/// Each message names the store and says what to do. Each error has a `category` — the kind
/// of failure, SQLite's result codes sorted here — which callers map to exit codes.
public enum StoreError: Error, Equatable, Sendable {
    /// No store exists at the path, and the operation does not create one.
    case notFound(path: String)
    /// The file exists but is not a DomainDig store; it was left unchanged.
    case notAStore(path: String, reason: String)
    /// The file's name promises one backend and its content is the other.
    case backendMismatch(path: String, expected: StoreBackend, found: StoreBackend)
    /// The store's table layout is newer than this build understands; it was left unchanged.
    case newerLayout(path: String, found: Int, supported: Int)
    /// The store is recognisably ours but damaged.
    case corrupt(path: String, reason: String)
    /// SQLite reported an error, with its result code and message.
    case sqlite(code: Int32, message: String, path: String)
    /// A property list could not be read or written.
    case propertyList(message: String, path: String)
    /// Neither `--store`, `$DOMAINDIG_STORE`, `$XDG_DATA_HOME` nor `$HOME` gives a location.
    case noDefaultLocation
    /// The default location would lie in a home that does not exist: `variable` names the
    /// folder `path`, which is missing (backupctl never creates a home folder).
    case unusableDefaultLocation(variable: String, path: String)
    /// Another process holds the store's writer lock.
    case busy(storePath: String, holderPID: Int32?)
    /// A file operation failed.
    case io(FileIOError)

    /// The store could be read only by writing beside it (SQLite's `-shm` index), where the
    /// user may not write; `reason` says what is missing.
    case cannotReadWithoutWriting(path: String, reason: String)
    /// Another process wrote the store while it was read without a lock, so what was read
    /// may mix two states; nothing made from it was kept.
    case changedWhileReading(path: String)

    /// Runs `body`, reporting a `FileIOError` as `.io` (DataStore's callers see one error
    /// type); any other error passes through unchanged.
    @discardableResult
    static func wrappingIO<T: ~Copyable>(_ body: () throws -> T) rethrows -> T {
        do { return try body() } catch let error as FileIOError { throw StoreError.io(error) }
    }
}

extension StoreError: CustomStringConvertible {
    /// A sentence for the user: what went wrong, with the path, and what to do.
    public var description: String {
        switch self {
        case .notFound(let path):
            "No DomainDig store exists at \(path). Check the path given with --store "
                + "or $DOMAINDIG_STORE; an import creates a new store."
        case .notAStore(let path, let reason):
            "\(path) is not a DomainDig store: \(reason). It was left unchanged; pass the store's path with --store."
        case .backendMismatch(let path, let expected, let found):
            "\(path) is named like \(expected.article) but holds \(found.article). "
                + "Rename it with the extension .\(found.preferredPathExtension) so its content "
                + "and name agree; it was left unchanged."
        case .newerLayout(let path, let found, let supported):
            "The store \(path) uses table layout \(found), newer than layout \(supported) "
                + "this backupctl understands. Upgrade backupctl; the store was left unchanged."
        case .corrupt(let path, let reason):
            "The store \(path) is damaged: \(reason). Restore it from a backup "
                + "(backupctl import), or check it with sqlite3's PRAGMA integrity_check."
        case .sqlite(let code, let message, let path):
            "SQLite failed on the store \(path): \(message) (code \(code)). "
                + Self.hint(forSQLiteCode: code)
        case .propertyList(let message, let path):
            "The property list \(path) could not be processed: \(message). Check that it "
                + "is a UserDefaults .plist file (XML or binary) whose top level is a dictionary."
        case .noDefaultLocation:
            "No store location is configured: neither $HOME nor $XDG_DATA_HOME is set. "
                + "Pass --store PATH or set $DOMAINDIG_STORE."
        case .unusableDefaultLocation(let variable, let path):
            "No usable store location: $\(variable) names \(path), which is not an existing folder, "
                + "and backupctl never creates a home folder."
        case .busy(let storePath, let holderPID):
            "The store \(storePath) is in use by \(holderPID.map { "process \($0)" } ?? "another process"). "
                + "Wait for it to finish, then try again."
        case .io(let error): error.description
        case .cannotReadWithoutWriting(let path, let reason):
            "The store \(path) cannot be read without writing beside it: \(reason). Open it once "
                + "as its owner (backupctl status does), or copy it together with its -wal file to a folder "
                + "you may write."
        case .changedWhileReading(let path):
            "The store \(path) was written by another process while it was being read, so nothing "
                + "was kept. Try again; a store the app keeps open is read under SQLite's locking instead."
        }
    }

    private static func hint(forSQLiteCode code: Int32) -> String {
        switch code & 0xFF {
        case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
            return "Another program is using the store; try again when it has finished."
        case 8, 23, 3: // SQLITE_READONLY, SQLITE_AUTH, SQLITE_PERM
            return "Check that you may write to the store file and its folder."
        case 14: // SQLITE_CANTOPEN
            return "Check that the file and its folder exist and that you may open them."
        case 10: // SQLITE_IOERR
            return "Check the disk for errors and free space, then try again."
        default:
            return "If it persists, restore the store from a backup."
        }
    }
}
