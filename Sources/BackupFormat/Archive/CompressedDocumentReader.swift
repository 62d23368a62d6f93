import CArchive
import DurableIO
import Foundation

/// Reads one gzip-compressed document — a legacy v2 backup — with the same size and
/// compression-ratio limits as the archive reader.
///
///     let reader = try CompressedDocumentReader(path: "old-backup.json.gz")
///     let json = try reader.readAll()
///
/// Only ``ArchiveReaderLimits/maxEntrySize`` (the document's size),
/// ``ArchiveReaderLimits/maxCompressionRatio`` and ``ArchiveReaderLimits/ratioCheckThreshold``
/// apply. Once a call has thrown, every later call throws the same error.
///
/// libarchive 3.6.2 does not verify gzip's CRC-32, so damage inside the compressed data can
/// go unnoticed here; the JSON parser above is the next line of defence for v2 backups.
public final class CompressedDocumentReader {
    /// The limits in force.
    public let limits: ArchiveReaderLimits

    /// Decompressed bytes returned so far.
    public private(set) var bytesRead: Int64 = 0

    private let handle: LibArchiveHandle
    private var failure: BackupFormatError?

    /// Reads a document from an open, readable file descriptor (a file or a pipe).
    /// - Parameters:
    ///   - fileDescriptor: the source; not closed by the reader.
    ///   - sourceName: the source's name for error messages: its path, or `standard input`.
    ///   - limits: the limits to enforce; ``ArchiveReaderLimits/default`` unless given.
    /// - Throws: ``BackupFormatError/notGzipCompressed(source:)`` when the bytes are not gzip,
    ///   and libarchive's read errors.
    public convenience init(fileDescriptor: Int32, sourceName: String, limits: ArchiveReaderLimits = .default) throws {
        try self.init(input: .descriptor(fileDescriptor), owning: nil, sourceName: sourceName, limits: limits)
    }

    /// Reads a document from `input`: a descriptor, or a stream such as decrypted plaintext
    /// (whose end is verified once the document's end is reached).
    convenience init(input: ArchiveInput, sourceName: String, limits: ArchiveReaderLimits = .default) throws {
        try self.init(input: input, owning: nil, sourceName: sourceName, limits: limits)
    }

    /// Opens and reads the document at `path`; the file is closed when the reader is released.
    /// - Throws: ``BackupFormatError/cannotOpenFile(path:reason:)`` and the errors of
    ///   ``init(fileDescriptor:sourceName:limits:)``.
    public convenience init(path: String, limits: ArchiveReaderLimits = .default) throws {
        let file = try FileDescriptor.openForReading(path)
        let fileDescriptor = file.rawValue
        try self.init(input: .descriptor(fileDescriptor), owning: file, sourceName: path, limits: limits)
    }

    private init(
        input: ArchiveInput, owning file: consuming FileDescriptor?, sourceName: String, limits: ArchiveReaderLimits
    ) throws {
        self.limits = limits
        handle = try LibArchiveHandle(.reading, archiveName: sourceName, owning: file)
        let archive = handle.pointer
        try handle.check(archive_read_support_filter_gzip(archive), "enable gzip decompression")
        try handle.check(archive_read_support_format_raw(archive), "enable the raw format")
        do {
            // libarchive also picks the format while opening, so an empty stream fails here.
            try handle.openReading(input, "open the document")
        } catch BackupFormatError.unrecognizedArchive {
            // The raw format refuses input that yields no first byte: an empty file (not
            // gzip), or a gzip stream that decompresses to nothing or fails at its start —
            // libarchive cannot tell those two apart.
            guard archive_filter_code(archive, 0) == ARCHIVE_FILTER_GZIP else {
                throw BackupFormatError.notGzipCompressed(source: sourceName)
            }
            throw BackupFormatError.archiveReadFailed(
                archive: sourceName, entry: nil, operation: "decompress the document",
                message: "the gzip stream is empty or damaged at its start")
        }
        // The raw format accepts any bytes, so insist that gzip was recognised.
        guard archive_filter_code(archive, 0) == ARCHIVE_FILTER_GZIP else {
            throw BackupFormatError.notGzipCompressed(source: sourceName)
        }
        var header: OpaquePointer?
        try handle.check(archive_read_next_header(archive, &header), "start decompressing the document")
    }

    /// Compressed bytes taken from the source so far.
    public var compressedBytesConsumed: Int64 { handle.clientBytes }

    /// Decompressed bytes produced so far.
    public var uncompressedBytesProduced: Int64 { handle.formatBytes }

    /// Reads the next chunk of the decompressed document into `buffer`: at most 256 KiB,
    /// so the limits are checked at least that often.
    /// - Returns: the number of bytes read; 0 at the end of the document.
    /// - Throws: ``BackupFormatError/documentTooLarge(source:limit:)``,
    ///   ``BackupFormatError/compressionRatioExceeded(archive:entry:produced:consumed:limit:)``,
    ///   ``BackupFormatError/truncatedArchive(archive:entry:message:)`` and libarchive's read errors.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        do {
            guard buffer.count > 0 else { return 0 }
            let count = try handle.check(
                count: archive_read_data(
                    handle.pointer, buffer.baseAddress, min(buffer.count, LibArchiveHandle.maximumReadChunk)),
                "decompress the document")
            bytesRead += Int64(count)
            if count == 0 { try handle.verifySourceEnd() }
            if bytesRead > limits.maxEntrySize {
                throw BackupFormatError.documentTooLarge(source: handle.archiveName, limit: limits.maxEntrySize)
            }
            try limits.checkCompressionRatio(of: handle, entry: nil)
            return count
        } catch let error as BackupFormatError {
            failure = error
            throw error
        }
    }

    /// Reads the whole decompressed document into memory.
    /// - Throws: the errors of ``read(into:)``.
    public func readAll() throws -> [UInt8] {
        var document: [UInt8] = []
        try withUnsafeTemporaryAllocation(byteCount: 256 << 10, alignment: 16) { buffer in
            while true {
                let count = try read(into: buffer)
                if count == 0 { break }
                document.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return document
    }
}
