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
///     let domains = try snapshot.dataBytes(forKey: "trackedDomains")
///     try snapshot.verifyConsistentRead()   // before anything read is kept
///     try snapshot.close()
public final class StoreSnapshot: StoreReading {
    private let reader: any StoreReading
    /// The store when it is SQLite, the one backend whose read is checked and ended: a
    /// property list was read whole when it opened, one state by construction.
    private let sqlite: SQLiteStore?

    init(sqlite: SQLiteStore) {
        reader = sqlite
        self.sqlite = sqlite
    }

    init(propertyList: PropertyListStore) {
        reader = propertyList
        sqlite = nil
    }

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

    /// The backend's own measure: SQLite's reads no value (the protocol's default would).
    public func byteCount(forKey key: String) throws -> Int? {
        try reader.byteCount(forKey: key)
    }

    /// Confirms that everything read so far came from one state of the store; call it after
    /// the last read and before keeping anything made from what was read.
    /// - Throws: `StoreError.changedWhileReading` when another process wrote the file meanwhile.
    public func verifyConsistentRead() throws {
        try sqlite?.verifyConsistentRead()
    }

    /// Ends the read. Safe to call more than once; dropping the snapshot closes it too.
    /// - Throws: `StoreError` when SQLite reports an error closing.
    public func close() throws {
        try sqlite?.close()
    }
}
