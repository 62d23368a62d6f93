import DataStore
import Foundation

/// A store opened for writing under its lock (design §8): a second writer fails at once
/// with `StoreError.busy` naming the holder's pid instead of waiting or corrupting.
public final class LockedStore {
    /// Where the store is, and which rule chose it.
    public let location: StoreLocation
    /// The open store.
    public let store: any KeyValueStore
    private let lock: StoreLock

    private init(location: StoreLocation, store: any KeyValueStore, lock: StoreLock) {
        self.location = location
        self.store = store
        self.lock = lock
    }

    /// Locates the store (`--store` > `$DOMAINDIG_STORE` > XDG default), takes its lock, then opens it.
    /// - Parameters:
    ///   - explicitPath: the `--store` argument, if given.
    ///   - mode: `.mustExist` for commands that read a store, `.createIfMissing` for those that make one.
    ///   - locator: how the default location is found (the environment, for tests).
    /// - Throws: `StoreError` (`notFound`, `busy`, `notAStore`…).
    public static func open(explicitPath: String?, mode: StoreOpenMode, locator: StoreLocator = StoreLocator()) throws -> LockedStore {
        let location = try locator.locate(explicitPath: explicitPath)
        let lock = try StoreLock.acquire(forStoreAt: location.url, mode: mode)
        let store = try StoreOpener.open(at: location.url, mode: mode)
        return LockedStore(location: location, store: store, lock: lock)
    }

    /// Releases the lock; the store must not be written afterwards.
    public func release() {
        lock.release()
    }
}
