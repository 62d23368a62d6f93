/// The first `BackupFormatError` a reader threw, thrown again by every later call: a reader
/// never continues past a refused or damaged input.
struct StickyFailure {
    private(set) var error: BackupFormatError?

    /// Runs `body`, unless an earlier call failed; keeps the `BackupFormatError` it throws.
    mutating func guarding<T>(_ body: () throws -> T) throws -> T {
        if let error { throw error }
        do {
            return try body()
        } catch let error as BackupFormatError {
            self.error = error
            throw error
        }
    }
}
