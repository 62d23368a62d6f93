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

    /// Writes the object at `index` as decoding then encoding it would, straight from the tape
    /// (`RecordTranscoder`), when decoding would take it as it is — and, `checking`, find it
    /// clean; false otherwise, having written part of it. RecordCodegen writes it from the
    /// declaration; a record without one is always decoded.
    static func transcode(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter) -> Bool
}

extension JSONRecord {
    public static func transcode(_ view: JSONView, at index: Int, checking: Bool, into writer: inout JSONWriter)
        -> Bool
    { false }

    /// Decodes `value`, returning the record and what was worked around.
    /// - Throws: `RecordDecodingError` when the record cannot be read.
    public static func decode(_ value: JSONValue) throws(RecordDecodingError) -> (Self, [DecodingIssue]) {
        let decoded = try decode(value.document.view, at: value.tapeIndex, checking: false)
        return (decoded.record, decoded.issues)
    }

    /// Decodes `value` for validation: the record and whether decoding met nothing the
    /// schema would report (`RecordReader.isClean`).
    /// - Throws: `RecordDecodingError` when the record cannot be read.
    public static func decodeChecking(_ value: JSONValue) throws(RecordDecodingError) -> DecodedRecord<Self> {
        try decode(value.document.view, at: value.tapeIndex, checking: true)
    }

    /// Decodes the object at `index`; `checking`, noticing what makes it not clean.
    static func decode(_ view: JSONView, at index: Int, checking: Bool) throws(RecordDecodingError)
        -> DecodedRecord<Self>
    {
        var reader = try RecordReader(view, at: index, checking: checking)
        var record = try Self(from: &reader)
        record.unknownFields = reader.unknownFields()
        return DecodedRecord(record: record, issues: reader.issues, isClean: reader.isClean)
    }

    /// The record's canonical JSON text.
    public var canonicalJSON: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        encode(to: &writer)
        return writer.takeBytes()
    }
}
