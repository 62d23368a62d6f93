import CArchive
import DurableIO
import Foundation

/// Owns one libarchive handle (`struct archive *`) and frees it in `deinit`; a reader opened
/// on a path owns its file too, closed only once the handle that reads it is freed.
///
/// Every libarchive status code in this module goes through ``check(_:_:entry:)`` (or its
/// byte-count twin), so every failure carries libarchive's own message and is classified the
/// same way wherever it happens.
final class LibArchiveHandle {
    enum Direction {
        case reading
        case writing
    }

    let pointer: OpaquePointer
    let direction: Direction
    /// The archive's name for messages: a path, or `standard input`.
    let archiveName: String
    /// The file the handle reads from when it opened it itself; `nil` when the caller owns
    /// the descriptor. Stored properties go after `deinit`, so the file outlives the handle.
    private let ownedFile: FileDescriptor?
    /// The source or sink behind libarchive's callbacks, for a handle opened on a stream;
    /// freed only after the handle, so no callback can outlive it.
    var callbackTarget: ArchiveCallbackTarget?

    /// Creates a handle.
    /// - Parameters:
    ///   - archiveName: the archive's name for messages.
    ///   - ownedFile: a file to close once the handle is freed (the one it reads from).
    init(_ direction: Direction, archiveName: String, owning ownedFile: consuming FileDescriptor? = nil) throws {
        let created = direction == .reading ? archive_read_new() : archive_write_new()
        guard let created else {
            let operation = direction == .reading ? "start reading" : "start writing"
            throw direction == .reading
                ? BackupFormatError.archiveReadFailed(
                    archive: archiveName, entry: nil, operation: operation, message: "out of memory")
                : BackupFormatError.archiveWriteFailed(
                    archive: archiveName, entry: nil, operation: operation, message: "out of memory")
        }
        pointer = created
        self.direction = direction
        self.archiveName = archiveName
        self.ownedFile = ownedFile
    }

    deinit {
        switch direction {
        case .reading: archive_read_free(pointer)
        case .writing: archive_write_free(pointer)
        }
    }

    /// Returns `status` when libarchive reports success, a warning or end of archive; throws
    /// the classified failure otherwise.
    /// - Parameters:
    ///   - operation: what was attempted, phrased to follow "Could not", e.g. `read the next entry header`.
    ///   - entry: the entry being read or written, if any, for the message.
    ///
    /// When a stream source or sink threw inside a callback, that error is thrown unchanged
    /// (a decryption failure, a full disk) rather than libarchive's bare "failed".
    @discardableResult
    func check(_ status: Int32, _ operation: @autoclosure () -> String, entry: String? = nil) throws -> Int32 {
        switch status {
        case ARCHIVE_OK, ARCHIVE_EOF, ARCHIVE_WARN:
            return status
        default:
            if let error = callbackTarget?.error { throw error }
            throw failure(operation(), entry: entry)
        }
    }

    /// The byte-count form of ``check(_:_:entry:)`` for `archive_read_data` and
    /// `archive_write_data`, which return a count or a negative status.
    func check(count: Int, _ operation: @autoclosure () -> String, entry: String? = nil) throws -> Int {
        if count >= 0 { return count }
        try check(Int32(clamping: count), operation(), entry: entry)
        // A negative count that is a warning still moved no bytes.
        return 0
    }

    /// The most bytes one `archive_read_data` call may produce. libarchive fills whatever
    /// buffer it is given, so without this cap one call with a 2 GiB buffer would decompress a
    /// bomb to 2 GiB before the ratio could be checked.
    static let maximumReadChunk = 256 << 10

    /// Compressed bytes moved between libarchive and the file: read from it, or written to it.
    var clientBytes: Int64 { archive_filter_bytes(pointer, -1) }

    /// Uncompressed bytes moved between the tar (or raw) format layer and the compression filter.
    var formatBytes: Int64 { archive_filter_bytes(pointer, 0) }

    private func failure(_ operation: String, entry: String?) -> BackupFormatError {
        guard let cMessage = archive_error_string(pointer) else {
            // libarchive 3.6.2's filters fail without a message in one situation: a short read
            // at the end of the input (a gzip trailer cut off, for instance).
            return direction == .reading
                ? .truncatedArchive(archive: archiveName, entry: entry, message: "the compressed data ends early")
                : .archiveWriteFailed(
                    archive: archiveName, entry: entry, operation: operation, message: "libarchive gave no details")
        }
        var message = String(cString: cMessage)
        // Some messages ("Write error") leave the system's reason in errno only. EILSEQ is
        // libarchive's code for a malformed file, whose strerror text would mislead.
        let code = archive_errno(pointer)
        if code > 0 && code != EILSEQ {
            let reason = String(cString: strerror(code))
            if !message.contains(reason) { message += ": \(reason)" }
        }
        switch direction {
        case .writing:
            return .archiveWriteFailed(archive: archiveName, entry: entry, operation: operation, message: message)
        case .reading:
            // libarchive 3.6.2 has no error code for truncation; its tar, gzip and zstd readers
            // all say "truncated" in their messages, which is stable within the pinned version.
            if message.range(of: "truncated", options: .caseInsensitive) != nil
                || message.range(of: "premature end", options: .caseInsensitive) != nil
            {
                return .truncatedArchive(archive: archiveName, entry: entry, message: message)
            }
            // No format recognised the first bytes: not an archive at all (or an empty file).
            if archive_format(pointer) == 0 && archive_errno(pointer) == EILSEQ {
                return .unrecognizedArchive(archive: archiveName)
            }
            return .archiveReadFailed(archive: archiveName, entry: entry, operation: operation, message: message)
        }
    }
}
