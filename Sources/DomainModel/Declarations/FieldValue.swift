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
