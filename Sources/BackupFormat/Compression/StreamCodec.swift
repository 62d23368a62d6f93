/// How far one call of a decoder got.
struct CodecProgress {
    /// Input bytes taken.
    var consumed: Int
    /// Output bytes written.
    var produced: Int
}

/// Why a decoder or encoder stopped.
enum CodecFailure: Error, Equatable {
    /// The input does not decode: damaged data, a failed integrity check, other bytes after
    /// the last frame. The message says which, for a person.
    case corrupt(String)
    /// The library itself failed (out of memory); the input may be fine.
    case library(String)

    var message: String {
        switch self {
        case .corrupt(let message), .library(let message): message
        }
    }
}

/// A streaming decompressor for one algorithm: it takes input in any pieces and verifies
/// every integrity check the format carries as the frames end.
protocol StreamDecoder: AnyObject {
    /// Decodes from `input` into `output` as far as either allows.
    ///
    /// A call may consume input without producing output (headers), or produce output without
    /// consuming input (data held back from an earlier call whose output was full).
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecFailure)
        -> CodecProgress

    /// Whether the input decoded so far ends exactly where a frame (a gzip member) ends, with
    /// its checks passed and its data all handed out — the only places a stream may end.
    var isAtFrameBoundary: Bool { get }
}

/// A streaming compressor for one algorithm, writing one frame (one gzip member).
protocol StreamEncoder: AnyObject {
    /// Compresses all of `input`, handing compressed bytes to `emit` as they come; with
    /// `finishing`, also ends the frame (its checksum included) and flushes everything.
    func encode(
        _ input: UnsafeRawBufferPointer, finishing: Bool, emit: (UnsafeRawBufferPointer) throws -> Void
    ) throws

}

extension ArchiveCompression.Algorithm {
    /// The algorithm a stream's first bytes announce: zstd's frame magic `28 B5 2F FD`,
    /// gzip's `1F 8B`, anything else uncompressed. `prefix` may be shorter than the magic.
    static func detect(_ prefix: UnsafeRawBufferPointer) -> ArchiveCompression.Algorithm {
        if prefix.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if prefix.starts(with: [0x1F, 0x8B]) { return .gzip }
        return .uncompressed
    }

    /// The most leading bytes ``detect(_:)`` looks at.
    static let magicLength = 4

    func makeDecoder() throws(CodecFailure) -> any StreamDecoder {
        switch self {
        case .zstd: try ZstdDecoder()
        case .gzip: try GzipDecoder()
        case .uncompressed: PassthroughCodec()
        }
    }

    /// An encoder for this algorithm at `level`; zstd compresses on `workers` threads when
    /// more than 0 (its output is the same format).
    func makeEncoder(level: Int?, workers: Int) throws(CodecFailure) -> any StreamEncoder {
        switch self {
        case .zstd: try ZstdEncoder(level: level ?? 3, workers: workers)
        case .gzip: try GzipEncoder(level: level ?? 6)
        case .uncompressed: PassthroughCodec()
        }
    }
}
