/// Something lenient decoding worked around instead of failing: a record or element it
/// skipped, a field it reset to its default, an enum value it did not know.
public struct DecodingIssue: Sendable, Equatable, CustomStringConvertible {
    /// What was done about the problem.
    public enum Kind: String, Sendable, Equatable {
        /// A whole record was left out because it could not be read.
        case skippedRecord
        /// One element of a list inside a record was left out.
        case skippedElement
        /// A field of the wrong type or out of range was replaced by its default.
        case defaultedField
        /// An enum value this build does not know was mapped to its safe default; the
        /// original text is kept and written back.
        case unknownEnumValue
        /// A list was longer than allowed and was cut.
        case truncatedList
    }

    public var kind: Kind
    /// Where, as a JSON path from the blob's root: `$[12].registration.expiresAt`.
    public var path: String
    /// What was wrong, as a sentence.
    public var message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `$[12].domain: <message>`.
    public var description: String { "\(path): \(message)" }

    /// The same issue located under `prefix` (a parent path such as `$[3]` or `.checks[2]`).
    func prefixed(by prefix: String) -> DecodingIssue {
        var copy = self
        copy.path = prefix + path
        return copy
    }
}
