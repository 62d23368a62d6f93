import DurableIO

/// Compresses bytes into one zstd frame or gzip member (or copies them, for no compression)
/// and writes the result to a descriptor, or to a sink such as an encryptor. zstd frames
/// carry their content checksum.
///
///     let stream = try CompressedStreamWriter(output: .descriptor(fd), name: path, compression: .zstd)
///     try stream.write(bytes)
///     try stream.finish()
///
/// Compressed streams concatenate: `zstd -d`, `gzip -d` and ``CompressedStreamReader`` read
/// consecutive frames or members as one stream. The backup writer uses that to compress the
/// manifest apart from the sections, which were compressed while the export ran.
///
/// Writes go through `DurableIO`, so a full disk is a `FileIOError` naming `name`. A stream
/// released before ``finish()`` leaves an unfinished frame, which no reader takes as complete.
final class CompressedStreamWriter {
    /// The file's name in messages: the path the user knows.
    let name: String
    /// Compressed bytes written to the output so far.
    private(set) var compressedBytesWritten: Int64 = 0
    /// The first error of a write made on libarchive's behalf, which libarchive cannot carry.
    private(set) var failure: (any Error)?

    private let output: ArchiveOutput
    private let encoder: any StreamEncoder
    private var isFinished = false
    /// Set by ``abandon()``: what arrives afterwards is dropped.
    private var isAbandoned = false

    /// Starts a stream on `output` (a descriptor is not closed here).
    /// - Parameters:
    ///   - name: the destination's name for messages: its path, or `standard output`.
    ///   - workers: threads zstd may compress on beside the caller's (0: none).
    /// - Throws: ``BackupFormatError/archiveWriteFailed(archive:entry:operation:message:)``
    ///   when the compressor cannot be set up.
    init(output: ArchiveOutput, name: String, compression: ArchiveCompression, workers: Int = 0) throws {
        self.output = output
        self.name = name
        do {
            encoder = try compression.algorithm.makeEncoder(level: compression.level, workers: workers)
        } catch {
            throw BackupFormatError.archiveWriteFailed(
                archive: name, entry: nil, operation: "start compressing", message: error.message)
        }
    }

    /// Compresses `bytes` and writes what the compressor produces.
    /// - Throws: `FileIOError` when writing fails, or what the sink throws (an encryptor's write).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "CompressedStreamWriter.write called after finish()")
        if isAbandoned { return }
        try remembering {
            try encoder.encode(bytes, finishing: false, emit: emit)
        }
    }

    /// Ends the frame (with its checksum) and writes the rest.
    /// - Throws: `FileIOError` when writing fails, or what the sink throws (an encryptor's write).
    func finish() throws {
        precondition(!isFinished, "CompressedStreamWriter.finish called twice")
        try remembering {
            try encoder.encode(UnsafeRawBufferPointer(start: nil, count: 0), finishing: true, emit: emit)
        }
        isFinished = true
    }

    /// Gives the stream up: whatever is written afterwards is dropped, and the frame is never
    /// ended, so what the descriptor holds stays unfinished for every reader.
    func abandon() {
        isAbandoned = true
    }

    private func emit(_ compressed: UnsafeRawBufferPointer) throws {
        switch output {
        case .descriptor(let descriptor): try descriptor.named(name).writeAll(compressed)
        case .stream(let sink): try sink.write(compressed)
        }
        compressedBytesWritten += Int64(compressed.count)
    }

    /// Runs `body`, keeping its first error for ``failure``.
    private func remembering(_ body: () throws -> Void) throws {
        if let failure { throw failure }
        do {
            try body()
        } catch {
            var thrown = error
            if let codec = error as? CodecFailure {
                thrown = BackupFormatError.archiveWriteFailed(
                    archive: name, entry: nil, operation: "compress", message: codec.message)
            }
            failure = thrown
            throw thrown
        }
    }
}
