import DurableIO

/// Bytes a ``CompressedStreamReader`` reads from something other than a descriptor: the
/// plaintext of an encrypted backup, decrypted as it is read.
protocol ArchiveByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes.
    /// - Returns: the number of bytes read; 0 only at the end, once the source has confirmed
    ///   that its bytes really end there intact (an encrypted file is authenticated to its
    ///   last chunk).
    /// - Throws: a `BackupFormatError` naming the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Bytes a ``CompressedStreamWriter`` writes to something other than a descriptor: an encryptor.
protocol ArchiveByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Where a ``CompressedStreamReader`` reads its compressed bytes from.
enum ArchiveInput {
    /// An open descriptor, read from its current offset; not closed here.
    case descriptor(DescriptorIO)
    case bytes([UInt8])
    /// A stream such as decrypted plaintext, read to its verified end.
    case stream(any ArchiveByteSource)
}

/// Where a ``CompressedStreamWriter`` writes its compressed bytes to.
enum ArchiveOutput {
    /// An open descriptor, written at its current offset; not closed here.
    case descriptor(DescriptorIO)
    /// A sink such as an encryptor.
    case stream(any ArchiveByteSink)
}
