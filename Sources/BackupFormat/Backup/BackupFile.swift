import DurableIO
import Foundation
import Glibc

/// A backup file opened for reading, its encoding detected from its bytes (never from its
/// name). `-` means standard input, which is first copied to an unnamed temporary file so
/// it can be sniffed and read like any file.
///
///     let file = try BackupFile(path: "-")
///     switch file.encoding {
///     case .tar: let reader = try file.openArchive()
///     …
///     }
public final class BackupFile {
    /// The name used in messages: the path, or "standard input".
    public let name: String
    /// How the bytes are encoded.
    public let encoding: BackupFileEncoding
    /// The size of the file in bytes.
    public let size: Int64
    private let descriptor: Int32
    /// What keeps `descriptor` open: the spool of standard input, or the file opened at `path`.
    private let spool: SpoolFile?
    private let openedFile: FileDescriptor?

    /// Receives how many of the file's `size` bytes have been read, as they are read: by an
    /// archive's reader chunk by chunk (from its thread), by a single-document backup's once.
    /// Set it before the file is read; each reading of the file starts again from 0.
    public var readProgress: ByteProgress.Handler?

    /// The name standard input goes by in messages.
    public static let standardInputName = "standard input"

    /// Opens `path` (or standard input for `-`) and detects its encoding.
    /// - Parameter maxInputSize: the most bytes accepted from standard input.
    /// - Throws: `FileIOError.notFound` when the file does not exist, other `FileIOError`s
    ///   when it cannot be read.
    public init(path: String, maxInputSize: Int64 = ArchiveReaderLimits.default.maxTotalSize) throws {
        if path == "-" {
            let spool = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
            try spool.appendContents(of: STDIN_FILENO, sourceName: BackupFile.standardInputName, limit: maxInputSize)
            self.spool = spool
            openedFile = nil
            descriptor = spool.fileDescriptor
            name = BackupFile.standardInputName
        } else {
            let file = try FileDescriptor.open(path, O_RDONLY)
            var status = stat()
            guard fstat(file.rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
                let isDirectory = status.st_mode & S_IFMT == S_IFDIR
                try? file.close()
                throw FileIOError.other(
                    path: path, errno: isDirectory ? EISDIR : EINVAL,
                    message: isDirectory ? "it is a directory, not a regular file" : "it is not a regular file")
            }
            spool = nil
            descriptor = file.rawValue
            openedFile = consume file
            name = path
        }
        let opened = descriptor
        var status = stat()
        fstat(opened, &status)
        size = Int64(status.st_size)
        encoding = BackupFileEncoding.detect(fileDescriptor: opened)
    }

    /// Wraps bytes held in memory — a fuzzer's input, a test's — as a backup file: they are
    /// written to an unnamed temporary file, as standard input is, and read like any file.
    /// - Parameter name: the name used in messages.
    /// - Throws: `FileIOError` when the temporary file cannot be written.
    public convenience init(contents: [UInt8], name: String) throws {
        let spool = try SpoolFile(directory: URL(fileURLWithPath: NSTemporaryDirectory()))
        try contents.withUnsafeBytes { try spool.append($0) }
        self.init(spool: spool, name: name)
    }

    /// A backup whose bytes were already copied into `spool` (downloaded from object storage,
    /// for instance), read like any file.
    /// - Parameter name: the backup's name in messages (`s3://bucket/key`).
    public init(spool: SpoolFile, name: String) {
        self.spool = spool
        openedFile = nil
        descriptor = spool.fileDescriptor
        self.name = name
        size = spool.size
        encoding = BackupFileEncoding.detect(fileDescriptor: spool.fileDescriptor)
    }

    /// Reads the file as a v3 archive from its start.
    /// - Throws: `BackupFormatError` when it is not one, or is unsafe or damaged.
    public func openArchive(limits: BackupReadLimits = .default) throws -> BackupArchiveReader {
        guard case .tar = encoding else {
            throw BackupFormatError.unrecognizedArchive(archive: name)
        }
        lseek(descriptor, 0, SEEK_SET)
        let reader = try BackupArchiveReader(
            fileDescriptor: descriptor, archiveName: name, limits: limits, descriptorOwner: self)
        if let readProgress {
            let total = size
            reader.readObserver = { read in readProgress(ByteProgress(completed: read, total: total)) }
        }
        return reader
    }

    /// A descriptor positioned at the start of the file, valid while this object lives.
    public func rewoundDescriptor() -> Int32 {
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    /// The whole file's bytes (for single-document backups, bounded by the caller).
    func readWhole() throws -> [UInt8] {
        let count = Int(size)
        var filled = 0
        let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while filled < count {
                let read = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(filled))
                if read < 0 {
                    if errno == EINTR { continue }
                    throw BackupFormatError.cannotReadFile(path: name, reason: String(cString: strerror(errno)))
                }
                if read == 0 { break }
                filled += read
            }
            initialized = filled
        }
        guard filled == count else {
            throw BackupFormatError.truncatedArchive(
                archive: name, entry: nil, message: "the file shrank while it was being read")
        }
        return bytes
    }
}
