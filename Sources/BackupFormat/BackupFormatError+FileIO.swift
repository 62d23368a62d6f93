import DurableIO

extension BackupFormatError {
    /// Runs `body`, reporting a `FileIOError` it throws as ``cannotReadFile(path:reason:)``
    /// of `path`, with the system's reason.
    static func readingFile<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as FileIOError {
            throw cannotReadFile(path: path, reason: error.systemMessage ?? "\(error)")
        }
    }
}
