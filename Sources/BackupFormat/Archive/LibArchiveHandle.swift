import CArchive
import Foundation

/// Owns one libarchive handle (`struct archive *`), reading or writing an uncompressed tar
/// stream, and frees it in `deinit`.
///
/// libarchive handles only the tar format: compression is ``CompressedStreamReader``'s and
/// ``CompressedStreamWriter``'s, which libarchive reaches through callbacks. The handle owns
/// its stream, and stored properties are released after `deinit`, so the stream outlives the
/// C handle that calls back into it.
///
/// Every libarchive status code in this module goes through ``check(_:_:entry:)`` (or its
/// byte-count twin), so every failure carries libarchive's own message — or the stream's
/// error, when a callback failed — and is classified the same way wherever it happens.
final class LibArchiveHandle {
    let pointer: OpaquePointer
    /// The archive's name for messages: a path, or `standard input`.
    let archiveName: String
    /// The stream libarchive reads through the read callback (for a reading handle).
    let source: CompressedStreamReader?
    /// The stream libarchive writes through the write callback (for a writing handle).
    let sink: CompressedStreamWriter?

    /// Creates a handle that reads the tar stream `source` decompresses.
    init(reading source: CompressedStreamReader) throws {
        guard let created = archive_read_new() else {
            throw BackupFormatError.archiveReadFailed(
                archive: source.name, entry: nil, operation: "start reading", message: "out of memory")
        }
        pointer = created
        archiveName = source.name
        self.source = source
        sink = nil
    }

    /// Creates a handle that writes a tar stream into `sink`.
    init(writing sink: CompressedStreamWriter) throws {
        guard let created = archive_write_new() else {
            throw BackupFormatError.archiveWriteFailed(
                archive: sink.name, entry: nil, operation: "start writing", message: "out of memory")
        }
        pointer = created
        archiveName = sink.name
        source = nil
        self.sink = sink
    }

    deinit {
        if source != nil { archive_read_free(pointer) } else { archive_write_free(pointer) }
    }

    func openSource() throws {
        guard let source else { preconditionFailure("openSource on a writing handle") }
        // The client data is the source, which this handle keeps alive as long as libarchive may call back.
        let client = Unmanaged.passUnretained(source).toOpaque()
        try check(archive_read_open(pointer, client, nil, readCallback, nil), "open the archive")
    }

    func openSink() throws {
        guard let sink else { preconditionFailure("openSink on a reading handle") }
        let client = Unmanaged.passUnretained(sink).toOpaque()
        try check(archive_write_open(pointer, client, nil, writeCallback, nil), "open the archive for writing")
    }

    /// Returns `status` when libarchive reports success, a warning or end of archive; throws
    /// the classified failure otherwise.
    /// - Parameters:
    ///   - operation: what was attempted, phrased to follow "Could not", e.g. `read the next entry header`.
    ///   - entry: the entry being read or written, if any, for the message.
    @discardableResult
    func check(_ status: Int32, _ operation: @autoclosure () -> String, entry: String? = nil) throws -> Int32 {
        switch status {
        case ARCHIVE_OK, ARCHIVE_EOF, ARCHIVE_WARN:
            return status
        default:
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

    /// The most bytes one `archive_read_data` call may produce, so the entry and total limits
    /// are checked at least that often.
    static let maximumReadChunk = 256 << 10

    private func failure(_ operation: String, entry: String?) -> any Error {
        // A callback failed: its error is the cause, whatever libarchive made of it.
        if let failure = source?.failure.error { return failure }
        if let failure = sink?.failure { return failure }
        guard let cMessage = archive_error_string(pointer) else {
            return source != nil
                ? BackupFormatError.truncatedArchive(
                    archive: archiveName, entry: entry, message: "the archive data ends early")
                : BackupFormatError.archiveWriteFailed(
                    archive: archiveName, entry: entry, operation: operation, message: "libarchive gave no details")
        }
        var message = String(cString: cMessage)
        // Some messages leave the system's reason in errno only. EILSEQ is libarchive's code
        // for a malformed file, whose strerror text would mislead.
        let code = archive_errno(pointer)
        if code > 0 && code != EILSEQ {
            let reason = String(cString: strerror(code))
            if !message.contains(reason) { message += ": \(reason)" }
        }
        guard source != nil else {
            return BackupFormatError.archiveWriteFailed(
                archive: archiveName, entry: entry, operation: operation, message: message)
        }
        // libarchive 3.6.2 has no error code for truncation; its tar reader says "truncated"
        // in its messages, which is stable within the pinned version.
        if message.range(of: "truncated", options: .caseInsensitive) != nil
            || message.range(of: "premature end", options: .caseInsensitive) != nil
        {
            return BackupFormatError.truncatedArchive(archive: archiveName, entry: entry, message: message)
        }
        // No format recognised the first bytes: not an archive at all (or an empty file).
        if archive_format(pointer) == 0 && archive_errno(pointer) == EILSEQ {
            return BackupFormatError.unrecognizedArchive(archive: archiveName)
        }
        return BackupFormatError.archiveReadFailed(
            archive: archiveName, entry: entry, operation: operation, message: message)
    }
}

/// libarchive's read callback: the next decompressed block of the source (the client data).
/// A failure is kept by the source and reported by ``LibArchiveHandle/check(_:_:entry:)``.
private func readCallback(
    _ archive: OpaquePointer?, _ client: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UnsafeRawPointer?>?
) -> la_ssize_t {
    guard let client, let buffer else { return la_ssize_t(ARCHIVE_FATAL) }
    let source = Unmanaged<CompressedStreamReader>.fromOpaque(client).takeUnretainedValue()
    do {
        // The block stays the source's until the next call, as libarchive requires.
        let block = try source.nextBlock()
        buffer.pointee = block.baseAddress
        return la_ssize_t(block.count)
    } catch {
        return la_ssize_t(ARCHIVE_FATAL)
    }
}

/// libarchive's write callback: compresses and writes `length` bytes into the sink (the
/// client data). A failure is kept by the sink and reported by ``LibArchiveHandle/check(_:_:entry:)``.
private func writeCallback(
    _ archive: OpaquePointer?, _ client: UnsafeMutableRawPointer?, _ buffer: UnsafeRawPointer?, _ length: Int
) -> la_ssize_t {
    guard let client else { return la_ssize_t(ARCHIVE_FATAL) }
    let sink = Unmanaged<CompressedStreamWriter>.fromOpaque(client).takeUnretainedValue()
    do {
        try sink.write(UnsafeRawBufferPointer(start: buffer, count: length))
        return la_ssize_t(length)
    } catch {
        return la_ssize_t(ARCHIVE_FATAL)
    }
}
