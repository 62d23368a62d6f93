import DurableIO

extension FileDescriptor {
    /// Opens `path` for reading, reporting failure in this module's terms.
    /// - Throws: ``BackupFormatError/cannotOpenFile(path:reason:)`` with the system's reason.
    static func openBackup(_ path: String) throws -> FileDescriptor {
        do {
            return try FileDescriptor.openForReading(path)
        } catch let error as FileIOError {
            throw BackupFormatError.cannotOpenFile(path: path, reason: error.systemMessage ?? "\(error)")
        }
    }

    /// Reads up to `buffer.count` bytes at the current offset, reporting failure in this
    /// module's terms.
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: ``BackupFormatError/cannotReadFile(path:reason:)`` with the system's reason.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do {
            return try read(into: buffer)
        } catch let error as FileIOError {
            throw BackupFormatError.cannotReadFile(path: path, reason: error.systemMessage ?? "\(error)")
        }
    }
}
