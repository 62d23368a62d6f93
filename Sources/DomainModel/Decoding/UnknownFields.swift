import JSONCore

/// The fields of a record this build does not know — added by a newer app, or by anything
/// else that wrote the store — kept as they were read, so a record survives a round trip
/// through this build with nothing lost (policy "How models evolve": additive fields need
/// no version bump).
///
/// Each field keeps its value's JSON text exactly as written and its place among the other
/// unknown fields; the encoder writes them after the known fields. A field named like one
/// already kept (a repeated key) is not kept twice: the first occurrence counts, as it does
/// for the known fields.
///
///     // {"id": "…", "domain": "example.com", "addedAt": "…", "pinnedColor": "#ff0000"}
///     record.unknownFields.fields.map(\.name)   // ["pinnedColor"]
///     record.canonicalJSON                  // {"id":…,"addedAt":…,"pinnedColor":"#ff0000"}
public struct UnknownFields: Sendable, Hashable {
    /// One field: its name and its value's JSON text, verbatim.
    public struct Field: Sendable, Hashable {
        /// The field's name, unescaped.
        public let name: String
        /// The value's JSON text exactly as read (inner whitespace and escapes included): one
        /// valid JSON value, read from a parsed document or written by a `JSONWriter`.
        public let json: [UInt8]
    }

    /// The fields, in the order they were read.
    public private(set) var fields: [Field] = []

    /// No fields: what every record this build wrote itself holds.
    public init() {}

    /// The given fields; a later field with an earlier one's name is left out.
    public init(_ fields: [Field]) {
        for field in fields where !contains(field.name) { self.fields.append(field) }
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// Whether a field of that name is kept.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name == name }
    }

    /// These fields, then those of `other` whose names these lack: the union two records'
    /// fields become when the records merge. On a clash this side wins, so the caller puts
    /// first the record whose known fields win under the record type's merge rule.
    public func merged(with other: UnknownFields) -> UnknownFields {
        other.isEmpty ? self : UnknownFields(fields + other.fields)
    }
}

extension JSONWriter {
    /// Writes kept fields into the open object, after the known ones: each name (escaped as
    /// needed) and its value's text verbatim.
    public mutating func unknownFields(_ unknown: UnknownFields) {
        for field in unknown.fields {
            key(field.name)
            rawJSON(field.json)
        }
    }
}
