import DurableIO

@testable import BackupFormat

extension BackupFileEncoding {
    /// Detects the encoding of the file at `path` from its first ``prefixLength`` bytes, read
    /// in turn (a pipe's too), with the errors the product's readers open and read with.
    static func detect(fileAt path: String) throws -> BackupFileEncoding {
        let file = try FileDescriptor.openBackup(path)
        return try withUnsafeTemporaryAllocation(byteCount: prefixLength, alignment: 16) { buffer in
            let filled = try buffer.fill { free in
                try BackupFormatError.readingFile(path) { try file.read(into: free) }
            }
            return detect(prefix: UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
        }
    }
}
