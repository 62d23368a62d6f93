/// The codec of uncompressed data: bytes go through unchanged, and any point is a boundary.
final class PassthroughCodec: StreamDecoder, StreamEncoder {
    var isAtFrameBoundary: Bool { true }

    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> CodecProgress {
        let count = min(input.count, output.count)
        if count > 0 { output.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[..<count])) }
        return CodecProgress(consumed: count, produced: count)
    }

    func encode(_ input: UnsafeRawBufferPointer, finishing: Bool, emit: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        if !input.isEmpty { try emit(input) }
    }
}
