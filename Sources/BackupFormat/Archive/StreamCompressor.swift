import CArchive
import Foundation

/// Compresses bytes into a file descriptor as one standalone zstd frame or gzip member (or
/// copies them, for no compression), through libarchive's raw format.
///
/// Compressed streams concatenate: `zstd -d`, `gzip -d` and libarchive read consecutive
/// frames or members as one stream. The backup writer uses that to compress the manifest
/// apart from the sections, which were compressed while the export ran.
final class StreamCompressor {
    private let handle: LibArchiveHandle
    private let entry: OpaquePointer
    private var isFinished = false

    /// Starts a compressed stream on `output`.
    init(output: ArchiveOutput, name: String, compression: ArchiveCompression) throws {
        let handle = try LibArchiveHandle(.writing, archiveName: name)
        guard let entry = archive_entry_new() else {
            throw BackupFormatError.archiveWriteFailed(
                archive: name, entry: nil, operation: "start compressing", message: "out of memory")
        }
        self.handle = handle
        self.entry = entry
        let archive = handle.pointer
        try handle.check(archive_write_set_format_raw(archive), "select raw output")
        switch compression.algorithm {
        case .zstd: try handle.check(archive_write_add_filter_zstd(archive), "set up zstd compression")
        case .gzip: try handle.check(archive_write_add_filter_gzip(archive), "set up gzip compression")
        case .uncompressed: try handle.check(archive_write_add_filter_none(archive), "set up uncompressed output")
        }
        if let level = compression.level {
            let filter = compression.algorithm.rawValue
            try handle.check(
                archive_write_set_filter_option(archive, filter, "compression-level", String(level)),
                "set the \(filter) compression level to \(level)")
        }
        // No padding: the frame must end where its data ends, or the next frame would follow zeros.
        try handle.check(archive_write_set_bytes_per_block(archive, 0), "turn off output blocking")
        try handle.openWriting(output, "open the output")
        archive_entry_set_filetype(entry, 0o100000)
        archive_entry_set_pathname(entry, "data")
        try handle.check(archive_write_header(archive, entry), "start the compressed data")
    }

    deinit {
        if !isFinished { archive_write_fail(handle.pointer) }
        archive_entry_free(entry)
    }

    /// Compresses `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = archive_write_data(handle.pointer, bytes.baseAddress! + offset, bytes.count - offset)
            offset += try handle.check(count: written, "compress data")
        }
    }

    /// Ends the frame and flushes it to the descriptor.
    func finish() throws {
        isFinished = true
        try handle.check(archive_write_close(handle.pointer), "finish the compressed data")
    }

    /// Compressed bytes written so far.
    var compressedBytesWritten: Int64 { archive_filter_bytes(handle.pointer, -1) }
}
