import Concurrency
import Foundation
import JSONCore

/// Merges a backup's records into a stored array by natural key, as `RecordCollection` does —
/// the store's records first, in order, each backup record merged into the one with its key
/// or appended — without holding either side's records decoded.
///
/// The backup's side comes as validation leaves it: each record's natural key and where its
/// JSON is in the section (`Incoming`), with the section's bytes. The store's side is its
/// stored array, read on every core (`StoredArray`). A stored element whose bytes are exactly
/// those of a backup record is not decoded: its key is that record's, and when every backup
/// copy of the key is those bytes the record stays as it is (decoding gives equal records,
/// and merge rules are idempotent, `MergeableRecord`). Every other stored element is decoded
/// once, and merged at once with the backup's copies of its key, if any. Only the records
/// the merge changes are kept. When the records change, `canonicalArray(verbatim:)` writes
/// the store's new value as `RecordArrayEncoder` writes the merged collection, decoding the
/// store's records again one at a time.
///
///     let merge = StoredArrayMerge<TrackedDomain>(stored: blob, incoming: entries, from: section)
///     if merge?.changesRecords == true { save(merge!.canonicalArray()) }
public struct StoredArrayMerge<Record: DeduplicatingRecord> {
    /// One record of the backup: its natural key and where its JSON is in the section.
    public struct Incoming: Sendable {
        public let key: Record.NaturalKey
        public let source: Range<Int>

        public init(key: Record.NaturalKey, source: Range<Int>) {
            self.key = key
            self.source = source
        }
    }

    /// What the merge does to each distinct key of the backup, as an import counts it.
    public struct Counts: Equatable, Sendable {
        /// Keys the store did not hold.
        public var added = 0
        /// Keys whose stored record the merge leaves equal.
        public var unchanged = 0
        /// Keys whose stored record the merge changes.
        public var merged = 0
        /// Backup records that repeat the key of an earlier one (merged into it).
        public var duplicatesDropped = 0
    }

    /// The backup's records: the section's JSON, where each record is, and the positions in
    /// `incoming` of each key's copies, in order.
    struct Backup: Sendable {
        let section: [UInt8]
        let options: JSONParseOptions
        let incoming: [Incoming]
        let copies: [Record.NaturalKey: [Int]]

        /// The bytes of the record at `position`.
        func bytes(_ position: Int) -> ArraySlice<UInt8> { section[incoming[position].source] }

        /// `record` with the backup's copies of its key merged in, in order.
        func merging(into record: Record) -> Record {
            copies[record.naturalKey, default: []].reduce(record) {
                $0.merged(with: StoredArrayMerge.decode(bytes($1), options))
            }
        }
    }

    private let store: StoredArray
    private let backup: Backup
    /// The records the merge changes.
    private let results: [Record.NaturalKey: Record]
    /// The backup's keys the store lacks, in order.
    private let added: [Record.NaturalKey]

    /// What the merge does to the backup's keys.
    public let counts: Counts
    /// Whether the store's records change: a key added or a record merged into.
    public var changesRecords: Bool { counts.added > 0 || counts.merged > 0 }

    /// The stored elements that cannot be read as records, as stored, in order.
    public var unreadableElements: [[UInt8]] {
        store.keys.indices.filter { store.keys[$0] == nil }.map { Array(store.bytes[store.ranges[$0]]) }
    }

    /// Prepares the merge of `incoming` (records of `section`, in order) into `stored`.
    /// - Parameters:
    ///   - stored: the store's value, a JSON array.
    ///   - storeOptions: the limits the store's value is read with (`RecordLoader`'s).
    ///   - sectionOptions: the limits the section was validated with.
    /// - Returns: nil when `stored` is not a JSON array (unreadable as a whole).
    /// - Precondition: each of `incoming` decodes from `section` to a record with its key.
    public init?(
        stored: [UInt8], storeOptions: JSONParseOptions, incoming: [Incoming], from section: [UInt8],
        sectionOptions: JSONParseOptions
    ) {
        var order: [Record.NaturalKey] = []
        var copies: [Record.NaturalKey: [Int]] = [:]
        for (position, record) in incoming.enumerated() {
            if copies[record.key]?.append(position) == nil {
                order.append(record.key)
                copies[record.key] = [position]
            }
        }
        let backup = Backup(section: section, options: sectionOptions, incoming: incoming, copies: copies)
        guard let store = StoredArray(stored, options: storeOptions, backup: backup) else { return nil }
        (self.store, self.backup) = (store, backup)
        var counts = Counts(duplicatesDropped: incoming.count - order.count)
        var results: [Record.NaturalKey: Record] = [:]
        var added: [Record.NaturalKey] = []
        for key in order {
            let after: Record?
            switch store.decision(for: key, backup) {
            case .absent:
                counts.added += 1
                added.append(key)
                continue
            case .unchanged: after = nil
            case .changed(let record): after = record
            case .undecided:
                let before = store.record(key)
                let merged = backup.merging(into: before)
                after = merged == before ? nil : merged
            }
            if let after {
                counts.merged += 1
                results[key] = after
            } else {
                counts.unchanged += 1
            }
        }
        (self.results, self.added, self.counts) = (results, added, counts)
    }

    /// The store's new value: its records, merged, then the added ones, as canonical JSON,
    /// then `verbatim` elements as given — what `RecordArrayEncoder` writes for the merged
    /// collection. Large arrays are encoded on every core.
    public func canonicalArray(verbatim: [[UInt8]] = []) -> ByteChunks {
        let (store, results) = (self.store, self.results)
        let storedParts = WorkerPool.default.map(store.runs(parts: WorkerPool.default.parts)) { run -> [UInt8] in
            var writer = JSONWriter(capacity: 64 * 1024)
            do {
                try JSONArrayStream.forEachElement(in: store.bytes, run: run, options: store.options) {
                    index, element in
                    guard let key = store.keys[index], store.first[key] == index else { return }
                    if let result = results[key] {
                        result.encode(to: &writer)
                    } else if store.repeated[key] != nil {
                        store.record(key).encode(to: &writer)
                    } else {
                        Self.decode(element).encode(to: &writer)
                    }
                }
            } catch {
                preconditionFailure("a stored array that parsed once no longer parses")
            }
            return writer.takeBytes()
        }
        let backup = self.backup
        let slices = stride(from: 0, to: added.count, by: 1024).map { added[$0..<min(added.count, $0 + 1024)] }
        let addedParts = WorkerPool.default.map(slices) { slice -> [UInt8] in
            var writer = JSONWriter(capacity: 64 * 1024)
            for key in slice {
                Self.fold(backup.copies[key]!.map { backup.bytes($0) }, options: backup.options).encode(to: &writer)
            }
            return writer.takeBytes()
        }
        return RecordArrayEncoder.array(storedParts + addedParts, verbatim: verbatim)
    }

    /// The records of `copies`, the later merged into the first.
    static func fold(_ copies: some Sequence<ArraySlice<UInt8>>, options: JSONParseOptions) -> Record {
        var result: Record?
        for copy in copies {
            let record = decode(copy, options)
            result = result.map { $0.merged(with: record) } ?? record
        }
        return result!
    }

    /// The record in `bytes`, which decoded when the merge was prepared.
    static func decode(_ bytes: ArraySlice<UInt8>, _ options: JSONParseOptions) -> Record {
        guard let document = try? JSONDocument(parsing: Array(bytes), options: options) else {
            preconditionFailure("a record that parsed once no longer parses from the same JSON")
        }
        return decode(document.root)
    }

    static func decode(_ element: JSONValue) -> Record {
        guard let record = try? Record.decode(element).0 else {
            preconditionFailure("a record that decoded once no longer decodes from the same JSON")
        }
        return record
    }
}
