import CZlib

/// Encodes one gzip member with zlib: deflate data followed by its CRC-32 and length.
///
/// zlib's state points back at its `z_stream`, so the stream lives at a fixed address: it is
/// allocated here, never copied, and ended and freed in `deinit`.
final class GzipEncoder: StreamEncoder {
    private let stream: UnsafeMutablePointer<z_stream>
    /// Compressed output, handed to `emit` a buffer at a time; allocated here, freed in `deinit`.
    private let output: UnsafeMutableRawBufferPointer

    /// - Parameter level: 1–9.
    init(level: Int) throws(CodecFailure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_deflate_init_gzip(stream, Int32(clamping: level)) == Z_OK else {
            stream.deallocate()
            throw .library("zlib could not allocate an encoder at level \(level)")
        }
        output = .allocate(byteCount: 128 << 10, alignment: 16)
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    func encode(_ input: UnsafeRawBufferPointer, finishing: Bool, emit: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        // avail_in is 32 bits wide: larger input goes through in pieces.
        var offset = 0
        repeat {
            let piece = min(input.count - offset, 1 << 30)
            let isLast = offset + piece == input.count
            try deflatePiece(
                UnsafeRawBufferPointer(rebasing: input[offset..<(offset + piece)]), finishing: finishing && isLast,
                emit: emit)
            offset += piece
        } while offset < input.count
    }

    private func deflatePiece(
        _ input: UnsafeRawBufferPointer, finishing: Bool, emit: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        defer { stream.pointee.next_in = nil }
        stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(input.count)
        while true {
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(output.count)
            let status = deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
            stream.pointee.next_out = nil
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw CodecFailure.library("zlib failed to compress (status \(status))")
            }
            let produced = output.count - Int(stream.pointee.avail_out)
            if produced > 0 { try emit(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
            // Done once all input is taken and zlib had room to spare — or, when finishing,
            // once the member's trailer is out.
            if finishing ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 {
                return
            }
        }
    }
}
