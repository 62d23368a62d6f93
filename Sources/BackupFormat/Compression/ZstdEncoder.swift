import CZstd

/// Encodes one zstd frame with libzstd, with the frame's content checksum (XXH64) on, so
/// `zstd -t`, libzstd and this reader can tell a damaged frame from a good one.
///
/// The encoder context is created here and freed in `deinit`; nothing else holds it.
final class ZstdEncoder: StreamEncoder {
    private let context: OpaquePointer
    /// Compressed output, handed to `emit` a buffer at a time; allocated here, freed in `deinit`.
    private let output: UnsafeMutableRawBufferPointer

    /// - Parameters:
    ///   - level: 1–19.
    ///   - workers: threads compressing beside the caller's; 0 compresses on the caller's.
    init(level: Int, workers: Int) throws(CodecFailure) {
        guard let context = ZSTD_createCCtx() else { throw .library("libzstd could not allocate an encoder") }
        self.context = context
        output = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 16)
        try set(ZSTD_c_compressionLevel, to: level)
        try set(ZSTD_c_checksumFlag, to: 1)
        // A libzstd built without threads refuses workers; it then compresses on one thread.
        if workers > 0 { _ = ZSTD_CCtx_setParameter(context, ZSTD_c_nbWorkers, Int32(workers)) }
    }

    deinit {
        ZSTD_freeCCtx(context)
        output.deallocate()
    }

    private func set(_ parameter: ZSTD_cParameter, to value: Int) throws(CodecFailure) {
        let result = ZSTD_CCtx_setParameter(context, parameter, Int32(clamping: value))
        if ZSTD_isError(result) != 0 {
            throw .library("libzstd refused a setting: \(String(cString: ZSTD_getErrorName(result)))")
        }
    }

    func encode(_ input: UnsafeRawBufferPointer, finishing: Bool, emit: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        while true {
            var destination = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let remaining = ZSTD_compressStream2(
                context, &destination, &source, finishing ? ZSTD_e_end : ZSTD_e_continue)
            if ZSTD_isError(remaining) != 0 { throw ZstdDecoder.failure(remaining) }
            if destination.pos > 0 { try emit(UnsafeRawBufferPointer(rebasing: output[..<destination.pos])) }
            // Done once all input is taken — and, when finishing, the frame is flushed to its end.
            if finishing ? remaining == 0 : source.pos == source.size { return }
        }
    }
}
