import Glibc

/// Reads and writes through a descriptor that someone else owns — standard input and
/// output, or a descriptor handed to a reader or writer that must not close it.
/// `FileDescriptor`, the owning type, reads and writes through these too.
///
///     let count = try DescriptorIO.read(from: STDIN_FILENO, into: buffer, name: "standard input")
public enum DescriptorIO {
    /// Reads up to `buffer.count` bytes at the descriptor's current offset.
    /// - Parameter name: the file's path or a description such as `standard input`, for errors.
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: `FileIOError` when the read fails.
    public static func read(from descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, name: String) throws
        -> Int
    {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try checkedSystemCall(path: name) { Glibc.read(descriptor, base, buffer.count) }
    }

    /// Writes every byte, continuing after partial writes and interruptions. Each call is one
    /// step of the crash tests (`CrashPoint`), as for an owned `FileDescriptor`.
    /// - Parameter name: the file's path or a description such as `standard output`, for errors.
    /// - Throws: `FileIOError`, e.g. `.noSpace` when the disk fills up.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        CrashPoint.reach(.write, name)
        var written = 0
        while written < bytes.count {
            written += try checkedSystemCall(path: name) {
                Glibc.write(descriptor, base + written, bytes.count - written)
            }
        }
    }
}
