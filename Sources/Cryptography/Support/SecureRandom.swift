import CCrypto

/// Random bytes from OpenSSL's CSPRNG (`RAND_bytes`, seeded by the kernel's `getrandom`).
public enum SecureRandom {
    /// Fills `buffer` with random bytes.
    /// - Throws: ``CryptographyError/libraryFailed(operation:message:)`` when the generator is
    ///   not seeded or fails; the buffer must not be used then.
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer) throws {
        // RAND_bytes takes an Int32 count; fill larger buffers in pieces.
        for offset in stride(from: 0, to: buffer.count, by: Int(Int32.max)) {
            let piece = min(buffer.count - offset, Int(Int32.max))
            try LibCryptoStatus.check(
                RAND_bytes(buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self), Int32(piece)),
                "draw \(piece) random bytes")
        }
    }

    /// `count` random bytes, for values that are not secret (nonces, salts).
    public static func bytes(count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try fill($0) }
        return bytes
    }

    /// `count` random bytes that are secret (keys), wiped when released.
    public static func secret(count: Int) throws -> SecretBytes {
        try SecretBytes(count: count) { try fill($0) }
    }
}
