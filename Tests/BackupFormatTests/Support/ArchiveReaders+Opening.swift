import AgeEncryption
import DurableIO

@testable import BackupFormat

// The readers the product reaches through `BackupFile`, opened directly on a descriptor or a
// path; a test that checks a stream's byte counters opens the stream itself
// (`CompressedStreamReader.opening`) and hands it to the reader's `init(stream:)`.

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
        try self.init(stream: .opening(path, limits: limits))
    }
}

extension CompressedStreamReader {
    /// A stream over the file at `path`, which it closes when it is released.
    static func opening(_ path: String, limits: ArchiveReaderLimits = .default) throws -> CompressedStreamReader {
        let file = try BackupFormatError.readingFile(path, as: BackupFormatError.cannotOpenFile) {
            try FileDescriptor.openForReading(path)
        }
        let input = ArchiveInput.descriptor(file.io)
        return try CompressedStreamReader(source: input, name: path, limits: limits, owning: file)
    }
}

extension BackupArchiveReader {
    /// Opens an archive on a readable descriptor positioned at its start and reads its manifest.
    convenience init(descriptor: DescriptorIO, limits: BackupReadLimits = .default) throws {
        try self.init(input: .descriptor(descriptor), archiveName: descriptor.name, limits: limits, owner: nil)
    }
}

extension EncryptedBackupCheck {
    /// Checks the file at `path` without a key, against what was recorded while writing it.
    static func verify(path: String, against record: EncryptionRecord? = nil) throws -> AgeFileLayout {
        try withFile(path: path) { try verify($0, against: record) }
    }
}
