import AgeEncryption
import DurableIO

/// The writer's spool of compressed sections, encrypted when the backup is: an age file to a
/// key that exists only in this object's memory, so the plaintext of an encrypted backup
/// never reaches the disk, not even the unnamed temporary file it is assembled in.
final class EncryptedSpool: ArchiveByteSink {
    private let spool: SpoolFile
    private let identity: X25519Identity
    private let encryptor: AgeEncryptor

    init(_ spool: SpoolFile) throws {
        self.spool = spool
        let identity = try X25519Identity.generate()
        self.identity = identity
        encryptor = try AgeEncryptor(recipients: [.x25519(identity.recipient)]) { try spool.append($0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try encryptor.write(bytes)
    }

    /// Seals the spool once everything is in it.
    func finish() throws {
        try encryptor.finish()
    }

    /// Decrypts the spool into `output`, chunk by chunk.
    func copyPlaintext(to output: BackupOutput) throws {
        var position: Int64 = 0
        let spool = spool
        let decryptor = try AgeDecryptor(identities: [.x25519(identity)]) { buffer in
            let count = Int(min(Int64(buffer.count), spool.size - position))
            try spool.read(at: position, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
            position += Int64(count)
            return count
        }
        try withUnsafeTemporaryAllocation(byteCount: AgePayload.chunkByteCount, alignment: 16) { buffer in
            while case let count = try decryptor.read(into: buffer), count > 0 {
                try output.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
