/// One field of a record, as its declaration's `fields` list gives it.
struct FieldDeclaration: Decodable {
    /// The Swift property.
    var name: String
    /// The JSON key, when it is not the property's name.
    var key: String?
    /// `id`, `domain`, `ownerName`, `string`, `date`, `int`, `bool`, `stringMap`, `enum T`,
    /// `[string]`, `[domain]`, `[enum T]`, `[T]` (records) or `T` (a record).
    var type: String
    /// A string's format beyond its type: `nonEmpty` (required strings), `wallClockTime` or
    /// `resolverURL` (checked by the field's `decode` function).
    var format: String?
    /// Absent or null makes the whole record unreadable.
    var required: Bool?
    /// A Swift expression: the value when the field is absent, null or unusable.
    var `default`: String?
    /// Another field (required, so decoded before this one) whose value is the default.
    var defaultField: String?
    /// The memberwise initialiser's default for a field that is neither optional nor a list.
    var initDefault: String?
    /// An integer's range, as a Swift expression.
    var range: String?
    /// A list's most elements, as a Swift expression.
    var max: String?
    /// A field of a list's records that should be unique.
    var unique: String?
    /// The schema's description of a list's element.
    var items: String?
    /// A function applied to the value decoded and to the initialiser's argument (a `decode`
    /// function, when there is one, returns the value in its final form: it is not applied then).
    var normalize: String?
    /// A Swift expression that decodes the field from `reader` instead of the generated call;
    /// `$key` stands for the field's JSON key.
    var decode: String?
    /// The record's fields are this object's own (no nested object).
    var embedded: Bool?
    /// What the field means: the schema's description, and the property's documentation
    /// unless `doc` is given.
    var description: String
    /// The property's documentation, when it says more than the schema's description.
    var doc: String?
    /// How the field merges when it is not simply the winning copy's (`FieldMerge`): `fill`,
    /// `either`, `max` or `union`.
    var merge: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, key, type, format, required, `default`, defaultField, initDefault, range, max, unique, items
        case normalize, decode, embedded, description, doc, merge
    }

    var jsonKey: String { key ?? name }
    var isRequired: Bool { required ?? false }
}
