import JSONCore

@testable import DomainModel

extension RecordReader {
    /// Starts reading `value`, which must be an object, without the schema's checks.
    /// - Throws: `RecordDecodingError` when `value` is not an object.
    init(_ value: JSONValue) throws(RecordDecodingError) {
        try self.init(value.document.view, at: value.tapeIndex, checking: false)
    }
}
