import Foundation
import Glibc

/// An exclusive advisory lock (`flock`) on a lock file, taken without waiting.
///
/// The holder writes its process id into the file, so a process that finds the lock taken can
/// say who holds it. The lock belongs to the open file description: a second `acquire` fails
/// even from the same process, and the kernel releases the lock when the holder exits, however
/// it exits.
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
    private var descriptor: FileDescriptor?

    private init(url: URL, descriptor: consuming FileDescriptor) {
        self.url = url
        self.descriptor = consume descriptor
    }

    /// Takes the lock, creating the lock file (mode 0600) if needed. Never waits.
    /// - Parameter url: the lock file; its folder must exist.
    /// - Returns: the held lock; it is released by `release()` or when the value goes away.
    /// - Throws: `FileIOError.busy` with the holder's pid when another open file description
    ///   (another process, or another `acquire` in this one) holds the lock; other
    ///   `FileIOError`s when the file cannot be created or opened.
    public static func acquire(at url: URL) throws -> FileLock {
        try acquire(at: url, beforeLocking: {})
    }

    /// `acquire(at:)`, calling `beforeLocking` between opening the file and locking it: tests
    /// remove or replace the file there, where another holder's removal can strike.
    static func acquire(at url: URL, beforeLocking: () -> Void) throws -> FileLock {
        let path = url.path
        for _ in 0..<maxAttempts {
            let file = try openLockFile(at: path)
            beforeLocking()
            do {
                try checkedSystemCall(path: path) { flock(file.rawValue, LOCK_EX | LOCK_NB) }
            } catch FileIOError.other(_, let code, _) where code == EWOULDBLOCK {
                throw FileIOError.busy(path: path, holderPID: holderPID(of: file))
            }
            // Removed (or replaced) by its holder after we opened it: the lock we hold guards
            // nothing anyone else will look at. Start again on whatever the path names now.
            guard try isNamed(file, by: path) else { continue }
            try checkedSystemCall(path: path) { ftruncate(file.rawValue, 0) }
            let pid = Array("\(getpid())\n".utf8)
            try pid.withUnsafeBytes { try file.writeAll($0) }
            return FileLock(url: url, descriptor: file)
        }
        throw keptChanging(path)
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
        if removingFile, (try? Self.isNamed(file, by: url.path)) == true { unlink(url.path) }
        // Unlock before closing: a child forked by another thread at this moment holds a copy
        // of the descriptor until it execs, and closing ours alone would leave the lock held.
        _ = flock(file.rawValue, LOCK_UN)
        try? file.close()
    }

    deinit {
        release()
    }

    /// Whether `path` still names the open `file` (same device and inode).
    private static func isNamed(_ file: borrowing FileDescriptor, by path: String) throws -> Bool {
        var opened = stat()
        try checkedSystemCall(path: path) { fstat(file.rawValue, &opened) }
        var named = stat()
        guard stat(path, &named) == 0 else {
            guard errno == ENOENT else { throw FileIOError(errno: errno, path: path) }
            return false
        }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Opens the lock file, creating it with mode 0600 when it does not exist yet. Only a
    /// file this call created gets `fchmod`: an existing one may belong to another user.
    private static func openLockFile(at path: String) throws -> FileDescriptor {
        for _ in 0..<maxAttempts {
            do {
                let file = try FileDescriptor.open(path, O_RDWR | O_CREAT | O_EXCL, permissions: 0o600)
                try file.setPermissions(0o600)
                return file
            } catch FileIOError.alreadyExists {
                do {
                    return try FileDescriptor.open(path, O_RDWR)
                } catch FileIOError.notFound {
                    // Both "exists" and "not found": a symbolic link to nothing, which no retry
                    // mends; otherwise removed between our two opens, so create it again.
                    var link = stat()
                    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
                        throw FileIOError.other(
                            path: path, errno: ENOENT,
                            message: "the lock file is a symbolic link to a file that does not exist; remove it")
                    }
                    continue
                }
            }
        }
        throw keptChanging(path)
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
