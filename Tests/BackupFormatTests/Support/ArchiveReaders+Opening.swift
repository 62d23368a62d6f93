import AgeEncryption
import DurableIO

@testable import BackupFormat

// The readers the product reaches through `BackupFile`, opened directly on a descriptor or a
// path, and the byte counters the tests check the limits against.

/// A reader over one compressed stream, opened directly on a descriptor or a path.
protocol CompressedStreamConsumer: AnyObject {
    init(stream: CompressedStreamReader) throws
}

extension TarArchiveReader: CompressedStreamConsumer {}
extension CompressedDocumentReader: CompressedStreamConsumer {}

extension CompressedStreamConsumer {
    /// Reads from an open, readable descriptor, named in messages as it is named; not closed
    /// by the reader.
    init(descriptor: DescriptorIO, limits: ArchiveReaderLimits = .default) throws {
        try self.init(
            stream: CompressedStreamReader(source: .descriptor(descriptor), name: descriptor.name, limits: limits))
    }

    /// Opens and reads the file at `path`; the file is closed when the reader is released.
    init(path: String, limits: ArchiveReaderLimits = .default) throws {
        let file = try FileDescriptor.openBackup(path)
        let input = ArchiveInput.descriptor(file.io)
        try self.init(stream: CompressedStreamReader(source: input, name: path, limits: limits, owning: file))
    }
}

extension TarArchiveReader {
    /// Uncompressed tar bytes — headers, data and padding — decompressed so far.
    var uncompressedBytesProduced: Int64 { stream.uncompressedBytesProduced }
}

extension CompressedDocumentReader {
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
