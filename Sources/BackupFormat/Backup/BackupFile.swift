import AgeEncryption
import DurableIO
import Foundation

/// A backup file opened for reading, its encoding detected from its bytes (never from its
/// name). `-` means standard input, which is first copied to an unnamed temporary file so
/// it can be sniffed and read like any file.
///
/// An age-encrypted file (it starts with `age-encryption.org/`) is opened with the keys given:
/// the file key is unwrapped once, here, and every read decrypts the payload as it streams,
/// so the plaintext never touches the disk. ``encoding`` is then the encoding of the plaintext.
///
///     let file = try BackupFile(path: "-", decryption: keys)
///     switch file.encoding {
///     case .tar: let reader = try file.openArchive()
///     …
///     }
public final class BackupFile {
    /// The name used in messages: the path, or "standard input".
    public let name: String
    /// How the bytes are encoded (inside the encryption, for an encrypted file).
    public let encoding: BackupFileEncoding
    /// The size of the file in bytes.
    public let size: Int64
    /// The age header of an encrypted file; `nil` for a plain one.
    public var encryptionHeader: AgeHeader? { decryptor?.header }
    /// The size of the content: the file's, or the plaintext's for an encrypted file (as its
    /// length implies; the part of the file a reader's progress counts).
    public var contentSize: Int64 {
        guard let decryptor else { return size }
        let sealed = size - Int64(decryptor.headerByteCount + AgePayload.nonceByteCount)
        return AgePayload.plaintextByteCount(sealedChunkBytes: sealed) ?? size
    }
    /// The decryptor that unwrapped the file key: every read restarts from it.
    private let decryptor: AgeDecryptor?
    /// The bytes, named as the file is named in messages.
    private let file: DescriptorIO
    /// What keeps `file` open: the spool of standard input, or the file opened at `path`.
    private let spool: SpoolFile?
    private let openedFile: FileDescriptor?

    /// Receives how many of the file's ``contentSize`` bytes have been read, as they are read:
    /// by an archive's reader chunk by chunk (from its thread), by a single-document backup's once.
    /// Set it before the file is read; each reading of the file starts again from 0.
    public var readProgress: ByteProgress.Handler?

    /// The name standard input goes by in messages.
    public static let standardInputName = "standard input"

    /// Opens `path` (or standard input for `-`) and detects its encoding.
    /// - Parameter maxInputSize: the most bytes accepted from standard input.
    /// - Throws: `FileIOError.notFound` when the file does not exist, other `FileIOError`s
    ///   when it cannot be read; ``BackupFormatError/decryptionFailed(archive:_:)`` for an
    ///   encrypted file that no key given opens, or whose header or first chunk is damaged.
    public init(
        path: String, maxInputSize: Int64 = ArchiveReaderLimits.default.maxTotalSize,
        decryption: BackupDecryption = .none
    ) throws {
        if path == "-" {
            let spool = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
            try spool.appendContents(of: .standardInput, limit: maxInputSize)
            self.spool = spool
            openedFile = nil
            file = spool.io.named(BackupFile.standardInputName)
        } else {
            let opened = try FileDescriptor.openForReading(path)
            let status = try opened.status()
            guard status.isRegularFile else {
                try? opened.close()
                throw FileIOError.other(
                    path: path, errno: status.isDirectory ? EISDIR : EINVAL,
                    message: status.isDirectory ? "it is a directory, not a regular file" : "it is not a regular file")
            }
            spool = nil
            file = opened.io
            openedFile = consume opened
        }
        name = file.name
        size = try file.status().size
        decryptor = try Self.unlockIfEncrypted(file, decryption: decryption)
        encoding = try Self.detectEncoding(file, decryptor: decryptor)
    }

    /// A backup whose bytes were already copied into `spool` (downloaded from object storage,
    /// for instance), read like any file — decrypted with `decryption` when it is encrypted.
    /// - Parameter name: the backup's name in messages (`s3://bucket/key`).
    /// - Throws: ``BackupFormatError/decryptionFailed(archive:_:)`` for an encrypted backup
    ///   that no key given opens, or whose header or first chunk is damaged.
    public init(spool: SpoolFile, name: String, decryption: BackupDecryption = .none) throws {
        self.spool = spool
        openedFile = nil
        file = spool.io.named(name)
        self.name = name
        size = spool.size
        decryptor = try Self.unlockIfEncrypted(file, decryption: decryption)
        encoding = try Self.detectEncoding(file, decryptor: decryptor)
    }

    /// What a file that is not a backup looks like, for the message that refuses it.
    public enum Resemblance: Sendable {
        /// An age file whose version line is damaged (``AgeHeader/resemblesDamagedVersionLine(_:)``).
        case damagedAgeFile
        /// An ASCII-armored age file (`age -a`), which backupctl does not read.
        case armoredAgeFile
        /// Nothing backupctl reads.
        case nothingKnown
    }

    /// What the start of a file that is not encrypted looks like.
    public var resemblance: Resemblance {
        guard decryptor == nil else { return .nothingKnown }
        var start = [UInt8](repeating: 0, count: 64)
        guard let count = start.withUnsafeMutableBytes({ try? file.readFully(at: 0, into: $0) }) else {
            return .nothingKnown
        }
        let bytes = start.prefix(count)
        if bytes.starts(with: AgeHeader.armorBeginLine.utf8) { return .armoredAgeFile }
        return AgeHeader.resemblesDamagedVersionLine(bytes) ? .damagedAgeFile : .nothingKnown
    }

    /// Reads the file as a v3 archive from its start.
    /// - Throws: `BackupFormatError` when it is not one, or is unsafe or damaged.
    public func openArchive(limits: BackupReadLimits = .default) throws -> BackupArchiveReader {
        guard case .tar = encoding else {
            throw BackupFormatError.unrecognizedArchive(archive: name)
        }
        let reader = try BackupArchiveReader(input: try contentInput(), archiveName: name, limits: limits, owner: self)
        if let readProgress {
            let total = contentSize
            reader.readObserver = { read in readProgress(ByteProgress(completed: read, total: total)) }
        }
        return reader
    }

    /// Reads the content as a plain tar archive from its start — decrypted, for an encrypted
    /// file — entry by entry, with the archive limits but none of a backup's rules (for tools
    /// that look at any archive). Valid while this object lives.
    public func openTar(limits: ArchiveReaderLimits = .default) throws -> TarArchiveReader {
        try TarArchiveReader(input: try contentInput(), archiveName: name, limits: limits)
    }

    /// The file's content from its start, for a reader: the descriptor, rewound, or the
    /// decrypted payload of an encrypted file. Valid while this object lives.
    func contentInput() throws -> ArchiveInput {
        guard let decryptor else {
            try file.rewind()
            return .descriptor(file)
        }
        return .stream(try Self.restart(decryptor, file))
    }

    /// The content's whole bytes (for single-document backups).
    /// - Throws: ``BackupFormatError/documentTooLarge(source:limit:)`` beyond `limit`.
    func readContent(limit: Int64) throws -> [UInt8] {
        if let decryptor { return try Self.restart(decryptor, file).readAll(limit: limit) }
        guard size <= limit else { throw BackupFormatError.documentTooLarge(source: name, limit: limit) }
        let count = Int(size)
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = try BackupFormatError.readingFile(name) {
                try file.readFully(at: 0, into: UnsafeMutableRawBufferPointer(buffer))
            }
        }
        guard bytes.count == count else {
            throw BackupFormatError.truncatedArchive(
                archive: name, entry: nil, message: "the file shrank while it was being read")
        }
        return bytes
    }
}
