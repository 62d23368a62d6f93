import AgeEncryption
import Cryptography
import DurableIO
import Glibc

/// What can be checked of an encrypted backup without its key — on the machine that runs
/// `backup --recipient age1…` and holds only the public key: the age header parses, the
/// payload's length is one the STREAM framing allows, and, given what was recorded while
/// writing, the file's bytes are exactly those written. The contents themselves can only be
/// verified with a key (`list --verify --identity`).
public enum EncryptedBackupCheck {
    /// Whether the file at `path` is age-encrypted, by its first bytes.
    public static func isEncrypted(path: String) -> Bool {
        guard let file = try? FileDescriptor.openForReading(path) else { return false }
        return startsWithAgeMagic(file.rawValue)
    }

    /// Whether the open file starts with `age-encryption.org/`, as every age file does
    /// (read with `pread`, so the descriptor's offset does not move).
    static func startsWithAgeMagic(_ descriptor: Int32) -> Bool {
        let magic = Array(AgeHeader.versionPrefix.utf8)
        var start = [UInt8](repeating: 0, count: magic.count)
        let count = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        return count == magic.count && start == magic
    }

    /// Checks the file at `path` without a key.
    /// - Parameter record: what was recorded while writing it, if known: then the header,
    ///   size and SHA-256 must match it too.
    /// - Returns: the file's layout (its header and the plaintext length it implies).
    /// - Throws: ``BackupFormatError/decryptionFailed(archive:_:)`` for a damaged header or a
    ///   payload of impossible length, ``BackupFormatError/encryptedFileChanged(archive:reason:)``
    ///   when it differs from the record, and read errors.
    public static func verify(path: String, against record: EncryptionRecord? = nil) throws -> AgeFileLayout {
        let file = try FileDescriptor.openForReading(path)
        return try verify(descriptor: file.rawValue, name: path, against: record)
    }

    /// Whether the open file (a downloaded object's temporary file, say) is age-encrypted.
    public static func isEncrypted(descriptor: Int32) -> Bool {
        startsWithAgeMagic(descriptor)
    }

    /// Checks an open file without a key, as ``verify(path:against:)`` does; reads with
    /// `pread`, so the descriptor's offset does not move.
    /// - Parameter name: the file's name in messages (`s3://bucket/key` for a downloaded object).
    public static func verify(descriptor: Int32, name path: String, against record: EncryptionRecord? = nil) throws
        -> AgeFileLayout
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw BackupFormatError.cannotReadFile(path: path, reason: String(cString: strerror(errno)))
        }
        let size = Int64(status.st_size)
        let layout: AgeFileLayout
        do {
            let cursor = FileReadCursor(descriptor: descriptor, name: path, offset: 0)
            layout = try AgeFileLayout(fileByteCount: size) { try cursor.read(into: $0) }
        } catch let error as AgeError {
            throw BackupFormatError.decryptionFailed(archive: path, error)
        }
        guard let record else { return layout }
        guard layout.header == record.header else {
            throw BackupFormatError.encryptedFileChanged(archive: path, reason: "its age header differs")
        }
        guard size == record.fileBytes else {
            throw BackupFormatError.encryptedFileChanged(
                archive: path, reason: "it has \(size) bytes where \(record.fileBytes) were written")
        }
        let hasher = try SHA256Hasher()
        let cursor = FileReadCursor(descriptor: descriptor, name: path, offset: 0)
        try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
            while case let count = try cursor.read(into: buffer), count > 0 {
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        guard hasher.finalize() == record.fileSHA256 else {
            throw BackupFormatError.encryptedFileChanged(
                archive: path, reason: "its SHA-256 differs from the one written")
        }
        return layout
    }
}
