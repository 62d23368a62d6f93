import DomainModel

/// The one place section JSON is written: arrays of records, objects, or `null`.
public enum SectionCodec {
    /// An array section.
    /// - Parameter capacity: the expected size, so a large section is written into one buffer.
    public static func encode<Record: JSONRecord>(_ records: [Record], capacity: Int = 4096) -> (
        bytes: [UInt8], records: Int
    ) {
        (RecordArrayEncoder.encode(records, capacity: capacity), records.count)
    }

    /// An object section; `nil` is written as `null` with 0 records.
    public static func encode<Record: JSONRecord>(_ record: Record?) -> (bytes: [UInt8], records: Int) {
        guard let record else { return (Array("null".utf8), 0) }
        return (record.canonicalJSON, 1)
    }
}
