import BackupFormat
import DataStore
import DurableIO
import Foundation

/// A place that holds time-named backups — a local directory (``BackupDirectory``) or an
/// object-storage prefix (``RemoteBackupFolder``) — as `backup`, retention, listing and
/// restore see it: the same names, the same health of each backup, the same rules for what may
/// be removed, encrypted backups included. A scheduled run (``ScheduledBackup``) writes into
/// either through the same steps: take the lock, clear what killed runs left, write a new
/// backup, read it back, and dispose of one that failed.
public protocol BackupFolder: Sendable {
    /// The folder as the user named it, for messages: a path, or `s3://bucket/prefix`.
    var displayName: String { get }

    /// Every backup (and, locally, every partial file), named but not read: backups oldest
    /// first — by the time in the name, then by collision number, so `…Z-2` follows `…Z` — and
    /// partial files after them. A backup named after `now` is `.future`, one set aside by a
    /// failed read-back `.damaged`, the others `.good` until checked
    /// (``scan(verify:decryption:now:progress:)`` checks them).
    /// - Throws: when the folder cannot be listed (``BackupDirectoryError`` for a directory
    ///   that does not exist or is not one, ``ObjectStorageError``).
    func list(now: Date) throws -> [BackupDirectory.Entry]

    /// One backup of the folder, ready to be read and checked: the local file, or the object
    /// downloaded into an unnamed temporary file.
    /// - Throws: when the folder itself cannot be read (a remote store that is unreachable);
    ///   a backup that cannot be had (an object gone since the listing, one too large) is
    ///   ``FolderBackup/unreadable(_:)``, not an error.
    func backup(_ entry: BackupDirectory.Entry) throws -> FolderBackup

    /// Removes the backups.
    func remove(_ entries: [BackupDirectory.Entry]) throws

    /// Takes the folder's lock, for a run that writes or removes backups.
    /// - Parameters:
    ///   - creatingFolder: whether a missing local directory is created (0700, with its
    ///     parents), as `backup` does; otherwise it must exist.
    ///   - now: the time a remote lock counts its expiry from.
    /// - Throws: ``BackupDirectoryError``, `FileIOError.busy` or ``RemoteLock/Busy`` when
    ///   another run holds it, ``ObjectStorageError``.
    func lock(creatingFolder: Bool, now: Date) throws -> any BackupFolderLock

    /// Removes the partial files killed runs left, under the folder's lock (an object store
    /// shows an object only complete, so a remote folder has none).
    /// - Returns: the files removed.
    func removePartialFiles() -> [URL]

    /// The name for a new backup taken at `date`, numbered after those of the same second.
    func newFileName(for date: Date) throws -> String

    /// The backup named `name`, as entries and summaries name it: a file URL, or
    /// `s3://bucket/prefix/name`.
    func url(of name: String) -> URL

    /// Writes a new backup named `name`: `produce` writes it to the destination it is given,
    /// which holds a complete backup under that name only when `produce` succeeded (a file
    /// renamed into place, an upload completed).
    /// - Parameter inputs: the files being read, which the new backup must not be.
    /// - Returns: what `produce` returned, and the new backup as stored, for its read-back.
    /// - Throws: `OutputRefusal` when the new file would be one of `inputs`, what `produce`
    ///   threw, and the errors of writing and fetching the backup.
    func writeBackup<Produced>(
        named name: String, besides inputs: [StoreFiles.File],
        produce: (BackupArchiveWriter.Destination) throws -> Produced
    ) throws -> (Produced, FolderBackup)

    /// Disposes of a new backup that failed its read-back, so no scan counts it as a good one:
    /// set aside under a `.unverified` name locally (kept as evidence), removed remotely.
    /// - Returns: where it is now, for the message.
    func setAside(_ name: String) -> String
}

/// The lock a ``BackupFolder`` gives a run.
public protocol BackupFolderLock: AnyObject {
    /// Releases the lock; a local lock file stays, for the next run.
    func release()
    /// Releases the lock and removes what taking it created, so a run that fails, is refused
    /// or is a dry run leaves the folder as it found it.
    func releaseRemovingCreated()
}

extension BackupFolder {
    /// Sets the entry's health and manifest by reading the backup; see
    /// ``FolderBackup/check(_:verify:decryption:needsKey:progress:)``.
    /// - Throws: when the folder itself cannot be read (``backup(_:)``).
    @discardableResult
    func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption, needsKey: Bool = false,
        progress: ByteProgress.Handler?
    ) throws -> FolderBackup.Checked {
        try backup(entry).check(&entry, verify: verify, decryption: decryption, needsKey: needsKey, progress: progress)
    }
}

extension BackupDirectory: BackupFolder {
    public var displayName: String { url.path }

    public func backup(_ entry: Entry) -> FolderBackup {
        .file(entry.url)
    }

    public func remove(_ entries: [Entry]) throws {
        for entry in entries { try Directory.removeFile(at: entry.url) }
        if !entries.isEmpty { try Directory.sync(at: url) }
    }

    public func lock(creatingFolder: Bool, now: Date) throws -> any BackupFolderLock {
        try lock(creatingDirectory: creatingFolder)
    }

    /// Those of killed runs: a file still being written (by `export -o` into the directory,
    /// which takes no lock) is locked by its writer and stays.
    public func removePartialFiles() -> [URL] {
        AtomicFileWriter.removeAbandonedTemporaryFiles(in: url, where: BackupDirectory.isPartialFileName)
    }

    public func url(of name: String) -> URL {
        url.appendingPathComponent(name)
    }

    public func writeBackup<Produced>(
        named name: String, besides inputs: [StoreFiles.File],
        produce: (BackupArchiveWriter.Destination) throws -> Produced
    ) throws -> (Produced, FolderBackup) {
        let target = url(of: name)
        try OutputGuard.refuse(output: target, overwriting: inputs)
        return (try produce(.file(target)), .file(target))
    }

    public func setAside(_ name: String) -> String {
        let setAside = url(of: name).path + BackupDirectory.unverifiedSuffix
        try? Directory.rename(url(of: name), to: URL(fileURLWithPath: setAside))
        return setAside
    }
}

extension BackupDirectory.Lock: BackupFolderLock {}
