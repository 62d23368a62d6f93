import DurableIO

/// Decompresses a stream — zstd, gzip or uncompressed, told by its first bytes — and checks
/// what each format can check: every gzip member's CRC-32 and length, every zstd frame's
/// content checksum when it has one, and that the input ends where a frame ends.
///
///     let stream = try CompressedStreamReader(source: .descriptor(fd), name: path, limits: .default)
///     while try stream.read(into: buffer) > 0 { … }   // 0: the end, every check passed
///
/// It enforces ``ArchiveReaderLimits/maxCompressionRatio`` on every piece it produces, so a
/// bomb stops after at most one buffer past ``ArchiveReaderLimits/ratioCheckThreshold``
/// whoever reads. Once a call has thrown, every later call throws the same error.
///
/// Its input may itself be a stream — the plaintext of an encrypted backup, decrypted as it
/// is read — so decryption comes first and authenticates every chunk before any of it is
/// decompressed, and the stream's end is only reached at the file's authenticated end.
final class CompressedStreamReader {
    /// The algorithm the first bytes announce.
    private(set) var algorithm = ArchiveCompression.Algorithm.uncompressed
    /// The stream's name for messages: a path, or `standard input`.
    let name: String
    let limits: ArchiveReaderLimits
    /// The tar entry being read, named in messages; set by the tar reader.
    var currentEntry: String?

    /// Compressed bytes the decoder has taken.
    private(set) var compressedBytesConsumed: Int64 = 0
    /// Decompressed bytes handed out.
    private(set) var uncompressedBytesProduced: Int64 = 0
    /// The error that stopped the stream, thrown again by every later call.
    private(set) var failure = StickyFailure()

    private let source: ArchiveInput
    private var decoder: any StreamDecoder = PassthroughCodec()
    /// Compressed input read ahead; `pending` is the part not yet decoded. Allocated here,
    /// freed in `deinit`; only views of it are lent out, for the length of a call.
    private let input: UnsafeMutableRawBufferPointer
    private var pending = 0..<0
    private var sourceOffset = 0
    private var sourceEnded = false
    /// Decompressed data lent to libarchive (see ``nextBlock()``); allocated here, freed in `deinit`.
    private let block: UnsafeMutableRawBufferPointer
    /// The file this reader opened itself, closed after the reader is gone.
    private let ownedFile: FileDescriptor?

    private static let inputSize = 64 << 10
    static let blockSize = 128 << 10

    /// Starts reading `source` and detects its algorithm.
    /// - Parameter ownedFile: a file to close when the reader goes away (the one `source` reads).
    /// - Throws: ``BackupFormatError/cannotReadFile(path:reason:)`` when the first read fails,
    ///   ``BackupFormatError/archiveReadFailed(archive:entry:operation:message:)`` when the
    ///   decoder cannot be set up.
    init(
        source: ArchiveInput, name: String, limits: ArchiveReaderLimits,
        owning ownedFile: consuming FileDescriptor? = nil
    )
        throws
    {
        self.source = source
        self.name = name
        self.limits = limits
        self.ownedFile = ownedFile
        input = .allocate(byteCount: Self.inputSize, alignment: 16)
        block = .allocate(byteCount: Self.blockSize, alignment: 16)
        while pending.count < ArchiveCompression.Algorithm.magicLength && !sourceEnded { try refill() }
        algorithm = .detect(UnsafeRawBufferPointer(rebasing: input[pending]))
        do {
            decoder = try algorithm.makeDecoder()
        } catch {
            throw BackupFormatError.archiveReadFailed(
                archive: name, entry: nil, operation: "start decompressing", message: error.message)
        }
    }

    deinit {
        input.deallocate()
        block.deallocate()
    }

    /// Decompresses the next piece into `output`.
    /// - Returns: the number of bytes written; 0 only at the end of the input, which ends a frame.
    /// - Throws: ``BackupFormatError/corruptCompressedData(archive:entry:algorithm:message:)``,
    ///   ``BackupFormatError/truncatedArchive(archive:entry:message:)``,
    ///   ``BackupFormatError/compressionRatioExceeded(archive:entry:produced:consumed:limit:)``,
    ///   ``BackupFormatError/cannotReadFile(path:reason:)``.
    func read(into output: UnsafeMutableRawBufferPointer) throws -> Int {
        try failure.guarding { try decodeNext(into: output) }
    }

    /// Reads and checks the rest of the stream, discarding its data: the tail of the last
    /// frame carries its checksum, and nothing may follow the last frame. An uncompressed
    /// stream is read to its end only when its source is itself a stream whose end is
    /// checked (a decrypted file, authenticated to its final chunk).
    func finish() throws {
        if algorithm == .uncompressed {
            guard case .stream = source else { return }
        }
        try withUnsafeTemporaryAllocation(byteCount: Self.blockSize, alignment: 16) { scratch in
            while try read(into: scratch) > 0 {}
        }
    }

    /// Decompresses the next piece into the reader's own block, for libarchive's read callback.
    /// - Returns: the block's filled part, valid until the next call; empty at the end.
    func nextBlock() throws -> UnsafeRawBufferPointer {
        let count = try read(into: block)
        return UnsafeRawBufferPointer(rebasing: block[..<count])
    }

    private func decodeNext(into output: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !output.isEmpty else { return 0 }
        while true {
            if pending.isEmpty && !sourceEnded { try refill() }
            if pending.isEmpty && decoder.isAtFrameBoundary { return 0 }
            let progress: CodecProgress
            do {
                progress = try decoder.decode(UnsafeRawBufferPointer(rebasing: input[pending]), into: output)
            } catch {
                throw formatError(error)
            }
            pending = (pending.lowerBound + progress.consumed)..<pending.upperBound
            compressedBytesConsumed += Int64(progress.consumed)
            uncompressedBytesProduced += Int64(progress.produced)
            if progress.produced > 0 {
                if algorithm != .uncompressed {
                    try limits.checkCompressionRatio(
                        produced: uncompressedBytesProduced, consumed: compressedBytesConsumed, archive: name,
                        entry: currentEntry)
                }
                return progress.produced
            }
            guard progress.consumed == 0 else { continue }
            // No progress: the decoder needs more input than is pending.
            guard !sourceEnded else {
                throw BackupFormatError.truncatedArchive(
                    archive: name, entry: currentEntry, message: "the compressed data ends early")
            }
            let before = pending.count
            try refill()
            if pending.count == before && !sourceEnded {
                // A full input buffer that the decoder cannot use; no decoder does this.
                throw formatError(.corrupt("the decoder made no progress"))
            }
        }
    }

    private func formatError(_ failure: CodecFailure) -> BackupFormatError {
        switch failure {
        case .corrupt(let message):
            .corruptCompressedData(archive: name, entry: currentEntry, algorithm: algorithm.rawValue, message: message)
        case .library(let message):
            .archiveReadFailed(archive: name, entry: currentEntry, operation: "decompress", message: message)
        }
    }

    /// Moves the pending bytes to the front of the input buffer and reads more behind them.
    private func refill() throws {
        if pending.lowerBound > 0 {
            let count = pending.count
            if count > 0 {
                UnsafeMutableRawBufferPointer(rebasing: input[..<count]).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: input[pending]))
            }
            pending = 0..<count
        }
        let free = UnsafeMutableRawBufferPointer(rebasing: input[pending.upperBound...])
        guard !free.isEmpty else { return }
        let count: Int
        switch source {
        case .descriptor(let descriptor):
            count = try BackupFormatError.readingFile(name) { try descriptor.read(into: free) }
        case .bytes(let bytes):
            count = min(free.count, bytes.count - sourceOffset)
            if count > 0 {
                bytes.withUnsafeBytes {
                    free.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[sourceOffset..<(sourceOffset + count)]))
                }
            }
            sourceOffset += count
        case .stream(let stream):
            do {
                count = try stream.read(into: free)
            } catch let error as BackupFormatError {
                throw error
            } catch {
                throw BackupFormatError.cannotReadFile(path: name, reason: "\(error)")
            }
        }
        if count == 0 { sourceEnded = true }
        pending = pending.lowerBound..<(pending.upperBound + count)
    }
}
