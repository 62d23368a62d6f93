/// Bytes libarchive reads from something other than a file descriptor: the plaintext of an
/// encrypted backup, decrypted as it is read.
protocol ArchiveByteSource: AnyObject {
    /// The next bytes, in a buffer the source owns and keeps unchanged until the next call;
    /// empty at the end.
    func nextBytes() throws -> UnsafeRawBufferPointer

    /// Called once libarchive has reached the end of what it reads: confirms that the bytes
    /// really end there intact (an encrypted file is authenticated to its last chunk).
    func verifyEnd() throws
}

/// Bytes libarchive writes to something other than a file descriptor: an encryptor.
protocol ArchiveByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Where a libarchive handle reads from.
enum ArchiveInput {
    /// An open descriptor (a file or a pipe), read by libarchive itself.
    case descriptor(Int32)
    /// A stream of bytes handed to libarchive through its read callback.
    case stream(any ArchiveByteSource)
}

/// Where a libarchive handle writes to.
enum ArchiveOutput {
    case descriptor(Int32)
    case stream(any ArchiveByteSink)
}
