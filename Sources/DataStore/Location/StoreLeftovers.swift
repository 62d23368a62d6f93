import DurableIO
import Foundation

/// Temporary files a killed writer left beside a store: `.<name>.tmp-<16 hex digits>` — a
/// property list's rewrite (a full copy of the store) or a new SQLite store before its first
/// commit — and such a database's `-wal`, `-shm` and `-journal`; and a safety snapshot's,
/// `.<name>.before-import-<time>.<extension>.tmp-<16 hex digits>`, which an import killed while
/// copying the store left.
///
/// Only a writer holding the store's lock removes them (`LockedStore` does when it opens the
/// store): a temporary file is never in use then, since only a lock holder writes one.
/// Readers, which take no lock, only report them (`status`).
public enum StoreLeftovers {
    /// SQLite's companion files of a database, by the suffix of their name.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// The leftovers beside the store at `store`, sorted by name.
    /// - Parameter store: the store's path (symbolic links resolved).
    /// - Returns: nothing when the folder cannot be listed (it is then no one's to clean).
    public static func find(beside store: URL) -> [URL] {
        let folder = store.deletingLastPathComponent()
        let name = store.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { candidate in
            let suffix = companionSuffixes.first { candidate.hasSuffix($0) } ?? ""
            let base = String(candidate.dropLast(suffix.count))
            return AtomicFileWriter.isTemporaryFileName(base, for: name)
                || AtomicFileWriter.isTemporaryFileName(
                    base, forNamesStartingWith: StoreFiles.snapshotNamePrefix(forStoreNamed: name))
        }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Removes the leftovers beside the store at `store`; the caller holds the store's lock.
    /// - Returns: what was removed.
    @discardableResult
    public static func remove(beside store: URL) -> [URL] {
        find(beside: store).filter { (try? Directory.removeFile(at: $0)) != nil }
    }
}
