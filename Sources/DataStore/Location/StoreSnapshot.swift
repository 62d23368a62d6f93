import Foundation

/// A store opened only to read it (design §8: commands that read a store never write it):
/// nothing is written to it or created beside it — no lock file, no `-wal` or `-shm` — so
/// it opens for a user who may read the store but not write it or its folder, and every
/// value comes from one state of the store while another process writes it.
///
/// An SQLite store is read in one read transaction (or, when no connection has it open,
/// `immutable=1` and checked afterwards: `verifyConsistentRead()`); a property list is read
/// whole when it opens, and replaced only by renames, so it is one state by construction.
///
///     let snapshot = try StoreOpener.openForReading(at: url)
///     let domains = try snapshot.data(forKey: "trackedDomains")
///     try snapshot.verifyConsistentRead()   // before anything read is kept
///     try snapshot.close()
public final class StoreSnapshot: StoreReading {
    /// The store file.
    public let url: URL
    /// The format it is in.
    public var backend: StoreBackend {
        switch store {
        case .sqlite: .sqlite
        case .propertyList: .propertyList
        }
    }
    private let store: Store

    /// The store read, by backend: what checking and ending the read mean differs.
    private enum Store {
        /// Read in one read transaction, or `immutable=1` and checked afterwards.
        case sqlite(SQLiteStore)
        /// Read whole when it opened: one state by construction, nothing to end.
        case propertyList(PropertyListStore)
    }

    private var reader: any StoreReading {
        switch store {
        case .sqlite(let store): store
        case .propertyList(let store): store
        }
    }

    init(url: URL, sqlite: SQLiteStore) {
        self.url = url
        store = .sqlite(sqlite)
    }

    init(url: URL, propertyList: PropertyListStore) {
        self.url = url
        store = .propertyList(propertyList)
    }

    /// The store file's path.
    public var location: String { reader.location }

    public func value(forKey key: String) throws -> StoreValue? {
        try reader.value(forKey: key)
    }

    public func dataBytes(forKey key: String) throws -> [UInt8]? {
        try reader.dataBytes(forKey: key)
    }

    public func keys() throws -> [String] {
        try reader.keys()
    }

    /// Confirms that everything read so far came from one state of the store; call it after
    /// the last read and before keeping anything made from what was read.
    /// - Throws: `StoreError.changedWhileReading` when another process wrote the file meanwhile.
    public func verifyConsistentRead() throws {
        if case .sqlite(let store) = store { try store.verifyConsistentRead() }
    }

    /// Ends the read. Safe to call more than once; dropping the snapshot closes it too.
    /// - Throws: `StoreError` when SQLite reports an error closing.
    public func close() throws {
        if case .sqlite(let store) = store { try store.close() }
    }
}
