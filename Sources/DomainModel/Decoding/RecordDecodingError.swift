/// Why a record could not be read at all: lenient decoding has nothing to fall back on when
/// a required field is missing, of the wrong type, or not a valid value (an invalid domain).
/// The record is then skipped and reported, never fatal for the rest of its collection.
public struct RecordDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the problem relative to the record (`.domain`, `.checks[2].id`).
    public var path: String
    /// What is wrong, as a sentence fragment: "is missing", "must be a string".
    public var problem: String

    /// `.domain is missing`.
    public var description: String { path.isEmpty ? problem : "\(path) \(problem)" }

    func prefixed(by prefix: String) -> RecordDecodingError {
        RecordDecodingError(path: prefix + path, problem: problem)
    }
}
