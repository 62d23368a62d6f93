import AgeEncryption
import DurableIO

/// The plaintext of an encrypted backup as the decompressing reader reads it: decrypted one
/// chunk at a time, each chunk authenticated before any of its bytes are handed out, with
/// decryption failures turned into ``BackupFormatError/decryptionFailed(archive:_:)`` naming
/// the file.
final class DecryptedPayload: ArchiveByteSource {
    private let decryptor: AgeDecryptor
    private let name: String

    init(_ decryptor: AgeDecryptor, name: String) {
        self.decryptor = decryptor
        self.name = name
    }

    /// Reads up to `buffer.count` plaintext bytes; 0 only at the verified end of the file
    /// (every chunk authenticated, the final one found, nothing after it).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            return try decryptor.read(into: buffer)
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: name, error)
        }
    }

    /// Reads up to `limit` bytes from the start: the prefix an encoding is detected from.
    func readPrefix(_ limit: Int) throws -> [UInt8] {
        var prefix = [UInt8](repeating: 0, count: limit)
        let filled = try prefix.withUnsafeMutableBytes { buffer in try buffer.fill { try read(into: $0) } }
        return Array(prefix[..<filled])
    }

    /// Reads everything into memory: for single-document backups, which are read whole anyway.
    /// - Parameter limit: the most plaintext bytes accepted.
    func readAll(limit: Int64) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try withUnsafeTemporaryAllocation(byteCount: AgePayload.chunkByteCount, alignment: 16) { buffer in
            while case let count = try read(into: buffer), count > 0 {
                guard Int64(bytes.count + count) <= limit else {
                    throw BackupFormatError.documentTooLarge(source: name, limit: limit)
                }
                bytes += UnsafeRawBufferPointer(rebasing: buffer[..<count])
            }
        }
        return bytes
    }
}
