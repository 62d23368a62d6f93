import Foundation
import Glibc

/// An exclusive advisory lock (`flock`) on a lock file, taken without waiting.
///
/// The holder writes its process id into the file, so a process that finds the lock taken can
/// say who holds it. The lock belongs to the open file description: a second `acquire` fails
/// even from the same process, and the kernel releases the lock when the holder exits, however
/// it exits.
///
/// The lock file is never followed or written through: it is opened with `O_NOFOLLOW` (a
/// symbolic link planted under its name is refused), it must be a regular file with one name
/// (a FIFO, a device or a hard link to someone else's file is refused), and it is truncated
/// and given our pid only when it belongs to this user. Another user's lock file — a store
/// shared by a group — is locked as it is, and opened read-only when it may not be written:
/// `flock` works on a read-only descriptor.
///
/// A holder may remove the file as it lets go (``releaseRemovingFile()``), because taking the
/// lock checks, once it holds it, that the path still names the file it locked: a process that
/// opened the file just before it was removed would otherwise lock an unnamed file while the
/// next one locks a new file under the same name, and both would go ahead. That holds among
/// builds that make the check; a build from before it, still running beside a newer one,
/// could be that process.
///
///     let lock = try FileLock.acquire(at: storeURL.appendingPathExtension("lock"))
///     defer { lock.release() }
public final class FileLock {
    /// The lock file.
    public let url: URL
    /// Whether this acquisition created the lock file: a caller that ends up with nothing to
    /// guard removes what it created (``releaseRemovingFile()``) and leaves anyone else's file.
    public let createdFile: Bool
    private var descriptor: FileDescriptor?

    private init(url: URL, descriptor: consuming FileDescriptor, createdFile: Bool) {
        self.url = url
        self.createdFile = createdFile
        self.descriptor = consume descriptor
    }

    /// Takes the lock, creating the lock file (mode 0600) if needed. Never waits.
    /// - Parameter url: the lock file; its folder must exist.
    /// - Returns: the held lock; it is released by `release()` or when the value goes away.
    /// - Throws: `FileIOError.busy` with the holder's pid when another open file description
    ///   (another process, or another `acquire` in this one) holds the lock; `.unsafe` when
    ///   the name holds a symbolic link, something other than a regular file, or a file with
    ///   other names; other `FileIOError`s when the file cannot be created or opened.
    public static func acquire(at url: URL) throws -> FileLock {
        try acquire(at: url, beforeLocking: {})
    }

    /// `acquire(at:)`, calling `beforeLocking` between opening the file and locking it: tests
    /// remove or replace the file there, where another holder's removal can strike.
    static func acquire(at url: URL, beforeLocking: () -> Void) throws -> FileLock {
        let path = url.path
        for _ in 0..<maxAttempts {
            var created = false
            var isOurs = false
            let file = try openLockFile(at: path, created: &created, isOurs: &isOurs)
            beforeLocking()
            try lockWithoutWaiting(file, path: path)
            // Removed (or replaced) by its holder after we opened it: the lock we hold guards
            // nothing anyone else will look at. Start again on whatever the path names now.
            guard try isNamed(file, by: path) else { continue }
            if isOurs {
                try checkedSystemCall(path: path) { ftruncate(file.rawValue, 0) }
                let pid = Array("\(getpid())\n".utf8)
                try pid.withUnsafeBytes { try file.writeAll($0) }
            }
            return FileLock(url: url, descriptor: file, createdFile: created)
        }
        throw keptChanging(path)
    }

    /// Locks an existing file itself, by its inode, without writing to it or creating
    /// anything: two names of one file (hard links) exclude each other. The file is opened
    /// read-only with `O_NOFOLLOW`.
    /// - Parameter url: the file; a symbolic link is refused.
    /// - Throws: `FileIOError.busy` (without a pid: the file is not ours to write one into)
    ///   when another open file description holds it; `.notFound`; `.unsafe` for a symbolic
    ///   link or anything but a regular file.
    public static func acquire(onExistingFile url: URL) throws -> FileLock {
        let path = url.path
        let file = try openWithoutFollowing(path, O_RDONLY)
        try requireRegularFile(file, path: path, allowingOtherNames: true)
        try lockWithoutWaiting(file, path: path, namingHolder: false)
        return FileLock(url: url, descriptor: file, createdFile: false)
    }

    /// How often opening and locking is tried before giving up on a lock file that keeps
    /// disappearing or changing under us (only a file system that lies about it would).
    static let maxAttempts = 100

    private static func keptChanging(_ path: String) -> FileIOError {
        .other(
            path: path, errno: EAGAIN,
            message: "the lock file kept disappearing or being replaced while it was being locked")
    }

    /// Releases the lock. Safe to call more than once.
    public func release() {
        release(removingFile: false)
    }

    /// Removes the lock file, then releases the lock: for a lock that guarded something this
    /// process created and removed again, so nothing is left where there was nothing. Safe to
    /// call more than once; after `release()` it does nothing.
    public func releaseRemovingFile() {
        release(removingFile: true)
    }

    private func release(removingFile: Bool) {
        guard let file = descriptor.take() else { return }
        // Removed while still held: whoever locks the file next finds that the path no longer
        // names it, and starts again. Only our own file is removed.
        if removingFile, (try? Self.isNamed(file, by: url.path)) == true { try? Directory.removeFile(at: url) }
        // Unlock before closing: a child forked by another thread at this moment holds a copy
        // of the descriptor until it execs, and closing ours alone would leave the lock held.
        _ = flock(file.rawValue, LOCK_UN)
        try? file.close()
    }

    deinit {
        release()
    }

    /// Takes the `flock`; `namingHolder` reads the holder's pid from the file when it is taken.
    private static func lockWithoutWaiting(_ file: borrowing FileDescriptor, path: String, namingHolder: Bool = true)
        throws
    {
        do {
            try checkedSystemCall(path: path) { flock(file.rawValue, LOCK_EX | LOCK_NB) }
        } catch FileIOError.other(_, let code, _) where code == EWOULDBLOCK {
            throw FileIOError.busy(path: path, holderPID: namingHolder ? holderPID(of: file) : nil)
        }
    }

    /// Whether `path` still names the open `file` (same device and inode).
    private static func isNamed(_ file: borrowing FileDescriptor, by path: String) throws -> Bool {
        guard let named = try FileIdentity(path: path, followingSymlinks: false) else { return false }
        return try FileIdentity(of: file) == named
    }

    /// Opens the lock file, creating it with mode 0600 when it does not exist yet. Only a
    /// file this call created gets `fchmod`: an existing one may belong to another user.
    /// - Parameters:
    ///   - created: set when this call created the file.
    ///   - isOurs: set when the file is ours to truncate and write our pid into.
    private static func openLockFile(at path: String, created: inout Bool, isOurs: inout Bool) throws
        -> FileDescriptor
    {
        for _ in 0..<maxAttempts {
            do {
                let file = try FileDescriptor.open(
                    path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY, permissions: 0o600)
                try file.setPermissions(0o600)
                created = true
                isOurs = true
                return file
            } catch FileIOError.alreadyExists {
                var writable = true
                // Removed between our two opens: create it again.
                guard let file = try openExisting(at: path, writable: &writable) else { continue }
                try requireRegularFile(file, path: path, allowingOtherNames: false)
                var status = stat()
                try checkedSystemCall(path: path) { fstat(file.rawValue, &status) }
                created = false
                isOurs = writable && status.st_uid == geteuid()
                return file
            }
        }
        throw keptChanging(path)
    }

    /// Opens an existing lock file for writing, else — another user's file we may read — for
    /// reading: `flock` works on a read-only descriptor. Nil when it no longer exists.
    private static func openExisting(at path: String, writable: inout Bool) throws -> FileDescriptor? {
        do {
            do {
                writable = true
                return try openWithoutFollowing(path, O_RDWR)
            } catch FileIOError.permissionDenied {
                writable = false
                return try openWithoutFollowing(path, O_RDONLY)
            }
        } catch FileIOError.notFound {
            return nil
        }
    }

    /// Opens `path` without following a symbolic link in its last component and without
    /// blocking on a FIFO or taking a terminal.
    private static func openWithoutFollowing(_ path: String, _ access: Int32) throws -> FileDescriptor {
        do {
            return try FileDescriptor.open(path, access | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch FileIOError.other(_, let code, _) where code == ELOOP {
            throw FileIOError.unsafe(
                path: path,
                reason: "it is a symbolic link, and backupctl never follows one for a lock; "
                    + "remove it if no backupctl is running")
        }
    }

    /// Refuses anything but a regular file (and, unless allowed, a file with other names: a
    /// hard link to someone else's file would be truncated through it).
    private static func requireRegularFile(
        _ file: borrowing FileDescriptor, path: String, allowingOtherNames: Bool
    ) throws {
        let status = try file.io.named(path).status()
        guard status.isRegularFile else {
            throw FileIOError.unsafe(
                path: path,
                reason: "it is not a regular file (\(status.kindName)); remove it if no backupctl is running")
        }
        guard allowingOtherNames || status.linkCount == 1 else {
            throw FileIOError.unsafe(
                path: path,
                reason: "it has \(status.linkCount) names (hard links), so writing to it would change another file; "
                    + "remove it if no backupctl is running")
        }
    }

    /// The pid the current holder wrote into the file, if it has written one yet.
    private static func holderPID(of file: borrowing FileDescriptor) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(file.rawValue, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
