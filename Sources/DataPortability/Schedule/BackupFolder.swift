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
    /// partial files after them; `.future` after `now`, `.damaged` when set aside by a failed
    /// read-back, otherwise `.good` until checked (``scan(verify:decryption:now:progress:)``).
    /// - Throws: ``BackupDirectoryError`` (no such directory), ``ObjectStorageError``.
    func list(now: Date) throws -> [BackupDirectory.Entry]

    /// One backup, ready to be checked: the local file, or the object downloaded into an unnamed
    /// temporary file (``FolderBackup/unreadable(_:)`` when it cannot be had).
    /// - Throws: when the folder itself cannot be read (a remote store that is unreachable).
    func backup(_ entry: BackupDirectory.Entry) throws -> FolderBackup

    /// Removes the backups, and their checksum files.
    func remove(_ entries: [BackupDirectory.Entry]) throws

    /// Takes the folder's lock, for a run that writes or removes backups; `creatingFolder`
    /// makes a missing local directory (0700), and a remote lock expires counting from `now`.
    /// - Throws: ``BackupDirectoryError``, `FileIOError.busy` or ``RemoteLock/Busy`` when
    ///   another run holds it, ``ObjectStorageError``.
    func lock(creatingFolder: Bool, now: Date) throws -> any BackupFolderLock

    /// Removes the partial files killed runs left, under the folder's lock, and returns them.
    func removePartialFiles() -> [URL]

    /// The name for a new backup taken at `date`, numbered after those of the same second.
    func newFileName(for date: Date) throws -> String

    /// The backup named `name`: a file URL, or `s3://bucket/prefix/name`.
    func url(of name: String) -> URL

    /// Writes a new backup named `name` with `produce`, which appears under that name only
    /// complete (a file renamed into place, an upload completed).
    /// - Returns: what `produce` returned, and the new backup as stored, for its read-back.
    /// - Throws: `OutputRefusal` when the new file would be one of `inputs` (the files being
    ///   read), what `produce` threw, and the errors of writing and fetching the backup.
    func writeBackup<Produced>(
        named name: String, besides inputs: [StoreFiles.File],
        produce: (BackupArchiveWriter.Destination) throws -> Produced
    ) throws -> (Produced, FolderBackup)

    /// The checksum file beside the backup named `name` (``ChecksumFile``), if it has one that
    /// reads and names it; `nil` otherwise.
    /// - Throws: only when the folder itself cannot be read (a remote store that is unreachable).
    func checksumFile(of name: String) throws -> ChecksumFile?

    /// Writes the checksum file of a new encrypted backup, durably, once its read-back passed.
    func writeChecksumFile(_ checksum: ChecksumFile) throws

    /// Disposes of a new backup that failed its read-back, so no scan counts it as good: set
    /// aside as `.unverified` locally (evidence), removed remotely; returns where it is now.
    func setAside(_ name: String) -> String
}

/// The lock a ``BackupFolder`` gives a run.
public protocol BackupFolderLock: AnyObject {
    /// Releases the lock; a local lock file stays, for the next run.
    func release()
    /// Releases the lock and removes what taking it created (for a failed run or a dry run).
    func releaseRemovingCreated()
}

extension BackupFolder {
    /// Sets the entry's health and manifest; see
    /// ``FolderBackup/check(_:verify:decryption:checksum:needsKey:progress:)``.
    @discardableResult
    func check(
        _ entry: inout BackupDirectory.Entry, verify: Bool, decryption: BackupDecryption, needsKey: Bool = false,
        progress: ByteProgress.Handler?
    ) throws -> FolderBackup.Checked {
        let backup = try backup(entry)
        // Only a full check of an encrypted backup reads the whole file, which its checksum needs.
        let checksum = verify && backup.isEncrypted ? try checksumFile(of: entry.name) : nil
        return backup.check(
            &entry, verify: verify, decryption: decryption, checksum: checksum, needsKey: needsKey, progress: progress)
    }
}

extension BackupDirectory: BackupFolder {
    public var displayName: String { url.path }

    public func backup(_ entry: Entry) -> FolderBackup {
        .file(entry.url)
    }

    public func remove(_ entries: [Entry]) throws {
        for entry in entries {
            try Directory.removeFile(at: entry.url)
            let checksum = url(of: ChecksumFile.name(for: entry.name))
            if FileStatus.exists(atPath: checksum.path) { try Directory.removeFile(at: checksum) }
        }
        if !entries.isEmpty { try Directory.sync(at: url) }
    }

    public func checksumFile(of name: String) -> ChecksumFile? {
        let path = url(of: ChecksumFile.name(for: name)).path
        guard let file = try? FileDescriptor.openForReading(path),
            let bytes = try? file.readAll(limit: ChecksumFile.maximumByteCount),
            let checksum = ChecksumFile(parsing: Array(bytes)), checksum.fileName == name
        else { return nil }
        return checksum
    }

    public func writeChecksumFile(_ checksum: ChecksumFile) throws {
        try AtomicFileWriter.write(Data(checksum.bytes), to: url(of: ChecksumFile.name(for: checksum.fileName)))
    }

    /// A file still being written (by `export -o`, which takes no lock) is locked and stays.
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
