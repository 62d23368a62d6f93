/// Hands `bytes` to `body` in consecutive chunks of growing sizes: 1 byte, then each chunk
/// `factor` times the last plus one, so chunk edges fall at odd places in the 64-byte blocks
/// of the hashes fed incrementally.
func forEachGrowingChunk(of bytes: [UInt8], factor: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
    var offset = 0
    var size = 1
    while offset < bytes.count {
        let end = min(offset + size, bytes.count)
        bytes[offset..<end].withUnsafeBytes(body)
        offset = end
        size = size * factor + 1
    }
}
