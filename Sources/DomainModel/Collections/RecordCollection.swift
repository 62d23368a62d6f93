/// An ordered collection with one record per natural key: the deduplicating save path.
///
/// Records keep the position of the first record with their key; a later duplicate is
/// merged into it by the record type's rule.
///
///     var domains = RecordCollection<TrackedDomain>()
///     domains.insert(a)          // .added
///     domains.insert(aAgain)     // .merged or .unchanged
public struct RecordCollection<Record: DeduplicatingRecord>: Sendable {
    /// What `insert` did.
    public enum InsertOutcome: Sendable, Equatable {
        /// The key was new.
        case added
        /// The key existed and the merge changed the stored record.
        case merged
        /// The key existed and the merge changed nothing.
        case unchanged
    }

    /// The records, in order of first appearance.
    public private(set) var records: [Record] = []
    private var positions: [Record.NaturalKey: Int] = [:]

    /// An empty collection.
    public init() {}

    /// A collection of `records`, duplicates merged.
    public init(_ records: some Sequence<Record>) {
        for record in records { insert(record) }
    }

    /// The record with `key`, if any.
    public subscript(key: Record.NaturalKey) -> Record? {
        positions[key].map { records[$0] }
    }

    /// Adds `record`, or merges it into the record with the same natural key.
    @discardableResult
    public mutating func insert(_ record: Record) -> InsertOutcome {
        let key = record.naturalKey
        guard let position = positions[key] else {
            positions[key] = records.count
            records.append(record)
            return .added
        }
        let merged = records[position].merged(with: record)
        if merged == records[position] { return .unchanged }
        records[position] = merged
        return .merged
    }
}
