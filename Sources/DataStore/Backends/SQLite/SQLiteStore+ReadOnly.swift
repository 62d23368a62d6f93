import CSQLite
import DurableIO
import Foundation

/// Reading a store without writing it or creating anything beside it (design §8): for
/// `export`, `backup` and `status`, and for a user who may read the store but not write it.
extension SQLiteStore {
    /// How the connection treats the file.
    enum Access: Equatable {
        /// Reads and writes (import, migrate, sample).
        case readWrite
        /// Reads only, through SQLite's own locking: for a store whose `-wal` exists, i.e.
        /// one that a writer has open (or left after a crash). Nothing is checkpointed.
        case readOnly
        /// Reads only, with SQLite told that nothing changes the file (`immutable=1`): no
        /// lock, no `-wal` or `-shm` created, which a folder the reader may not write needs.
        /// `verifyConsistentRead()` checks afterwards that the file did not change: its
        /// status (identity, size, times) equal before and after a read exactly when no one
        /// wrote the file in between (a checkpoint changes its modification time).
        case immutable(FileStatus)
    }

    /// Opens an existing store only to read it, writing nothing and creating nothing beside
    /// it — so it works for a user who may read the store but not write it or its folder.
    ///
    /// Every read sees one state of the store, as if taken at the first read: the connection
    /// holds one read transaction until `close()`. A store some connection has open (its
    /// `-wal` exists) is read through SQLite's locking (`mode=ro`); any other is opened
    /// `immutable=1`, which creates no `-wal` or `-shm`, and `verifyConsistentRead()` then
    /// tells whether someone wrote the file meanwhile.
    /// - Parameter url: the database file.
    /// - Throws: as `init(url:createIfMissing:)`; `.cannotReadWithoutWriting` when SQLite
    ///   cannot open the store because it would need to create the `-shm` index beside a
    ///   `-wal`, in a folder the user may not write.
    public convenience init(readingOnly url: URL) throws {
        let path = url.standardizedFileURL.path
        guard FileStatus.exists(atPath: path) else { throw StoreError.notFound(path: path) }
        if FileStatus.exists(atPath: path + "-wal") {
            try self.init(url: url, access: .readOnly, createIfMissing: false)
        } else {
            guard let state = try? FileStatus(path: path) else { throw StoreError.notFound(path: path) }
            try self.init(url: url, access: .immutable(state), createIfMissing: false)
        }
    }

    /// The `file:` URI SQLite opens `path` by, with `query`: the path percent-encoded except
    /// for unreserved characters and `/`, so `?`, `#` and `%` in a name mean themselves.
    static func uri(_ path: String, query: String) -> String {
        var encoded = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded + "?" + query
    }

    /// Confirms that everything read since the store was opened came from one state of it.
    ///
    /// A store opened `immutable=1` is not locked, so a writer that opened it meanwhile and
    /// checkpointed into the main file would have changed pages under the reader: the file's
    /// identity, size and times are compared with those taken before it was opened. (Writes
    /// that only reached the writer's `-wal` do not change the main file: the read saw the
    /// state before them, which is consistent.) Other stores are read under SQLite's locking,
    /// which guarantees it.
    /// - Throws: `StoreError.changedWhileReading`; nothing read may then be trusted.
    public func verifyConsistentRead() throws {
        guard case .immutable(let before) = access else { return }
        guard (try? FileStatus(path: location)) == before else { throw StoreError.changedWhileReading(path: location) }
    }
}
