import AgeEncryption
import DurableIO

@testable import BackupFormat

// The readers the product reaches through `BackupFile`, opened directly on a descriptor or a
// path, and the byte counters the tests check the limits against.

extension CompressedStreamReader {
    /// A stream over an open, readable descriptor, named in messages as it is named.
    static func reading(_ descriptor: DescriptorIO, limits: ArchiveReaderLimits) throws -> CompressedStreamReader {
        try CompressedStreamReader(source: .descriptor(descriptor), name: descriptor.name, limits: limits)
    }

    /// A stream over the file at `path`, closed when the stream is released.
    static func opening(_ path: String, limits: ArchiveReaderLimits) throws -> CompressedStreamReader {
        let file = try FileDescriptor.openBackup(path)
        let input = ArchiveInput.descriptor(file.io)
        return try CompressedStreamReader(source: input, name: path, limits: limits, owning: file)
    }
}

extension TarArchiveReader {
    /// Reads an archive from an open, readable descriptor; not closed by the reader.
    convenience init(descriptor: DescriptorIO, limits: ArchiveReaderLimits = .default) throws {
        try self.init(stream: .reading(descriptor, limits: limits))
    }

    /// Opens and reads the archive at `path`; the file is closed when the reader is released.
    convenience init(path: String, limits: ArchiveReaderLimits = .default) throws {
        try self.init(stream: .opening(path, limits: limits))
    }

    /// Uncompressed tar bytes — headers, data and padding — decompressed so far.
    var uncompressedBytesProduced: Int64 { stream.uncompressedBytesProduced }
}

extension CompressedDocumentReader {
    /// Reads a document from an open, readable descriptor; not closed by the reader.
    convenience init(descriptor: DescriptorIO, limits: ArchiveReaderLimits = .default) throws {
        try self.init(stream: .reading(descriptor, limits: limits))
    }

    /// Opens and reads the document at `path`; the file is closed when the reader is released.
    convenience init(path: String, limits: ArchiveReaderLimits = .default) throws {
        try self.init(stream: .opening(path, limits: limits))
    }

    /// Compressed bytes decoded so far.
    var compressedBytesConsumed: Int64 { stream.compressedBytesConsumed }
}

extension BackupArchiveReader {
    /// Opens an archive on a readable descriptor positioned at its start and reads its manifest.
    convenience init(descriptor: DescriptorIO, limits: BackupReadLimits = .default) throws {
        try self.init(input: .descriptor(descriptor), archiveName: descriptor.name, limits: limits, owner: nil)
    }

    /// Compressed bytes read from the file so far.
    var compressedBytesRead: Int64 { tar.compressedBytesConsumed }
}

extension EncryptedBackupCheck {
    /// Checks the file at `path` without a key, against what was recorded while writing it.
    static func verify(path: String, against record: EncryptionRecord? = nil) throws -> AgeFileLayout {
        try withFile(path: path) { try verify($0, against: record) }
    }
}
