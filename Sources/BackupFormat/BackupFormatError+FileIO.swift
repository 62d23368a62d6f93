import DurableIO

extension BackupFormatError {
    /// Runs `body`, reporting a `FileIOError` it throws as `failure` of `path` —
    /// ``cannotReadFile(path:reason:)`` unless given — with the system's reason.
    static func readingFile<Result: ~Copyable>(
        _ path: String, as failure: (String, String) -> BackupFormatError = BackupFormatError.cannotReadFile,
        _ body: () throws -> Result
    ) throws -> Result {
        do {
            return try body()
        } catch let error as FileIOError {
            throw failure(path, error.systemMessage ?? "\(error)")
        }
    }
}
