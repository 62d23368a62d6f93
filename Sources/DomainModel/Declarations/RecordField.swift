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
