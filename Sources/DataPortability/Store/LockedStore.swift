import DataStore
import DurableIO
import Foundation

/// A store opened for writing under its lock (design §8): a second writer fails at once
/// with `StoreError.busy` naming the holder's pid instead of waiting or corrupting.
///
/// What a writer leaves when it ends without a store — refused, failed, or a dry run into a
/// store that did not exist — is nothing: a new store appears under its name only at its first
/// commit (`NewSQLiteStore`, `PropertyListStore`), and `release()` then removes the lock file
/// and the folders this run created. Temporary copies a killed writer left beside the store
/// are removed when the lock is taken (`StoreLeftovers`).
public final class LockedStore {
    /// Where the store is, and which rule chose it (the path as the user gave it).
    public let location: StoreLocation
    /// The store's file, symbolic links resolved: what is locked, opened and written.
    public let url: URL
    public let store: any KeyValueStore
    /// Temporary files of killed writers that were removed when the lock was taken.
    public let removedLeftovers: [URL]
    private let lock: StoreLock
    private var isReleased = false

    private init(location: StoreLocation, url: URL, store: any KeyValueStore, lock: StoreLock, removed: [URL]) {
        self.location = location
        self.url = url
        self.store = store
        self.lock = lock
        removedLeftovers = removed
    }

    /// Locates the store (`--store` > `$DOMAINDIG_STORE` > XDG default), takes its lock, then opens it.
    /// - Parameters:
    ///   - explicitPath: the `--store` argument, if given.
    ///   - mode: `.mustExist` for commands that change a store, `.createIfMissing` for those that make one.
    ///   - locator: how the default location is found (the environment, for tests).
    /// - Throws: `StoreError` (`notFound`, `busy`, `notAStore`…); nothing is left behind.
    public static func open(explicitPath: String?, mode: StoreOpenMode, locator: StoreLocator = StoreLocator()) throws
        -> LockedStore
    {
        let location = try locator.locate(explicitPath: explicitPath)
        let url = FileIdentity.resolvingSymlinks(location.url)
        // A file that is plainly not a store is refused before a lock file is made beside it.
        if case .unrecognized(let reason) = try StoreBackend.detectContents(at: url) {
            throw StoreError.notAStore(path: url.path, reason: reason)
        }
        let lock = try StoreLock.acquire(forStoreAt: url, mode: mode)
        // No one writes a temporary copy of the store without its lock, which we now hold.
        let removed = StoreLeftovers.remove(beside: url)
        do {
            let store = try StoreOpener.open(at: url, mode: mode)
            return LockedStore(location: location, url: url, store: store, lock: lock, removed: removed)
        } catch {
            // A foreign file, or a store removed meanwhile: no lock file of ours stays beside it.
            if lock.createdLockFile || !FileStatus.exists(atPath: url.path) {
                lock.releaseRemovingLockFile()
            } else {
                lock.release()
            }
            throw error
        }
    }

    /// Whether a store exists under its name: false for a new store until its first commit.
    public var exists: Bool {
        guard let status = try? FileStatus(path: url.path) else { return false }
        return status.isRegularFile && status.size > 0
    }

    /// Closes the store and releases the lock; the store must not be used afterwards. A new
    /// store that never committed is discarded, and then — with no store under the name — the
    /// lock file and the folders this run created are removed too. Safe to call more than once.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        // Closed before the store file's lock is let go: closing that descriptor would drop the
        // POSIX locks an SQLite connection still held.
        try? store.close()
        if exists {
            lock.release()
        } else {
            lock.releaseRemovingLockFile()
        }
    }

    deinit {
        release()
    }
}
