import DurableIO
import Foundation

/// The writer lock of a store: an exclusive `flock` on `<store path>.lock` (mode 0600),
/// taken without waiting, so a second writer fails at once instead of queuing or corrupting.
///
/// The lock follows the file, not the path that named it (design §8). The store's path is
/// resolved first — symbolic links and `..` — so every spelling of it finds one lock file; and
/// an existing store file is itself locked too (`flock` on a read-only descriptor), so two
/// hard links of one store exclude each other as well. The store file's lock is taken after
/// the lock file's and must be released only after the store is closed: closing any
/// descriptor of a file drops the POSIX locks SQLite holds on it in this process.
///
///     let lock = try StoreLock.acquire(forStoreAt: location.url, mode: .mustExist)
///     defer { lock.release() }
public final class StoreLock {
    /// The folders this acquisition created for a new store, outermost first.
    public let createdFolders: [URL]
    private let lock: FileLock
    private let storeFileLock: FileLock?

    private init(lock: FileLock, storeFileLock: FileLock?, createdFolders: [URL]) {
        self.lock = lock
        self.storeFileLock = storeFileLock
        self.createdFolders = createdFolders
    }

    /// The lock file of the store at `storeURL`: its resolved path with `.lock` appended.
    public static func lockURL(forStoreAt storeURL: URL) -> URL {
        let url = FileIdentity.resolvingSymlinks(storeURL)
        return url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".lock")
    }

    public var lockURL: URL { lock.url }

    public var createdLockFile: Bool { lock.createdFile }

    /// Takes the store's writer lock.
    /// - Parameters:
    ///   - storeURL: the store file, by any of its names.
    ///   - mode: with `.mustExist` a missing store is reported (and no lock file is left
    ///     beside nothing); with `.createIfMissing` the store's folders are created (0700).
    /// - Returns: the held lock; released by `release()` or when it goes away.
    /// - Throws: `StoreError.busy` with the holder's pid when another process (or another
    ///   lock in this one) holds it — by any name of the store; `.notFound`; `.io` (an unsafe
    ///   lock file, such as a symbolic link, among them).
    public static func acquire(forStoreAt storeURL: URL, mode: StoreOpenMode) throws -> StoreLock {
        let storeURL = FileIdentity.resolvingSymlinks(storeURL)
        var createdFolders: [URL] = []
        do {
            switch mode {
            case .mustExist:
                guard FileStatus.exists(atPath: storeURL.path) else { throw StoreError.notFound(path: storeURL.path) }
            case .createIfMissing:
                createdFolders = try Directory.create(at: storeURL.deletingLastPathComponent(), permissions: 0o700)
            }
            let lock = try FileLock.acquire(at: lockURL(forStoreAt: storeURL))
            do {
                return StoreLock(
                    lock: lock, storeFileLock: try lockStoreFile(at: storeURL),
                    createdFolders: createdFolders)
            } catch {
                if lock.createdFile { lock.releaseRemovingFile() } else { lock.release() }
                throw error
            }
        } catch let error as FileIOError {
            Directory.removeIfEmpty(createdFolders)
            guard case .busy(_, let holderPID) = error else { throw StoreError.io(error) }
            throw StoreError.busy(storePath: storeURL.path, holderPID: holderPID)
        }
    }

    /// Locks the store file itself when it is a regular file (a new store has none yet; what
    /// is not a regular file is refused later, by the opener).
    private static func lockStoreFile(at storeURL: URL) throws -> FileLock? {
        guard (try? FileStatus(path: storeURL.path, followingSymlinks: false))?.isRegularFile == true else {
            return nil
        }
        return try FileLock.acquire(onExistingFile: storeURL)
    }

    /// Releases the lock. Safe to call more than once; the store must be closed first.
    public func release() {
        storeFileLock?.release()
        lock.release()
    }

    /// Removes the lock file and releases the lock, then removes the folders this
    /// acquisition created when they are empty: for a run that ends with no store where
    /// there was none, so it leaves nothing behind. Safe to call more than once.
    public func releaseRemovingLockFile() {
        storeFileLock?.release()
        lock.releaseRemovingFile()
        Directory.removeIfEmpty(createdFolders)
    }
}
