import AgeEncryption

/// The plaintext of an encrypted backup as libarchive reads it: decrypted one chunk at a time
/// into a buffer this object owns (valid until the next read), with decryption failures turned
/// into ``BackupFormatError/decryptionFailed(archive:_:)`` naming the file.
final class DecryptedPayload: ArchiveByteSource {
    private let decryptor: AgeDecryptor
    private let name: String
    /// Owned: allocated in `init`, zeroed and freed in `deinit`; lent to libarchive between reads.
    private let buffer: UnsafeMutableRawBufferPointer

    init(_ decryptor: AgeDecryptor, name: String) {
        self.decryptor = decryptor
        self.name = name
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AgePayload.chunkByteCount, alignment: 16)
    }

    deinit {
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        buffer.deallocate()
    }

    func nextBytes() throws -> UnsafeRawBufferPointer {
        let count = try decrypting { try decryptor.read(into: buffer) }
        return UnsafeRawBufferPointer(rebasing: buffer[..<count])
    }

    /// Reads the rest of the file: every chunk authenticated, the final one found, nothing after it.
    func verifyEnd() throws {
        try decrypting { _ = try decryptor.readToEnd() }
    }

    /// Reads everything into memory: for single-document backups, which are read whole anyway.
    /// - Parameter limit: the most plaintext bytes accepted.
    func readAll(limit: Int64) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try nextBytes()
            if chunk.isEmpty { return bytes }
            guard Int64(bytes.count + chunk.count) <= limit else {
                throw BackupFormatError.documentTooLarge(source: name, limit: limit)
            }
            bytes += chunk
        }
    }

    private func decrypting<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: name, error)
        }
    }
}
