/// A record type as its `.record` file declares it (JSON): the one place its fields are
/// written down. RecordCodegen turns it into the type, its memberwise initialiser, its lenient
/// decoder, its canonical encoder, its schema (`RecordDeclaration` in DomainModel) and its
/// merge rule (`MergeRule`).
///
/// The keys below are all a declaration may use (`Docs/architecture.md` §4); any other is
/// refused, so a misspelt one cannot quietly change a field.
struct DeclarationFile: Decodable {
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
    /// Which copy wins when two merge (`MergeRule`): `first`, `incoming`, `later F` (F a date
    /// field) or `custom` (a hand-written `merged(with:)`); only on a `MergeableRecord`.
    var merge: String?
    /// The required field that identifies a `DeduplicatingRecord` (its `naturalKey`).
    var naturalKey: String?
    var fields: [FieldDeclaration]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case record, conformances, doc, definition, description, unknownFieldsIn, merge, naturalKey, fields
    }
}
