import CZlib

/// Decodes gzip members with zlib, any number of them back to back, verifying each member's
/// CRC-32 and length (ISIZE) trailer as it ends — the checks libarchive 3.6.2 skips.
///
/// Zero bytes after a member are padding, skipped as `gzip` and Python's `gzip` module skip
/// them; any other byte must start another member.
///
/// zlib's state points back at its `z_stream`, so the stream lives at a fixed address: it is
/// allocated here, never copied, and ended and freed in `deinit`.
final class GzipDecoder: StreamDecoder {
    private let stream: UnsafeMutablePointer<z_stream>
    private(set) var isAtFrameBoundary = false
    private var memberEnded = false

    init() throws(CodecFailure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            throw .library("zlib could not allocate a decoder")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecFailure)
        -> CodecProgress
    {
        var skipped = 0
        if memberEnded {
            // Padding, or the start of the next member.
            while skipped < input.count && input[skipped] == 0 { skipped += 1 }
            guard skipped < input.count else { return CodecProgress(consumed: skipped, produced: 0) }
            guard inflateReset(stream) == Z_OK else { throw .library("zlib could not start the next member") }
            memberEnded = false
            isAtFrameBoundary = false
        }
        let available = min(input.count - skipped, Int(UInt32.max))
        stream.pointee.next_in = input.baseAddress.map { $0.assumingMemoryBound(to: Bytef.self) + skipped }
        stream.pointee.avail_in = uInt(available)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(output.count, Int(UInt32.max)))
        let status = inflate(stream, Z_NO_FLUSH)
        let progress = CodecProgress(
            consumed: skipped + available - Int(stream.pointee.avail_in),
            produced: min(output.count, Int(UInt32.max)) - Int(stream.pointee.avail_out))
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_BUF_ERROR:
            // Z_BUF_ERROR: no progress was possible with this input and room; more input is wanted.
            if progress.consumed > 0 { isAtFrameBoundary = false }
            return progress
        case Z_STREAM_END:
            memberEnded = true
            isAtFrameBoundary = true
            return progress
        case Z_MEM_ERROR:
            throw .library("zlib ran out of memory")
        case Z_NEED_DICT:
            throw .corrupt("the gzip member asks for a preset dictionary, which gzip never uses")
        default:
            throw .corrupt(Self.describe(stream.pointee.msg))
        }
    }

    /// zlib's message, in words that name the check for the two integrity failures.
    private static func describe(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "the deflate data is damaged" }
        switch String(cString: message) {
        case "incorrect data check": return "the CRC-32 in the gzip trailer does not match the data"
        case "incorrect length check": return "the length in the gzip trailer does not match the data"
        case "incorrect header check": return "bytes that are not a gzip member follow the compressed data"
        case let other: return "the deflate data is damaged: \(other)"
        }
    }
}
