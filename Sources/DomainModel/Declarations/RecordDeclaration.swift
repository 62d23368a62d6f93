import JSONCore

/// A record type's fields as its `.record` file declares them: what the validator checks and
/// `backupctl schema` prints. The same declaration gives the record its properties, decoder and
/// encoder (RecordCodegen), so the three cannot disagree.
public struct RecordDeclaration: Sendable {
    /// The name under `$defs` in the printed JSON Schema.
    public let definition: String
    /// What the record is.
    public let description: String
    /// In declaration order, the order the encoder writes them.
    public let fields: [RecordField]

    public init(definition: String, description: String, fields: [RecordField]) {
        self.definition = definition
        self.description = description
        self.fields = fields
    }
}

/// One field of a declared record.
public struct RecordField: Sendable {
    /// The JSON key: a literal, so walking millions of records copies no strings.
    public let name: StaticString
    public let value: FieldValue
    /// Absent or null makes the record unreadable.
    public let isRequired: Bool
    public let description: String

    public init(_ name: StaticString, _ value: FieldValue, required: Bool, _ description: String) {
        self.name = name
        self.value = value
        self.isRequired = required
        self.description = description
    }
}

/// What a field's value must be.
public indirect enum FieldValue: Sendable {
    case string(StringFormat?)
    /// A lenient enum's known values; others are kept and read as `fallback`.
    case enumeration(knownValues: [String], fallback: String)
    case integer(ClosedRange<Int>?)
    case boolean
    /// An object of string values (HTTP headers, step parameters).
    case stringMap
    /// A list of `element`s (described by `item` unless they are records).
    case list(FieldValue, item: String, max: Int? = nil, unique: String? = nil)
    /// A nested record.
    case record(RecordDeclaration)
    /// A record whose fields are written in this object, without braces of their own.
    case embedded(RecordDeclaration)

    /// A lenient enum's values.
    public static func enumeration<Value: LenientEnum>(_ type: Value.Type) -> FieldValue {
        .enumeration(knownValues: Lenient<Value>.allowedValues, fallback: Value.fallback.rawValue)
    }
}

/// The string formats records use and the schema checks.
public enum StringFormat: String, Sendable {
    /// ISO 8601 date-time.
    case dateTime = "date-time"
    /// 8-4-4-4-12 hexadecimal UUID.
    case uuid
    /// A host name (canonical form valid per RFC 1035/1123).
    case domain
    /// A DNS owner name (host syntax plus `_service` labels and a leading `*`).
    case ownerName
    /// An `https://` URL.
    case resolverURL
    /// A wall-clock time `HH:MM`.
    case wallClockTime
    /// Not empty, not only whitespace.
    case nonEmpty
}

/// A record generated from its `.record` declaration.
public protocol DeclaredRecord: JSONRecord {
    /// The record's fields, for the schema.
    static var declaration: RecordDeclaration { get }
    /// Writes the known fields without braces, for a record that embeds these.
    func encodeFields(to writer: inout JSONWriter)
}
