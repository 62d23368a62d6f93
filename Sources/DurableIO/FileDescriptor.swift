import Foundation
import Glibc

/// The owner of an open file descriptor: it closes the descriptor when it goes away.
///
/// Like swift-system's `FileDescriptor`, but owning: the value is noncopyable, so exactly one
/// owner closes it, either explicitly with `close()` (which reports the error a late write
/// failure may surface) or implicitly when it is dropped. The number never leaves DurableIO:
/// ``io`` lends the descriptor to a reader or writer that must not close it.
///
///     let file = try FileDescriptor.openForReading(url.path)
///     let bytes = try file.readAll(limit: 1 << 30)
///     try file.close()
public struct FileDescriptor: ~Copyable {
    /// The descriptor number; -1 once the descriptor has been closed.
    private(set) var rawValue: Int32
    /// The file the descriptor refers to, for error messages.
    public let path: String

    /// Takes ownership of an already open descriptor.
    /// - Parameters:
    ///   - rawValue: an open descriptor; it is closed when the new value goes away.
    ///   - path: the file it refers to, for error messages.
    init(adopting rawValue: Int32, path: String) {
        precondition(rawValue >= 0, "FileDescriptor adopts only open descriptors")
        self.rawValue = rawValue
        self.path = path
    }

    /// Opens a file. `O_CLOEXEC` is always added, so children never inherit the descriptor.
    /// - Parameters:
    ///   - path: the file to open.
    ///   - flags: `open(2)` flags, e.g. `O_WRONLY | O_CREAT | O_EXCL`.
    ///   - permissions: the mode of a file `O_CREAT` creates (narrowed by the umask).
    /// - Throws: `FileIOError`, e.g. `.notFound` or `.permissionDenied`.
    public static func open(
        _ path: String,
        _ flags: Int32,
        permissions: mode_t = 0o600
    ) throws -> FileDescriptor {
        if flags & O_CREAT != 0 { CrashPoint.reach(.create, path) }
        let fd = try checkedSystemCall(path: path) {
            Glibc.open(path, flags | O_CLOEXEC, permissions)
        }
        return FileDescriptor(adopting: fd, path: path)
    }

    /// Opens a file to read it.
    /// - Parameter nonBlocking: opens without waiting (`O_NONBLOCK`), for a path that may turn
    ///   out to be a FIFO or a device.
    /// - Throws: `FileIOError`, e.g. `.notFound` or `.permissionDenied`.
    public static func openForReading(_ path: String, nonBlocking: Bool = false) throws -> FileDescriptor {
        try open(path, nonBlocking ? O_RDONLY | O_NONBLOCK : O_RDONLY)
    }

    /// Creates a new file, opened for reading and writing with mode `permissions` set exactly
    /// (`fchmod`, whatever the umask).
    /// - Throws: `FileIOError.alreadyExists` when something is already under the name; other
    ///   `FileIOError`s.
    public static func create(_ path: String, permissions: mode_t) throws -> FileDescriptor {
        let file = try open(path, O_RDWR | O_CREAT | O_EXCL, permissions: permissions)
        try file.setPermissions(permissions)
        return file
    }

    /// The descriptor, lent to a reader or writer that must not close it: valid while this
    /// value keeps it open.
    public var io: DescriptorIO {
        precondition(rawValue >= 0, "use of a closed FileDescriptor")
        return DescriptorIO(borrowing: rawValue, name: path)
    }

    /// Reads at the current offset, as ``DescriptorIO/read(into:)``.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try io.read(into: buffer)
    }

    /// Reads from the current offset to the end of the file.
    /// - Parameter limit: the most bytes the caller accepts; a larger file is refused before
    ///   its excess is read, so a wrong path cannot exhaust memory.
    /// - Returns: the bytes, allocated once when the file's size is known up front.
    /// - Throws: `FileIOError.tooLarge` beyond `limit`; other `FileIOError`s from the reads.
    public func readAll(limit: Int) throws -> Data {
        precondition(limit >= 0, "readAll needs a non-negative limit")
        let status = try status()
        let expected = status.isRegularFile ? Int(status.size) : 0
        if expected > limit { throw FileIOError.tooLarge(path: path, limit: limit) }

        // One spare byte past the expected size detects a file that grew while we read it.
        var data = Data(count: Swift.min(expected, limit) + 1)
        var filled = 0
        while true {
            if filled == data.count {
                if data.count > limit { throw FileIOError.tooLarge(path: path, limit: limit) }
                data.count = Swift.min(Swift.max(data.count * 2, 64 * 1024), limit + 1)
            }
            let count = try data.withUnsafeMutableBytes { buffer in
                try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            if count == 0 { break }
            filled += count
        }
        if filled > limit { throw FileIOError.tooLarge(path: path, limit: limit) }
        data.count = filled
        return data
    }

    /// Writes every byte, as ``DescriptorIO/writeAll(_:)``.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        try io.writeAll(bytes)
    }

    /// Flushes the file's data and metadata to the disk (`fsync`).
    /// - Throws: `FileIOError` when the device reports an error.
    public func sync() throws {
        precondition(rawValue >= 0, "sync of a closed FileDescriptor")
        CrashPoint.reach(.sync, path)
        try checkedSystemCall(path: path) { fsync(rawValue) }
    }

    /// Sets the file's mode (`fchmod`), unaffected by the umask.
    /// - Throws: `FileIOError.permissionDenied` when the caller does not own the file.
    public func setPermissions(_ permissions: mode_t) throws {
        precondition(rawValue >= 0, "fchmod of a closed FileDescriptor")
        try checkedSystemCall(path: path) { fchmod(rawValue, permissions) }
    }

    /// The file's status (`fstat`), as ``DescriptorIO/status()``.
    public func status() throws -> FileStatus {
        try io.status()
    }

    /// Closes the descriptor and reports the error `close` may return (on NFS, a write
    /// failure can surface only here).
    /// - Throws: `FileIOError` when closing fails; the descriptor is released either way.
    public consuming func close() throws {
        let fd = rawValue
        rawValue = -1
        try checkedSystemCall(path: path, retryingOnInterrupt: false) { Glibc.close(fd) }
    }

    deinit {
        if rawValue >= 0 { _ = Glibc.close(rawValue) }
    }
}
