import CZstd

/// Decodes zstd frames with libzstd, any number of them back to back (skippable frames
/// included), verifying each frame's content checksum when the frame carries one.
///
/// The decoder context is created here and freed in `deinit`; nothing else holds it.
final class ZstdDecoder: StreamDecoder {
    private let context: OpaquePointer
    private(set) var isAtFrameBoundary = true
    /// The most input the next call takes: libzstd's hint of what it needs next — a block, or
    /// the frame's checksum — so that a call decodes at most one block, and a frame's last
    /// block is handed out by a call of its own before the next call checks the checksum. (Given
    /// both at once, libzstd reports a wrong checksum without saying what it wrote: the last
    /// block's data would be lost, and the damage blamed on the entry being read when it
    /// failed instead of on the entry whose SHA-256 then fails to match.)
    private var inputLimit = ZstdDecoder.frameHeaderPrefix
    /// What a frame's first call takes: its magic number and header descriptor.
    private static let frameHeaderPrefix = 5

    init() throws(CodecFailure) {
        guard let context = ZSTD_createDCtx() else { throw .library("libzstd could not allocate a decoder") }
        self.context = context
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecFailure)
        -> CodecProgress
    {
        var source = ZSTD_inBuffer(src: input.baseAddress, size: min(input.count, inputLimit), pos: 0)
        var destination = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        // Returns 0 once a frame is decoded, its checksum verified and its data flushed;
        // otherwise a hint of the input still wanted.
        let result = ZSTD_decompressStream(context, &destination, &source)
        if ZSTD_isError(result) != 0 { throw Self.failure(result) }
        inputLimit = result == 0 ? Self.frameHeaderPrefix : result
        if source.pos > 0 || destination.pos > 0 || result == 0 { isAtFrameBoundary = result == 0 }
        return CodecProgress(consumed: source.pos, produced: destination.pos)
    }

    static func failure(_ result: Int) -> CodecFailure {
        switch ZSTD_getErrorCode(result) {
        case ZSTD_error_checksum_wrong:
            return .corrupt("the frame's content checksum (XXH64) does not match the data")
        case ZSTD_error_memory_allocation:
            return .library("libzstd ran out of memory")
        default:
            return .corrupt(String(cString: ZSTD_getErrorName(result)))
        }
    }
}
