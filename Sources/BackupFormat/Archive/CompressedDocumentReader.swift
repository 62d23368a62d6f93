/// Reads one gzip-compressed document — a legacy v2 backup — with the same size and
/// compression-ratio limits as the archive reader, verifying gzip's CRC-32 and length.
/// `LegacyBackupDocument` reads a v2 backup's ``BackupFile`` through it.
///
/// Only ``ArchiveReaderLimits/maxEntrySize`` (the document's size),
/// ``ArchiveReaderLimits/maxCompressionRatio`` and ``ArchiveReaderLimits/ratioCheckThreshold``
/// apply. A v2 backup has no checksum of its own: the gzip trailer's CRC-32 is the only thing
/// that tells a damaged document from a good one, so the document is complete only once
/// ``read(into:)`` has returned 0. Once a call has thrown, every later call throws the same error.
final class CompressedDocumentReader {
    /// Decompressed bytes returned so far.
    private(set) var bytesRead: Int64 = 0

    private let stream: CompressedStreamReader
    private var failure = StickyFailure()

    /// Reads the document `stream` decompresses: from a descriptor, or from a stream such as
    /// decrypted plaintext (read to its authenticated end before the document's end is reported).
    init(stream: CompressedStreamReader) throws {
        guard stream.algorithm == .gzip else { throw BackupFormatError.notGzipCompressed(source: stream.name) }
        self.stream = stream
    }

    /// Reads the next chunk of the decompressed document into `buffer`: at most 256 KiB,
    /// so the size limit is checked at least that often.
    /// - Returns: the number of bytes read; 0 at the end of the document, once every gzip
    ///   member's CRC-32 and length have been checked.
    /// - Throws: ``BackupFormatError/documentTooLarge(source:limit:)``,
    ///   ``BackupFormatError/compressionRatioExceeded(archive:entry:produced:consumed:limit:)``,
    ///   ``BackupFormatError/truncatedArchive(archive:entry:message:)``,
    ///   ``BackupFormatError/corruptCompressedData(archive:entry:algorithm:message:)``.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try failure.guarding {
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, 256 << 10)])
            let count = try stream.read(into: chunk)
            bytesRead += Int64(count)
            if bytesRead > stream.limits.maxEntrySize {
                throw BackupFormatError.documentTooLarge(source: stream.name, limit: stream.limits.maxEntrySize)
            }
            return count
        }
    }

    /// Reads the whole decompressed document into memory.
    /// - Throws: the errors of ``read(into:)``.
    func readAll() throws -> [UInt8] {
        var document: [UInt8] = []
        try withUnsafeTemporaryAllocation(byteCount: 256 << 10, alignment: 16) { buffer in
            while case let count = try read(into: buffer), count > 0 {
                document.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return document
    }
}
