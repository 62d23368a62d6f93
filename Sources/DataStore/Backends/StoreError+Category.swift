import CSQLite
import DurableIO

extension StoreError {
    /// What kind of failure a `StoreError` is, for a caller that maps failures to outcomes —
    /// the command line's exit codes (design §7) — without knowing any backend's own codes.
    public enum Category: Sendable, Equatable {
        /// No store where one must be (66).
        case notFound
        /// No location for the store can be worked out: it must be given (64).
        case noLocation
        /// Another process holds the store, or wrote it while it was read: try again later (75).
        case busy
        /// The store comes from a newer build (76).
        case newerVersion
        /// The file is not a DomainDig store, or a damaged one, or holds what cannot be read (65).
        case invalidData
        /// The store, or the folder beside it, cannot be opened or written by this user (73).
        case notWritable
        /// The disk is full or failing (74).
        case ioFailure
        /// Anything else a backend reported (1).
        case unexpected
    }

    /// The kind of failure. SQLite's result codes are sorted here, where SQLite is known, by
    /// their primary code (the low byte of an extended one); a file error by its kind.
    public var category: Category {
        switch self {
        case .notFound: .notFound
        case .noDefaultLocation, .unusableDefaultLocation: .noLocation
        case .busy, .changedWhileReading: .busy
        case .newerLayout: .newerVersion
        case .notAStore, .backendMismatch, .corrupt, .propertyList: .invalidData
        case .cannotReadWithoutWriting: .notWritable
        case .sqlite(let code, _, _): Self.category(ofSQLiteCode: code)
        case .io(let error): Self.category(of: error)
        }
    }

    private static func category(ofSQLiteCode code: Int32) -> Category {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_FULL, SQLITE_IOERR: .ioFailure
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH, SQLITE_CANTOPEN: .notWritable
        case SQLITE_CORRUPT, SQLITE_NOTADB: .invalidData
        default: .unexpected
        }
    }

    private static func category(of error: FileIOError) -> Category {
        switch error {
        case .notFound: .notFound
        case .permissionDenied, .alreadyExists, .unsafe: .notWritable
        case .noSpace, .other: .ioFailure
        case .busy: .busy
        case .tooLarge: .invalidData
        }
    }
}
