import JSONCore

/// A record that reads itself leniently from JSON and writes itself canonically.
///
/// Canonical output: fields in a fixed order, optional fields left out when absent, domains
/// canonical, timestamps in UTC. Decoding canonical output gives the same record back.
public protocol JSONRecord: Sendable, Equatable {
    /// Reads the record's known fields; throws only when lenient decoding cannot help.
    init(from reader: inout RecordReader) throws(RecordDecodingError)

    /// Writes the record as one JSON object: its known fields in their fixed order, then
    /// `unknownFields` (`JSONWriter.unknownFields(_:)`).
    func encode(to writer: inout JSONWriter)

    /// The fields of the object this build does not know, kept as read (`decode` sets them
    /// from the fields `init(from:)` did not ask for) and written back after the known ones.
    var unknownFields: UnknownFields { get set }
}

extension JSONRecord {
    /// Decodes `value`, returning the record and what was worked around.
    /// - Throws: `RecordDecodingError` when the record cannot be read.
    public static func decode(_ value: JSONValue) throws(RecordDecodingError) -> (Self, [DecodingIssue]) {
        try decode(value.document.view, at: value.tapeIndex)
    }

    static func decode(_ view: JSONView, at index: Int) throws(RecordDecodingError) -> (Self, [DecodingIssue]) {
        var reader = try RecordReader(view, at: index)
        var record = try Self(from: &reader)
        record.unknownFields = reader.unknownFields()
        return (record, reader.issues)
    }

    /// The record's canonical JSON text.
    public var canonicalJSON: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        encode(to: &writer)
        return writer.bytes
    }
}
