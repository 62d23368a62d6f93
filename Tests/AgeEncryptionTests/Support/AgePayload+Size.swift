import AgeEncryption

extension AgePayload {
    /// The bytes of sealed chunks a plaintext of `byteCount` bytes takes.
    static func sealedChunkBytes(plaintextByteCount byteCount: Int64) -> Int64 {
        let chunk = Int64(chunkByteCount)
        let chunks = byteCount == 0 ? 1 : (byteCount + chunk - 1) / chunk
        return byteCount + chunks * Int64(sealedChunkByteCount - chunkByteCount)
    }
}
