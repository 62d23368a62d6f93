import DurableIO
import Foundation

extension BackupDirectory {
    /// The directory's lock: an exclusive `flock` on `DIR/.backupctl.lock`, which every
    /// spelling of the directory reaches (it is inside it). A run that fails, is refused or
    /// is a dry run lets go with `releaseRemovingCreated()`, which removes the lock file and
    /// the folders it created, so the directory is as it found it.
    public final class Lock: BackupFolderLock {
        private let lock: FileLock
        private let createdFolders: [URL]

        init(lock: FileLock, createdFolders: [URL]) {
            self.lock = lock
            self.createdFolders = createdFolders
        }

        /// Releases the lock; the lock file stays, for the next run.
        public func release() {
            lock.release()
        }

        /// Releases the lock and removes what taking it created: the lock file, when it was
        /// not there before, and the directory with its missing parents, when they are empty.
        public func releaseRemovingCreated() {
            if lock.createdFile { lock.releaseRemovingFile() } else { lock.release() }
            Directory.removeIfEmpty(createdFolders)
        }
    }

    /// Takes the directory's lock (``BackupFolder/lock(creatingFolder:now:)``; a local lock
    /// does not expire, so `now` is not used).
    /// - Parameter creatingFolder: whether a missing directory is created (0700, with its
    ///   parents), as `backup` does; otherwise it must exist.
    /// - Throws: `BackupDirectoryError` when the path is missing (and not to be created) or is
    ///   not a directory; `FileIOError.busy` naming the holder when another backupctl has it;
    ///   other `FileIOError`s (an unsafe lock file, no permission).
    public func lock(creatingFolder: Bool, now: Date) throws -> any BackupFolderLock {
        var created: [URL] = []
        do {
            try requireExisting()
        } catch BackupDirectoryError.notFound where creatingFolder {
            created = try Directory.create(at: url, permissions: 0o700)
        }
        let resolved = FileIdentity.resolvingSymlinks(url)
        do {
            let lock = try FileLock.acquire(at: resolved.appendingPathComponent(BackupDirectory.lockFileName))
            return Lock(lock: lock, createdFolders: created)
        } catch {
            Directory.removeIfEmpty(created)
            throw error
        }
    }
}
