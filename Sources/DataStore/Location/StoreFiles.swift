import DurableIO
import Foundation

/// The files that make up a store at a path — the file itself, SQLite's write-ahead log,
/// shared-memory index and rollback journal, and backupctl's lock file — so an output can be
/// checked against all of them (design §8: an output is never the store or one of its files).
public enum StoreFiles {
    /// One of a store's files.
    public struct File: Sendable, Equatable {
        public var url: URL
        /// What it is, for messages: "the store", "the store's write-ahead log"…
        public var role: String

        public init(url: URL, role: String) {
            self.url = url
            self.role = role
        }
    }

    /// How the name of every safety snapshot of the store named `storeName` starts, the time
    /// and extension following: `<store>.before-import-`.
    public static func snapshotNamePrefix(forStoreNamed storeName: String) -> String {
        "\(storeName).before-import-"
    }

    /// Every file of the store at `store` (symbolic links resolved), whether it exists yet or not.
    public static func all(of store: URL) -> [File] {
        let resolved = FileIdentity.resolvingSymlinks(store)
        let path = resolved.path
        return [
            File(url: resolved, role: "the store"),
            File(url: URL(fileURLWithPath: path + "-wal"), role: "the store's write-ahead log"),
            File(url: URL(fileURLWithPath: path + "-shm"), role: "the store's shared-memory index"),
            File(url: URL(fileURLWithPath: path + "-journal"), role: "the store's rollback journal"),
            File(url: StoreLock.lockURL(forStoreAt: resolved), role: "the store's lock file"),
        ]
    }
}
