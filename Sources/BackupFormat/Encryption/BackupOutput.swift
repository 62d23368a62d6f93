import AgeEncryption
import Cryptography
import DurableIO

/// The bytes of a finished archive on their way to the destination descriptor: as they are,
/// or through an age encryptor, which also records the file's SHA-256 and size as written.
final class BackupOutput: ArchiveByteSink {
    private let output: DescriptorIO
    private let encryptor: AgeEncryptor?
    private let fileHasher: SHA256Hasher?
    /// Bytes written to the descriptor.
    private(set) var fileBytes: Int64 = 0

    init(_ output: DescriptorIO, encryption: BackupEncryption) throws {
        self.output = output
        switch encryption {
        case .none:
            encryptor = nil
            fileHasher = nil
        case .age(let recipients):
            let hasher = try SHA256Hasher()
            fileHasher = hasher
            // The output closure cannot reach `self` before `init` ends, so it hashes through the
            // local; the byte count is the encryptor's own.
            encryptor = try AgeEncryptor(recipients: recipients) { bytes in
                try output.writeAll(bytes)
                hasher.update(bytes)
            }
        }
    }

    /// Writes archive bytes: straight to the descriptor, or encrypted.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if let encryptor {
            try encryptor.write(bytes)
        } else {
            try output.writeAll(bytes)
            fileBytes += Int64(bytes.count)
        }
    }

    /// Ends the file (seals the final chunk of an encrypted one).
    /// - Returns: what was recorded for an encrypted file; `nil` for a plain one.
    func finish() throws -> EncryptionRecord? {
        guard let encryptor, let fileHasher else { return nil }
        try encryptor.finish()
        fileBytes = encryptor.bytesWritten
        return EncryptionRecord(
            header: encryptor.header, fileBytes: encryptor.bytesWritten, fileSHA256: fileHasher.finalize(),
            plaintextBytes: encryptor.plaintextByteCount)
    }
}
