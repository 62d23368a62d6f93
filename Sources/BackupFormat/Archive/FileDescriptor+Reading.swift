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
}
