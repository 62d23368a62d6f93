import DurableIO
import Foundation
import Glibc

/// The writer lock of a store: an exclusive `flock` on `<store path>.lock` (mode 0600),
/// taken without waiting, so a second writer fails at once instead of queuing or corrupting.
///
///     let lock = try StoreLock.acquire(forStoreAt: location.url, mode: .mustExist)
///     defer { lock.release() }
public final class StoreLock {
    /// The store the lock guards.
    public let storeURL: URL
    private let lock: FileLock

    private init(storeURL: URL, lock: FileLock) {
        self.storeURL = storeURL
        self.lock = lock
    }

    /// The lock file of the store at `storeURL`: its path with `.lock` appended.
    public static func lockURL(forStoreAt storeURL: URL) -> URL {
        let url = storeURL.standardizedFileURL
        return url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    /// The lock file.
    public var lockURL: URL { lock.url }

    /// Takes the store's writer lock.
    /// - Parameters:
    ///   - storeURL: the store file.
    ///   - mode: with `.mustExist` a missing store is reported (and no lock file is left
    ///     beside nothing); with `.createIfMissing` the store's folders are created (0700).
    /// - Returns: the held lock; released by `release()` or when it goes away.
    /// - Throws: `StoreError.busy` with the holder's pid when another process (or another
    ///   lock in this one) holds it; `.notFound`; `.io`.
    public static func acquire(forStoreAt storeURL: URL, mode: StoreOpenMode) throws -> StoreLock {
        let storeURL = storeURL.standardizedFileURL
        do {
            switch mode {
            case .mustExist:
                guard access(storeURL.path, F_OK) == 0 else { throw StoreError.notFound(path: storeURL.path) }
            case .createIfMissing:
                try Directory.create(at: storeURL.deletingLastPathComponent(), permissions: 0o700)
            }
            let lock = try FileLock.acquire(at: lockURL(forStoreAt: storeURL))
            return StoreLock(storeURL: storeURL, lock: lock)
        } catch FileIOError.busy(_, let holderPID) {
            throw StoreError.busy(storePath: storeURL.path, holderPID: holderPID)
        } catch let error as FileIOError {
            throw StoreError.io(error)
        }
    }

    /// Releases the lock. Safe to call more than once.
    public func release() {
        lock.release()
    }

    /// Removes the lock file and releases the lock, for a run that created the store and
    /// removed it again: it leaves nothing behind. Safe to call more than once.
    public func releaseRemovingLockFile() {
        lock.releaseRemovingFile()
    }
}
