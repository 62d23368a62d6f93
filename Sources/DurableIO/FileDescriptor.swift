import Foundation
import Glibc

/// The owner of an open file descriptor: it closes the descriptor when it goes away.
///
/// Like swift-system's `FileDescriptor`, but owning: the value is noncopyable, so exactly one
/// owner closes it, either explicitly with `close()` (which reports the error a late write
/// failure may surface) or implicitly when it is dropped. `release()` hands the raw
/// descriptor to someone else (libarchive, a child process) without closing it.
///
///     let file = try FileDescriptor.open(url.path, O_RDONLY)
///     let bytes = try file.readAll(limit: 1 << 30)
///     try file.close()
public struct FileDescriptor: ~Copyable {
    /// The descriptor number; -1 once the descriptor has been closed or released.
    public private(set) var rawValue: Int32
    /// The file the descriptor refers to, for error messages.
    public let path: String

    /// Takes ownership of an already open descriptor.
    /// - Parameters:
    ///   - rawValue: an open descriptor; it is closed when the new value goes away.
    ///   - path: the file it refers to, for error messages.
    public init(adopting rawValue: Int32, path: String) {
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

    /// Reads up to `buffer.count` bytes at the current offset.
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: `FileIOError` when the read fails.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        precondition(rawValue >= 0, "read from a closed FileDescriptor")
        return try DescriptorIO.read(from: rawValue, into: buffer, name: path)
    }

    /// Reads from the current offset to the end of the file.
    /// - Parameter limit: the most bytes the caller accepts; a larger file is refused before
    ///   its excess is read, so a wrong path cannot exhaust memory.
    /// - Returns: the bytes, allocated once when the file's size is known up front.
    /// - Throws: `FileIOError.tooLarge` beyond `limit`; other `FileIOError`s from the reads.
    public func readAll(limit: Int) throws -> Data {
        precondition(limit >= 0, "readAll needs a non-negative limit")
        var status = stat()
        try checkedSystemCall(path: path) { fstat(rawValue, &status) }
        let expected = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
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

    /// Writes every byte, continuing after partial writes and interruptions.
    /// - Throws: `FileIOError`, e.g. `.noSpace` when the disk fills up.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(rawValue >= 0, "write to a closed FileDescriptor")
        try DescriptorIO.writeAll(bytes, to: rawValue, name: path)
    }

    /// Writes every byte of `data`; see `writeAll(_:)` for raw buffers.
    /// - Throws: `FileIOError`, e.g. `.noSpace` when the disk fills up.
    public func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { try writeAll($0) }
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

    /// The file's size, type and permission bits (`fstat`).
    /// - Throws: `FileIOError` when the call fails.
    public func status() throws -> FileStatus {
        precondition(rawValue >= 0, "fstat of a closed FileDescriptor")
        var status = stat()
        try checkedSystemCall(path: path) { fstat(rawValue, &status) }
        return FileStatus(
            size: Int64(status.st_size), isRegularFile: status.st_mode & S_IFMT == S_IFREG,
            permissions: status.st_mode & 0o7777)
    }

    /// Closes the descriptor and reports the error `close` may return (on NFS, a write
    /// failure can surface only here).
    /// - Throws: `FileIOError` when closing fails; the descriptor is released either way.
    public consuming func close() throws {
        let fd = rawValue
        rawValue = -1
        try checkedSystemCall(path: path, retryingOnInterrupt: false) { Glibc.close(fd) }
    }

    /// Gives up ownership without closing: the caller must close the returned descriptor.
    public consuming func release() -> Int32 {
        let fd = rawValue
        rawValue = -1
        return fd
    }

    deinit {
        if rawValue >= 0 { _ = Glibc.close(rawValue) }
    }
}
