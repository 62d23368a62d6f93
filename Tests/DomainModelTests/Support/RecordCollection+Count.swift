import DomainModel

extension RecordCollection {
    /// The number of distinct records.
    var count: Int { records.count }
}
