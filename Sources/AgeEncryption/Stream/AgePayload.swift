/// The layout of an age payload (the STREAM construction): a 16-byte nonce, then the plaintext
/// in 64 KiB chunks, each sealed with ChaCha20-Poly1305 under a nonce made of an 11-byte
/// big-endian chunk counter and a last-chunk flag. Only the final chunk may be shorter; it is
/// empty only when the whole plaintext is.
public enum AgePayload {
    /// The random nonce that starts the payload and salts the payload key.
    public static let nonceByteCount = 16
    /// Plaintext bytes per chunk.
    public static let chunkByteCount = 64 << 10
    /// Bytes per sealed chunk: the plaintext and its 16-byte tag.
    public static let sealedChunkByteCount = chunkByteCount + 16

    /// The ChaCha20-Poly1305 nonce of chunk `index`.
    static func chunkNonce(index: UInt64, isFinal: Bool) -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: 12)
        for byte in 0..<8 { nonce[3 + byte] = UInt8(truncatingIfNeeded: index >> (8 * UInt64(7 - byte))) }
        nonce[11] = isFinal ? 1 : 0
        return nonce
    }

    /// The plaintext length of a payload whose sealed chunks (everything after the nonce)
    /// take `byteCount` bytes, or `nil` when no valid payload has that length. This checks a
    /// file's framing without its key.
    public static func plaintextByteCount(sealedChunkBytes byteCount: Int64) -> Int64? {
        let sealed = Int64(sealedChunkByteCount)
        let tag = Int64(sealedChunkByteCount - chunkByteCount)
        if byteCount == tag { return 0 }
        let (fullChunks, rest) = byteCount.quotientAndRemainder(dividingBy: sealed)
        if rest == 0 { return fullChunks > 0 ? fullChunks * Int64(chunkByteCount) : nil }
        return rest > tag ? fullChunks * Int64(chunkByteCount) + rest - tag : nil
    }
}
