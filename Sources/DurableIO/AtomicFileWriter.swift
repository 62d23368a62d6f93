import Foundation
import Glibc

/// Writes a file so that no partial file ever exists under its final name.
///
/// The bytes go to a temporary file in the same folder, `.<name>.tmp-<random>`, created
/// exclusively with mode 0600 (set with `fchmod`, so the umask can neither widen nor narrow
/// it). `commit()` flushes the file, renames it onto the final name and flushes the folder, so
/// after a crash the final name holds either the old file or the complete new one. Anything
/// else — `discard()`, an error thrown by the writer, or dropping it without committing —
/// removes the temporary file.
///
/// A writer that is killed cannot remove its temporary file. It holds a lock (`flock`) on it
/// while it writes, so the next writer of the same name tells such an abandoned file from one
/// still being written, and removes it before it starts
/// (`removeAbandonedTemporaryFiles(in:where:)`).
///
///     let writer = try AtomicFileWriter(destination: url)
///     try writer.write(header)
///     try stream(into: writer.io)   // or lend the descriptor to a writer
///     try writer.commit()
public final class AtomicFileWriter {
    /// The final name the file gets on `commit()`.
    public let destination: URL
    /// Where the bytes are written until `commit()`.
    public let temporaryURL: URL

    private var descriptor: FileDescriptor?
    private var state = State.writing

    private enum State { case writing, committed, discarded }

    /// Creates the temporary file beside `destination`.
    /// - Parameters:
    ///   - destination: the final path; its folder must exist.
    ///   - permissions: the mode of the finished file; 0600 unless the caller needs otherwise.
    /// - Throws: `FileIOError` naming the folder when the temporary file cannot be created
    ///   there (`.permissionDenied` for a read-only folder, `.notFound` for a missing one).
    public init(destination: URL, permissions: mode_t = 0o600) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        let finalName = destination.lastPathComponent
        // What a writer of this name killed before its rename left (`.<name>.tmp-<hex>`, its
        // lock free): the next write of the name is where it is found and removed.
        Self.removeAbandonedTemporaryFiles(in: destination.deletingLastPathComponent()) {
            Self.isTemporaryFileName($0, for: finalName)
        }
        let file = try Self.createTemporaryFile(beside: destination, permissions: permissions)
        temporaryURL = URL(fileURLWithPath: file.path)
        descriptor = consume file
    }

    /// The temporary file's descriptor, lent to a writer that writes to it directly; it stays
    /// owned by this writer.
    public var io: DescriptorIO {
        guard state == .writing, let io = descriptor?.io else {
            preconditionFailure("AtomicFileWriter used after commit or discard")
        }
        return io
    }

    /// Appends bytes to the temporary file.
    /// - Throws: `FileIOError` (e.g. `.noSpace`); the temporary file is removed first.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(state == .writing, "AtomicFileWriter used after commit or discard")
        do {
            try descriptor?.writeAll(bytes)
        } catch {
            discard()
            throw error
        }
    }

    /// Appends the bytes of `data` to the temporary file.
    /// - Throws: `FileIOError` (e.g. `.noSpace`); the temporary file is removed first.
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// Makes the file durable under its final name: fsync the file, rename it over
    /// `destination`, fsync the folder.
    /// - Throws: `FileIOError`. When the file sync or the rename fails, the temporary file is
    ///   removed and `destination` is unchanged. When only the close or the final folder sync
    ///   fails, the new file is already in place but may not survive a power loss.
    public func commit() throws {
        precondition(state == .writing, "AtomicFileWriter committed after commit or discard")
        do {
            try descriptor?.sync()
            // Renamed while still open, so its lock holds until it is under its final name.
            try Directory.rename(temporaryURL, to: destination)
        } catch {
            discard()
            throw error
        }
        state = .committed
        try descriptor.take()!.close()
        try Directory.sync(at: destination.deletingLastPathComponent())
    }

    /// Abandons the file: closes and removes the temporary file. Safe to call more than once.
    public func discard() {
        guard state == .writing else { return }
        state = .discarded
        // Removed before it is closed: its lock holds until its name is gone.
        try? Directory.removeFile(at: temporaryURL)
        descriptor = nil
    }

    deinit {
        discard()
    }
}
