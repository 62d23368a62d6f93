/// Records written as the JSON that holds them — a collection's array, or an object section's
/// object — owned in chunks, with how many records it holds and what reading them found:
/// `Findings` are a stored collection's, as decoding reports them (`DecodingFindings`), or an
/// export section's, by store key.
///
///     let encoded = EncodedRecords(object: settings, findings: DecodingFindings())
///     try archive.addSection(.monitoringSettings, bytes: encoded.bytes, records: encoded.records)
///
/// Frozen so that a caller in another module may take `bytes` out and go on reading the other
/// fields (partial consumption).
@frozen public struct EncodedRecords<Findings: Sendable>: ~Copyable, Sendable {
    /// The JSON, in chunks to be written one after the other.
    public var bytes: ByteChunks
    /// Records in the JSON.
    public var records: Int
    /// Records that were duplicates of an earlier one and were merged into it.
    public var duplicatesMerged: Int
    /// What reading the records worked around or could not read.
    public var findings: Findings

    public init(bytes: consuming ByteChunks, records: Int, duplicatesMerged: Int = 0, findings: Findings) {
        self.bytes = bytes
        self.records = records
        self.duplicatesMerged = duplicatesMerged
        self.findings = findings
    }

    /// An object section: the record's canonical JSON, or `null` with no record.
    public init<Record: JSONRecord>(object record: Record?, findings: Findings) {
        self.init(
            bytes: ByteChunks(record?.canonicalJSON ?? Array("null".utf8)), records: record == nil ? 0 : 1,
            findings: findings)
    }
}
