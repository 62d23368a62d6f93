import CArchive
import DurableIO

/// Streams the entries of an untrusted tar archive — zstd, gzip or uncompressed, detected from
/// the bytes — enforcing the rules of design §8 as it goes.
///
/// Refused, each with its own ``BackupFormatError``: entries that are not regular files,
/// absolute paths, `..` components, empty names, duplicate names, more entries than
/// ``ArchiveReaderLimits/maxEntryCount``, entries or totals over the size limits, data that
/// decompresses beyond ``ArchiveReaderLimits/maxCompressionRatio``, and compressed data that
/// fails its own integrity check (gzip's CRC-32 and length, zstd's content checksum) or is
/// followed by anything. Nothing but tar inside zstd, gzip or nothing is even attempted.
///
///     let reader = try BackupFile(path: "backup.tar.zst").openTar()
///     while let entry = try reader.nextEntry() {
///         let bytes = try reader.readEntry(maxBytes: 512 << 20)
///         …
///     }
///
/// Memory stays constant while streaming with ``read(into:)``. Once a call has thrown, every
/// later call throws the same error: a reader never continues past a refused archive.
public final class TarArchiveReader {
    public let limits: ArchiveReaderLimits

    /// The entry whose data ``read(into:)`` returns; `nil` before the first entry and at the end.
    public private(set) var currentEntry: TarEntry?

    /// The number of entries returned so far.
    public private(set) var entryCount = 0

    /// Entry data bytes read so far, over all entries.
    public private(set) var totalBytesRead: Int64 = 0

    private let handle: LibArchiveHandle
    private let stream: CompressedStreamReader
    private var admission: TarEntryAdmission
    private var currentEntryBytesRead: Int64 = 0
    private var reachedEnd = false
    private var failure = StickyFailure()

    /// Reads an archive from `input`: a descriptor, or a stream such as decrypted plaintext
    /// (read to its authenticated end once the archive's end is reached).
    convenience init(input: ArchiveInput, archiveName: String, limits: ArchiveReaderLimits = .default) throws {
        try self.init(stream: CompressedStreamReader(source: input, name: archiveName, limits: limits))
    }

    init(stream: CompressedStreamReader) throws {
        limits = stream.limits
        admission = TarEntryAdmission(archiveName: stream.name, limits: stream.limits)
        self.stream = stream
        handle = try LibArchiveHandle(reading: stream)
        try handle.check(archive_read_support_format_tar(handle.pointer), "enable the tar format")
        try handle.openSource()
    }

    /// The archive's name as used in error messages.
    public var archiveName: String { handle.archiveName }

    /// The compression detected from the archive's first bytes.
    public var compression: ArchiveCompression.Algorithm { stream.algorithm }

    /// Compressed bytes decoded so far.
    public var compressedBytesConsumed: Int64 { stream.compressedBytesConsumed }

    /// Moves to the next entry, skipping (but still checking) any unread data of the current one.
    /// - Returns: the entry, or `nil` at the end of the archive.
    /// - Throws: one of the specific refusals listed on the type, ``BackupFormatError/truncatedArchive(archive:entry:message:)``,
    ///   ``BackupFormatError/unrecognizedArchive(archive:)``, or libarchive's read errors.
    public func nextEntry() throws -> TarEntry? {
        try failure.guarding {
            if reachedEnd { return nil }
            if currentEntry != nil { try drainCurrentEntry() }
            currentEntry = nil
            stream.currentEntry = nil
            var header: OpaquePointer?
            let status = try handle.check(
                archive_read_next_header(handle.pointer, &header), "read the header of entry \(entryCount + 1)")
            guard status != ARCHIVE_EOF, let header else {
                // The end of the tar is not the end of the stream: the rest of the last frame
                // carries its checksum, nothing may follow it, and an encrypted file is
                // authenticated to its final chunk.
                try stream.finish()
                reachedEnd = true
                return nil
            }
            let entry = try admission.admit(header, index: entryCount)
            entryCount += 1
            currentEntry = entry
            stream.currentEntry = entry.path
            currentEntryBytesRead = 0
            return entry
        }
    }

    /// Reads the next chunk of the current entry's data into `buffer`.
    ///
    /// A chunk is at most 256 KiB whatever the buffer's size, so the limits are checked at
    /// least that often.
    /// - Returns: the number of bytes read; 0 at the end of the entry.
    /// - Throws: ``BackupFormatError/entryTooLarge(archive:path:size:limit:)``,
    ///   ``BackupFormatError/archiveTooLarge(archive:limit:)``,
    ///   ``BackupFormatError/compressionRatioExceeded(archive:entry:produced:consumed:limit:)``,
    ///   ``BackupFormatError/truncatedArchive(archive:entry:message:)`` and libarchive's read errors.
    /// - Precondition: ``nextEntry()`` returned an entry that is still current.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try failure.guarding {
            guard let entry = currentEntry else {
                preconditionFailure("TarArchiveReader.read called without a current entry")
            }
            return try readChunk(of: entry, into: buffer)
        }
    }

    /// Reads the rest of the current entry's data into memory.
    /// - Parameter maxBytes: the most bytes the caller will hold; the entry is refused, before
    ///   anything is read, when its declared size is larger. The reader's limits apply as well.
    /// - Returns: the entry's data.
    /// - Throws: ``BackupFormatError/entryTooLarge(archive:path:size:limit:)`` and the errors of ``read(into:)``.
    /// - Precondition: ``nextEntry()`` returned an entry that is still current.
    public func readEntry(maxBytes: Int64 = .max) throws -> [UInt8] {
        guard let entry = currentEntry else {
            preconditionFailure("TarArchiveReader.readEntry called without a current entry")
        }
        let remaining = entry.size - currentEntryBytesRead
        guard entry.size <= maxBytes else {
            throw BackupFormatError.entryTooLarge(
                archive: archiveName, path: entry.path, size: entry.size, limit: maxBytes)
        }
        return try [UInt8](unsafeUninitializedCapacity: Int(remaining)) { buffer, count in
            count = try UnsafeMutableRawBufferPointer(buffer).fill { try self.read(into: $0) }
        }
    }

    private func readChunk(of entry: TarEntry, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        let count = try handle.check(
            count: archive_read_data(
                handle.pointer, buffer.baseAddress, min(buffer.count, LibArchiveHandle.maximumReadChunk)),
            "read entry data", entry: entry.path)
        currentEntryBytesRead += Int64(count)
        totalBytesRead += Int64(count)
        if currentEntryBytesRead > min(entry.size, limits.maxEntrySize) {
            throw BackupFormatError.entryTooLarge(
                archive: archiveName, path: entry.path, size: currentEntryBytesRead,
                limit: min(entry.size, limits.maxEntrySize))
        }
        if totalBytesRead > limits.maxTotalSize {
            throw BackupFormatError.archiveTooLarge(archive: archiveName, limit: limits.maxTotalSize)
        }
        if count == 0 && currentEntryBytesRead < entry.size {
            throw BackupFormatError.truncatedArchive(
                archive: archiveName, entry: entry.path,
                message: "the data ended after \(currentEntryBytesRead) of \(entry.size) bytes")
        }
        return count
    }

    /// Reads the unread rest of the current entry through the same checks, rather than letting
    /// libarchive skip it unchecked: skipping compressed data means decompressing it all.
    private func drainCurrentEntry() throws {
        guard let entry = currentEntry else { return }
        try withUnsafeTemporaryAllocation(byteCount: 64 << 10, alignment: 16) { buffer in
            while try readChunk(of: entry, into: buffer) > 0 {}
        }
    }
}
