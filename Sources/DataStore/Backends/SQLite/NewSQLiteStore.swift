import DurableIO
import Foundation

/// A new SQLite store that takes its name only when its first transaction commits.
///
/// Until then it is built beside its name as `.<name>.tmp-<random>` (mode 0600): a first
/// import that is refused, fails (a full disk) or is killed leaves no store under the name —
/// not even an empty one that `status` would call version 0. Until then its journal is kept in
/// memory, so the first commit writes each page once. After the first commit the temporary
/// database is put in write-ahead-log mode and closed (so its `-wal` and `-shm` go with it),
/// renamed onto the name, the folder synced, and the store reopened there; every later
/// transaction is an ordinary one. A temporary file a killed process left is recognised by
/// its name (`StoreLeftovers`) and removed by the next writer that takes the store's lock.
///
///     let store = try NewSQLiteStore(url: url)      // nothing under url yet
///     try store.transaction { try $0.set(.integer(3), forKey: "data.storeSchemaVersion") }
///     // now url holds the store
public final class NewSQLiteStore: KeyValueStore {
    /// Where the store appears at its first commit.
    public let url: URL
    /// Where it is built until then.
    public let temporaryURL: URL
    /// The open database: under the temporary name until published, then under `url`.
    private(set) var current: SQLiteStore
    /// Whether the first commit has renamed the store onto `url`.
    public private(set) var isPublished = false
    /// Held open (and so locked, see `AtomicFileWriter.createTemporaryFile`) until the
    /// temporary file is renamed or removed, and closed only after SQLite's connection:
    /// closing any descriptor of a file drops the POSIX locks SQLite holds on it.
    private var temporaryFile: FileDescriptor?

    /// The store's final path, for messages.
    public var location: String { url.path }

    /// Creates the temporary database beside `url`.
    /// - Parameter url: the final path; its folder must exist and nothing may be there but
    ///   an empty file.
    /// - Throws: `StoreError.io` when the temporary file cannot be created; SQLite's errors.
    public init(url: URL) throws {
        let url = url.standardizedFileURL
        self.url = url
        let file = try StoreError.wrappingIO {
            try AtomicFileWriter.createTemporaryFile(beside: url, readable: true, permissions: 0o600)
        }
        temporaryURL = URL(fileURLWithPath: file.path)
        temporaryFile = consume file
        do {
            // No other connection opens the temporary database, and one a crash leaves is
            // removed, so its journal needs no file: the first commit writes each page once,
            // into the file, where the write-ahead log would take it twice (into the log,
            // then into the file at the checkpoint before the rename).
            current = try SQLiteStore(url: temporaryURL, access: .readWrite, createIfMissing: true, journal: .memory)
        } catch {
            Self.remove(temporaryURL)
            temporaryFile = nil
            throw Self.reported(error, temporary: temporaryURL, final: url)
        }
    }

    deinit {
        discard()
    }

    public func value(forKey key: String) throws -> StoreValue? {
        try current.value(forKey: key)
    }

    public func keys() throws -> [String] {
        try current.keys()
    }

    /// Runs one transaction; the first one to commit also gives the store its name (one that
    /// rolls back leaves nothing under it).
    /// - Throws: whatever `body` throws, or the store's errors (naming the final path); when
    ///   the first commit cannot be published, nothing is left under the name.
    public func inTransaction<Value>(_ body: (any StoreTransaction) throws -> TransactionCompletion<Value>) throws
        -> Value
    {
        do {
            var commits = false
            let value = try current.inTransaction { transaction in
                let completion = try body(transaction)
                commits = completion.commits
                return completion
            }
            if commits && !isPublished { try publish() }
            return value
        } catch {
            throw Self.reported(error, temporary: temporaryURL, final: url)
        }
    }

    /// Closes the store: a published one as any store, an unpublished one by removing its
    /// temporary files. Safe to call more than once.
    /// - Throws: `StoreError` when a published store's checkpoint or close fails.
    public func close() throws {
        guard isPublished else { return discard() }
        try current.close()
    }

    /// Removes the temporary database and its companions, unless the store was published.
    public func discard() {
        guard !isPublished else { return }
        try? current.close()
        Self.remove(temporaryURL)
        temporaryFile = nil
    }

    private func publish() throws {
        // In write-ahead-log mode, as every store, then closed: the temporary file alone holds
        // every committed value, and SQLite has removed its -wal and -shm, so nothing is left
        // under the temporary name's companions for a connection under the final name to miss.
        try current.enableWriteAheadLog()
        try current.close()
        try StoreError.wrappingIO {
            try Directory.rename(temporaryURL, to: url)
            isPublished = true
            try temporaryFile.take()?.close()
            try Directory.sync(at: url.deletingLastPathComponent())
        }
        current = try SQLiteStore(url: url, createIfMissing: false)
    }

    private static func remove(_ temporary: URL) {
        for suffix in [""] + StoreLeftovers.companionSuffixes {
            try? Directory.removeFile(at: URL(fileURLWithPath: temporary.path + suffix))
        }
    }

    /// Errors about the temporary file, reported against the store's name, which is what
    /// the user gave and knows.
    private static func reported(_ error: any Error, temporary: URL, final: URL) -> any Error {
        (error as? StoreError)?.replacingPath(temporary.path, with: final.path) ?? error
    }
}
