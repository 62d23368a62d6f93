import Foundation
import Glibc

/// An unnamed temporary file: bytes are appended once and read back by offset, then the
/// file disappears with its last descriptor — even when the process is killed.
///
/// The backup writer spools sections here so the manifest, which needs every section's
/// checksum, can be written first while memory holds one section at most.
public final class SpoolFile {
    private let descriptor: Int32
    private let directoryPath: String
    /// The spool's descriptor, lent to readers and writers (reads by offset never move it);
    /// its name in messages is the spool's folder.
    public var io: DescriptorIO { DescriptorIO(borrowing: descriptor, name: directoryPath) }

    /// Bytes appended so far.
    public private(set) var size: Int64 = 0

    /// Creates the spool in `directory` (`O_TMPFILE`, mode 0600), so it lives on the same
    /// file system as the output and never has a name.
    /// - Throws: `FileIOError` when the directory cannot hold a temporary file.
    public init(directory: URL) throws {
        directoryPath = directory.path
        let path = directoryPath
        // O_TMPFILE is a composite macro Swift does not import: __O_TMPFILE | O_DIRECTORY.
        let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
        let unnamed = Glibc.open(path, temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            descriptor = unnamed
            return
        }
        guard errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL else {
            throw FileIOError(errno: errno, path: path)
        }
        // A file system without O_TMPFILE: a named file, unlinked at once.
        var template = Array((path + "/.backupctl-spool-XXXXXX").utf8CString)
        descriptor = try checkedSystemCall(path: path) {
            template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit {
        Glibc.close(descriptor)
    }

    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = try checkedSystemCall(path: directoryPath) {
                Glibc.pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(size) + off_t(offset))
            }
            offset += written
        }
        size += Int64(bytes.count)
    }

    /// Appends everything readable from `source` until its end (a pipe such as standard input).
    /// - Parameter limit: the most bytes accepted; more is refused with `FileIOError.tooLarge`.
    public func appendContents(of source: DescriptorIO, limit: Int64) throws {
        try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
            while case let count = try source.read(into: buffer), count > 0 {
                guard size + Int64(count) <= limit else {
                    throw FileIOError.tooLarge(path: source.name, limit: Int(limit))
                }
                try append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    /// Fills `buffer` with the bytes at `offset`.
    /// - Throws: `FileIOError` on a read error or when the spool ends early.
    public func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard try io.readFully(at: offset, into: buffer) == buffer.count else {
            throw FileIOError.other(path: directoryPath, errno: EIO, message: "the temporary spool file ended early")
        }
    }
}
