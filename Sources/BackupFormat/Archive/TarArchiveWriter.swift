import CArchive
import DomainModel
import DurableIO
import Foundation

/// Writes a POSIX pax tar archive, compressed with zstd, gzip or nothing, to a file descriptor.
///
/// The output lists and extracts with plain GNU tar (`tar --zstd -xf`, `tar -xzf`, `tar -xf`).
/// Every entry is a regular file, mode 0600, owner and group 0. Memory stays constant: data
/// goes through in whatever chunks the caller has.
///
///     let writer = try TarArchiveWriter(descriptor: file.io)
///     try writer.beginEntry(path: "manifest.json", size: Int64(manifest.count), modificationTime: now)
///     try writer.write(manifest)
///     try writer.finish()
///     print(writer.compressedBytesWritten)
///
/// The writer does not close the descriptor, sync it, or rename anything: making the file
/// durable and atomic is the caller's job. If the writer is released before ``finish()``
/// succeeds, no end-of-archive marker is written, so the partial output never looks complete.
public final class TarArchiveWriter {
    private struct OpenEntry {
        let path: String
        let declaredSize: Int64
        var bytesWritten: Int64
    }

    /// The number of entries begun so far.
    public private(set) var entryCount = 0

    private let handle: LibArchiveHandle
    private let sink: CompressedStreamWriter
    private let entry: OpaquePointer
    private var openEntry: OpenEntry?
    private var writtenPaths: Set<String> = []
    private var isFinished = false

    /// Starts an archive on an open, writable descriptor.
    /// - Parameters:
    ///   - descriptor: where the archive goes, named in error messages as it is named (its
    ///     path, or `standard output`); not closed by the writer.
    ///   - compression: zstd level 3 unless given.
    /// - Throws: ``BackupFormatError/archiveWriteFailed(archive:entry:operation:message:)`` when
    ///   libarchive or the compressor cannot be set up.
    public convenience init(descriptor: DescriptorIO, compression: ArchiveCompression = .default) throws {
        try self.init(output: .descriptor(descriptor), archiveName: descriptor.name, compression: compression)
    }

    /// Starts an archive on `output`: a descriptor, or a sink such as an encryptor.
    init(output: ArchiveOutput, archiveName: String, compression: ArchiveCompression = .default) throws {
        // zstd compresses on every core (its output is the same format; only speed changes).
        let workers = compression.algorithm == .zstd ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) : 0
        let sink = try CompressedStreamWriter(
            output: output, name: archiveName, compression: compression, workers: workers)
        // The handle exists before `self` is complete, so a failure in between frees it (a
        // local) and nothing leaks; from then on `deinit` frees it.
        let handle = try LibArchiveHandle(writing: sink)
        guard let entry = archive_entry_new() else {
            throw BackupFormatError.archiveWriteFailed(
                archive: archiveName, entry: nil, operation: "start writing", message: "out of memory")
        }
        self.handle = handle
        self.sink = sink
        self.entry = entry
        let archive = handle.pointer
        try handle.check(archive_write_set_format_pax_restricted(archive), "select the pax tar format")
        if compression.algorithm != .uncompressed {
            // No blocking: every write goes straight to the compressor, in the caller's chunks
            // (one call per 10 KiB block costs zstd's threads a hand-off each), and no padding
            // to a 10 KiB tar block is compressed. Uncompressed tar keeps the standard blocks.
            try handle.check(archive_write_set_bytes_per_block(archive, 0), "turn off output blocking")
        }
        try handle.openSink()
    }

    deinit {
        if !isFinished {
            // Given up: the handle is marked failed, so closing it does not pad the open entry
            // to its declared size, and the sink drops the end-of-archive marker closing still
            // writes — the output never looks complete, and the compressed frame stays
            // unfinished. Closing is what frees libarchive's output buffer: 3.6.2 frees it
            // there, not when a failed handle is freed (libarchive#1568, fixed upstream in #2729).
            archive_write_fail(handle.pointer)
            sink.abandon()
            archive_write_close(handle.pointer)
        }
        archive_entry_free(entry)
    }

    /// Compressed bytes written to the descriptor so far; the archive's final size once
    /// ``finish()`` has returned.
    public var compressedBytesWritten: Int64 { sink.compressedBytesWritten }

    /// Starts a regular-file entry; its data follows through ``write(_:)-(UnsafeRawBufferPointer)``.
    ///
    /// Ends the previous entry first, which must have received exactly its declared size.
    /// - Parameters:
    ///   - path: a relative path of printable ASCII without `..`, unique within the archive, e.g.
    ///     `sections/lookupHistory.json`.
    ///   - size: the exact number of bytes that will be written for this entry.
    ///   - modificationTime: stored in the header (whole seconds are what tar shows).
    /// - Throws: ``BackupFormatError/invalidEntryPathForWriting(path:reason:)`` for a path the
    ///   reader would refuse, ``BackupFormatError/entrySizeMismatch(path:declared:written:)`` when
    ///   the previous entry is short, and `FileIOError` when writing fails.
    /// - Precondition: ``finish()`` has not been called; `size` is not negative.
    public func beginEntry(path: String, size: Int64, modificationTime: Date) throws {
        precondition(!isFinished, "TarArchiveWriter.beginEntry called after finish()")
        precondition(size >= 0, "TarArchiveWriter.beginEntry: negative size \(size) for '\(path)'")
        try endOpenEntry()
        func refused(_ reason: String) -> BackupFormatError { .invalidEntryPathForWriting(path: path, reason: reason) }
        let normalizedPath: String
        switch TarEntryPath.judge(path) {
        case .valid(let normalized): normalizedPath = normalized
        case .empty: throw refused("the path is empty")
        case .absolute: throw refused("the path is absolute")
        case .parentDirectory: throw refused("the path contains '..'")
        }
        // libarchive 3.6.2's pax writer crashes (strlen of NULL) on non-ASCII names when the
        // process runs in the C locale, as Swift programs do; backup entry names are ASCII anyway.
        guard normalizedPath.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw refused("the path contains characters other than printable ASCII")
        }
        guard writtenPaths.insert(normalizedPath).inserted else {
            throw refused("an entry with this path was already written")
        }

        // Within the four-digit years, so any Date converts without overflow.
        let interval = modificationTime.timeIntervalSince1970
        let time =
            interval.isNaN
            ? 0 : min(max(interval, Timestamp.representableRange.lowerBound), Timestamp.representableRange.upperBound)
        let seconds = time.rounded(.down)
        let nanoseconds = Int((time - seconds) * 1_000_000_000)
        archive_entry_clear(entry)
        archive_entry_set_pathname_utf8(entry, normalizedPath)
        archive_entry_set_filetype(entry, 0o100000) // AE_IFREG, a cast macro Swift cannot import
        archive_entry_set_perm(entry, 0o600)
        archive_entry_set_uid(entry, 0)
        archive_entry_set_gid(entry, 0)
        archive_entry_set_size(entry, size)
        archive_entry_set_mtime(entry, time_t(seconds), min(nanoseconds, 999_999_999))
        try handle.check(archive_write_header(handle.pointer, entry), "write the entry header", entry: normalizedPath)
        openEntry = OpenEntry(path: normalizedPath, declaredSize: size, bytesWritten: 0)
        entryCount += 1
    }

    /// Appends bytes to the current entry. Chunks may have any size, including zero.
    /// - Throws: ``BackupFormatError/entrySizeMismatch(path:declared:written:)`` — before
    ///   writing anything — when the chunk would take the entry past its declared size, and
    ///   `FileIOError` when writing fails (disk full, closed pipe).
    /// - Precondition: an entry has been begun and ``finish()`` has not been called.
    public func write(_ chunk: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "TarArchiveWriter.write called after finish()")
        guard var current = openEntry else {
            preconditionFailure("TarArchiveWriter.write called before beginEntry")
        }
        let total = current.bytesWritten + Int64(chunk.count)
        guard total <= current.declaredSize else {
            throw BackupFormatError.entrySizeMismatch(
                path: current.path, declared: current.declaredSize, written: total)
        }
        guard let base = chunk.baseAddress else { return }
        var offset = 0
        while offset < chunk.count {
            let written = try handle.check(
                count: archive_write_data(handle.pointer, base + offset, chunk.count - offset),
                "write entry data", entry: current.path)
            guard written > 0 else {
                throw BackupFormatError.archiveWriteFailed(
                    archive: handle.archiveName, entry: current.path, operation: "write entry data",
                    message: "libarchive accepted no bytes")
            }
            offset += written
        }
        current.bytesWritten = total
        openEntry = current
    }

    /// Appends `bytes` (a `Data` or a `[UInt8]`) to the current entry; see
    /// ``write(_:)-(UnsafeRawBufferPointer)``.
    public func write(_ bytes: some ContiguousBytes) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Ends the last entry, writes the end-of-archive marker and flushes the compressor.
    /// - Throws: ``BackupFormatError/entrySizeMismatch(path:declared:written:)`` when the last
    ///   entry is short, and `FileIOError` when writing fails.
    /// - Precondition: called at most once.
    public func finish() throws {
        precondition(!isFinished, "TarArchiveWriter.finish called twice")
        try endOpenEntry()
        try handle.check(archive_write_close(handle.pointer), "finish the archive")
        isFinished = true
        try sink.finish()
    }

    private func endOpenEntry() throws {
        guard let current = openEntry else { return }
        guard current.bytesWritten == current.declaredSize else {
            throw BackupFormatError.entrySizeMismatch(
                path: current.path, declared: current.declaredSize, written: current.bytesWritten)
        }
        try handle.check(archive_write_finish_entry(handle.pointer), "finish the entry", entry: current.path)
        openEntry = nil
    }
}
