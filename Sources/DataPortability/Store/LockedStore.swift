import DataStore
import Foundation
import Glibc

/// A store opened for writing under its lock (design §8): a second writer fails at once
/// with `StoreError.busy` naming the holder's pid instead of waiting or corrupting.
public final class LockedStore {
    /// Where the store is, and which rule chose it.
    public let location: StoreLocation
    /// The open store.
    public let store: any KeyValueStore
    /// Whether this open created the store: no file was there when the lock was taken.
    public let wasCreated: Bool
    private let lock: StoreLock
    /// Set once the store this open created is deleted again: its lock file goes with it.
    private var isDiscarded = false

    private init(location: StoreLocation, store: any KeyValueStore, lock: StoreLock, wasCreated: Bool) {
        self.location = location
        self.store = store
        self.lock = lock
        self.wasCreated = wasCreated
    }

    /// Locates the store (`--store` > `$DOMAINDIG_STORE` > XDG default), takes its lock, then opens it.
    /// - Parameters:
    ///   - explicitPath: the `--store` argument, if given.
    ///   - mode: `.mustExist` for commands that read a store, `.createIfMissing` for those that make one.
    ///   - locator: how the default location is found (the environment, for tests).
    /// - Throws: `StoreError` (`notFound`, `busy`, `notAStore`…).
    public static func open(explicitPath: String?, mode: StoreOpenMode, locator: StoreLocator = StoreLocator()) throws
        -> LockedStore
    {
        let location = try locator.locate(explicitPath: explicitPath)
        let lock = try StoreLock.acquire(forStoreAt: location.url, mode: mode)
        // Checked under the lock, so a store another process created meanwhile counts as existing.
        let existed = access(location.url.path, F_OK) == 0
        let store: any KeyValueStore
        do {
            store = try StoreOpener.open(at: location.url, mode: mode)
        } catch StoreError.notFound(let path) {
            // Removed between the check and the lock: no lock file is left beside nothing.
            lock.releaseRemovingLockFile()
            throw StoreError.notFound(path: path)
        }
        return LockedStore(location: location, store: store, lock: lock, wasCreated: !existed)
    }

    /// Closes and deletes the store if this open created it, so a command that ends without
    /// committing anything (a refused, failed or dry-run import) leaves no empty store where
    /// there was none; `release()` then removes the lock file as well (safely: see
    /// `FileLock`). The store must not be used afterwards.
    /// - Throws: `StoreError` when the store cannot be closed; the file is then left alone.
    public func discardIfCreated() throws {
        guard wasCreated else { return }
        try (store as? SQLiteStore)?.close()
        let path = location.url.standardizedFileURL.path
        for companion in ["", "-wal", "-shm", "-journal"] { unlink(path + companion) }
        isDiscarded = true
    }

    /// Releases the lock, removing the lock file too when the store was discarded; the store
    /// must not be written afterwards.
    public func release() {
        if isDiscarded {
            lock.releaseRemovingLockFile()
        } else {
            lock.release()
        }
    }
}
