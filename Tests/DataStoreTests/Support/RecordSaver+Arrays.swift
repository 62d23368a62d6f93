import DataStore
import DomainModel

extension RecordSaver {
    /// Saves `records`, deduplicated, as a canonical JSON array; `verbatim` elements follow as
    /// given.
    /// - Returns: whether the stored bytes changed.
    @discardableResult
    func save<Record>(
        _ records: [Record], keepingVerbatim verbatim: [[UInt8]] = [],
        to key: CollectionKey<Record>
    ) throws -> Bool {
        try save(RecordCollection(records), keepingVerbatim: verbatim, to: key)
    }
}
