/// A record type as its `.record` file declares it (JSON): the one place its fields are
/// written down. RecordCodegen turns it into the type, its memberwise initialiser, its lenient
/// decoder, its canonical encoder and its schema (`RecordDeclaration` in DomainModel).
struct RecordDeclaration: Decodable {
    /// The Swift type's name.
    var record: String
    /// The protocols the type adopts besides `DeclaredRecord` (`DeduplicatingRecord`, `Hashable`).
    var conformances: [String]
    /// The type's documentation, one entry per line.
    var doc: [String]
    /// The name under `$defs` in the printed JSON Schema.
    var definition: String
    /// The schema's description of the record.
    var description: String
    /// A field whose record keeps this one's unknown fields (a record embedded with `embedded`).
    var unknownFieldsIn: String?
    var fields: [FieldDeclaration]
}

/// One field of a record.
struct FieldDeclaration: Decodable {
    /// The Swift property.
    var name: String
    /// The JSON key, when it is not the property's name.
    var key: String?
    /// `id`, `domain`, `ownerName`, `string`, `date`, `int`, `bool`, `stringMap`, `enum T`,
    /// `[string]`, `[domain]`, `[enum T]`, `[T]` (records) or `T` (a record).
    var type: String
    /// A string's format beyond its type: `nonEmpty`, `wallClockTime` or `resolverURL`.
    var format: String?
    /// Absent or null makes the whole record unreadable.
    var required: Bool?
    /// A Swift expression: the value when the field is absent, null or unusable.
    var `default`: String?
    /// Another field (decoded before this one) whose value is the default.
    var defaultField: String?
    /// The initialiser's default, when it differs from the decoder's.
    var initDefault: String?
    /// An integer's range, as a Swift expression.
    var range: String?
    /// A list's most elements, as a Swift expression.
    var max: String?
    /// A field of a list's records that should be unique.
    var unique: String?
    /// The schema's description of a list's element.
    var items: String?
    /// A function applied to the value decoded and to the initialiser's argument.
    var normalize: String?
    /// A Swift expression that decodes the field from `reader` instead of the generated call.
    var decode: String?
    /// The record's fields are this object's own (no nested object).
    var embedded: Bool?
    /// What the field means: the property's documentation and the schema's description.
    var description: String

    var jsonKey: String { key ?? name }
    var isRequired: Bool { required ?? false }
}
