import AgeEncryption
import Cryptography

/// What writing an encrypted backup recorded about the file, so it can be checked later
/// without its key: that the bytes on disk are the ones written.
public struct EncryptionRecord: Sendable {
    /// The age header written.
    public var header: AgeHeader
    /// The file's length.
    public var fileBytes: Int64
    /// The SHA-256 of the whole file as written.
    public var fileSHA256: SHA256Digest
    /// The archive's length inside the encryption.
    public var plaintextBytes: Int64
}
