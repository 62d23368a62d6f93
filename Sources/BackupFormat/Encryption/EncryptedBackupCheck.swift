import AgeEncryption
import Cryptography
import DurableIO

/// What can be checked of an encrypted backup without its key — on the machine that runs
/// `backup --recipient age1…` and holds only the public key: the age header parses, the
/// payload's length is one the STREAM framing allows, and, given what was recorded while
/// writing, the file's bytes are exactly those written. The contents themselves can only be
/// verified with a key (`list --verify --identity`).
public enum EncryptedBackupCheck {
    /// Whether the file at `path` is age-encrypted, by its first bytes.
    public static func isEncrypted(path: String) -> Bool {
        (try? withFile(path: path, isEncrypted)) ?? false
    }

    /// Whether the open file (a downloaded object's temporary file, say) starts with
    /// `age-encryption.org/`, as every age file does (read by offset, so the descriptor's own
    /// offset does not move).
    public static func isEncrypted(_ file: DescriptorIO) -> Bool {
        let magic = Array(AgeHeader.versionPrefix.utf8)
        var start = [UInt8](repeating: 0, count: magic.count)
        let count = start.withUnsafeMutableBytes { try? file.readFully(at: 0, into: $0) }
        return count == magic.count && start == magic
    }

    /// Opens the file at `path` for reading and lends it to `body`.
    /// - Throws: ``BackupFormatError/cannotOpenFile(path:reason:)``, and what `body` throws.
    public static func withFile<Result>(path: String, _ body: (DescriptorIO) throws -> Result) throws -> Result {
        let file = try BackupFormatError.readingFile(path, as: BackupFormatError.cannotOpenFile) {
            try FileDescriptor.openForReading(path)
        }
        return try body(file.io)
    }

    /// Checks an open file without a key, reading by offset, so the descriptor's own offset
    /// does not move; the file is named in messages as it is named (`s3://bucket/key` for a
    /// downloaded object).
    public static func verify(_ file: DescriptorIO, against record: EncryptionRecord? = nil) throws -> AgeFileLayout {
        let path = file.name
        let size = try BackupFormatError.readingFile(path) { try file.status().size }
        let layout: AgeFileLayout
        do {
            let cursor = FileReadCursor(file, offset: 0)
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
        guard try sha256(of: file) == record.fileSHA256 else {
            throw BackupFormatError.encryptedFileChanged(
                archive: path, reason: "its SHA-256 differs from the one written")
        }
        return layout
    }

    /// Checks that an open file's bytes are those its checksum file (written with it by
    /// `backup`) records; its header and framing are ``verify(_:against:)``'s to check.
    /// - Throws: ``BackupFormatError/encryptedFileChanged(archive:reason:)`` when the SHA-256
    ///   differs, and read errors.
    public static func verify(_ file: DescriptorIO, against checksum: ChecksumFile) throws {
        guard try sha256(of: file) == checksum.digest else {
            throw BackupFormatError.encryptedFileChanged(
                archive: file.name,
                reason:
                    "its SHA-256 differs from the one recorded in \(ChecksumFile.name(for: checksum.fileName)) when it was written"
            )
        }
    }

    /// The SHA-256 of the whole file, read by offset.
    private static func sha256(of file: DescriptorIO) throws -> SHA256Digest {
        let hasher = try SHA256Hasher()
        let cursor = FileReadCursor(file, offset: 0)
        try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 16) { buffer in
            while case let count = try cursor.read(into: buffer), count > 0 {
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
        }
        return hasher.finalize()
    }
}
