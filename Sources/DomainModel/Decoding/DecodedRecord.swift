/// A record as lenient decoding read it, with what it worked around.
public struct DecodedRecord<Record> {
    public var record: Record
    /// What decoding worked around, with paths relative to the record.
    public var issues: [DecodingIssue]
    /// Whether decoding met nothing the schema would report (`RecordReader.isClean`): a
    /// clean record is valid without a schema walk.
    public var isClean: Bool
}
