import Concurrency
import Foundation
import JSONCore

/// Merges a backup's records into a stored array by natural key, as `RecordCollection` does —
/// the store's records first, in order, each backup record merged into the one with its key
/// or appended — without holding either side's records decoded.
///
/// The backup's side comes as validation leaves it: each record's natural key and where its
/// JSON is in the section (`Incoming`), with the section's bytes. The store's side is its
/// stored array. A stored element whose bytes are exactly those of a backup record is not
/// decoded (its key is that record's); the others are decoded once, for their key. A key
/// whose backup copies are all, byte for byte, the store's one element with that key keeps
/// it as it is, unread: decoding gives equal records, and merge rules are idempotent
/// (`MergeableRecord`). Only keys whose copies differ are decoded and merged. When the
/// records change, `canonicalArray(verbatim:)` writes the store's new value as
/// `RecordArrayEncoder` writes the merged collection, decoding the store's records again one
/// at a time.
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

    /// The stored array read for the merge: each element's key (nil when it cannot be read)
    /// and where it is.
    private struct StoredElements: Sendable {
        let bytes: [UInt8]
        let options: JSONParseOptions
        let keys: [Record.NaturalKey?]
        let ranges: [Range<Int>]
        /// Each key's first element.
        let first: [Record.NaturalKey: Int]
        /// The elements of each key held more than once (merged into the first, as the loader
        /// reads them).
        let repeated: [Record.NaturalKey: [Int]]

        init(_ bytes: [UInt8], options: JSONParseOptions, keys: [Record.NaturalKey?], ranges: [Range<Int>]) {
            (self.bytes, self.options, self.keys, self.ranges) = (bytes, options, keys, ranges)
            var first: [Record.NaturalKey: Int] = [:]
            var repeated: [Record.NaturalKey: [Int]] = [:]
            for (index, key) in keys.enumerated() {
                guard let key else { continue }
                if let earlier = first[key] {
                    repeated[key, default: [earlier]].append(index)
                } else {
                    first[key] = index
                }
            }
            (self.first, self.repeated) = (first, repeated)
        }

        /// The bytes of `key`'s element when the store holds it once.
        func onlyElement(_ key: Record.NaturalKey) -> ArraySlice<UInt8>? {
            guard let index = first[key], repeated[key] == nil else { return nil }
            return bytes[ranges[index]]
        }

        /// The store's record for `key`: its first element, the later ones merged in.
        func record(_ key: Record.NaturalKey) -> Record {
            let copies = repeated[key] ?? [first[key]!]
            return StoredArrayMerge.fold(copies.map { bytes[ranges[$0]] }, options: options)
        }
    }

    private let store: StoredElements
    private let section: [UInt8]
    private let incoming: [Incoming]
    private let sectionOptions: JSONParseOptions
    /// The records the merge changes.
    private let results: [Record.NaturalKey: Record]
    /// The copies (positions in `incoming`) of each backup key the store lacks, in order.
    private let added: [[Int]]

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
        stored: [UInt8], storeOptions: JSONParseOptions = .default, incoming: [Incoming], from section: [UInt8],
        sectionOptions: JSONParseOptions
    ) {
        guard let store = Self.read(stored, options: storeOptions, incoming: incoming, section: section) else {
            return nil
        }
        (self.store, self.section, self.incoming, self.sectionOptions) = (store, section, incoming, sectionOptions)
        // Each backup key in order of first appearance, whether every copy is the store's one
        // element byte for byte, and its copies.
        var order: [Record.NaturalKey] = []
        var copies: [Record.NaturalKey: (allSame: Bool, positions: [Int])] = [:]
        var counts = Counts()
        for (position, record) in incoming.enumerated() {
            let isSame = store.onlyElement(record.key).map { Self.sameBytes($0, section[record.source]) } ?? false
            if copies[record.key] != nil {
                counts.duplicatesDropped += 1
                copies[record.key]!.allSame = copies[record.key]!.allSame && isSame
                copies[record.key]!.positions.append(position)
            } else {
                order.append(record.key)
                copies[record.key] = (isSame, [position])
            }
        }
        var results: [Record.NaturalKey: Record] = [:]
        var added: [[Int]] = []
        for key in order {
            let (allSame, positions) = copies[key]!
            if store.first[key] == nil {
                counts.added += 1
                added.append(positions)
            } else if allSame {
                counts.unchanged += 1
            } else {
                let before = store.record(key)
                let after = positions.reduce(before) {
                    $0.merged(with: Self.decode(section[incoming[$1].source], sectionOptions))
                }
                if after == before {
                    counts.unchanged += 1
                } else {
                    counts.merged += 1
                    results[key] = after
                }
            }
        }
        (self.results, self.added, self.counts) = (results, added, counts)
    }

    /// The store's new value: its records, merged, then the added ones, as canonical JSON,
    /// then `verbatim` elements as given — what `RecordArrayEncoder` writes for the merged
    /// collection. Large arrays are encoded on every core.
    public func canonicalArray(verbatim: [[UInt8]] = []) -> ByteChunks {
        let (store, results) = (self.store, self.results)
        func makeWriter() -> sending JSONWriter { JSONWriter(capacity: 64 * 1024) }
        let write: @Sendable (inout JSONWriter, Int, JSONValue) -> Void = { writer, index, element in
            guard let key = store.keys[index], store.first[key] == index else { return }
            if let result = results[key] {
                result.encode(to: &writer)
            } else if store.repeated[key] != nil {
                store.record(key).encode(to: &writer)
            } else {
                Self.decode(element).encode(to: &writer)
            }
        }
        // The array parsed when the merge was prepared, so it parses again.
        guard let storedParts = Self.scan(store.bytes, options: store.options, into: makeWriter, write) else {
            preconditionFailure("a stored array that parsed once no longer parses")
        }
        let (section, incoming, options) = (self.section, self.incoming, sectionOptions)
        let slices = stride(from: 0, to: added.count, by: 1024).map { added[$0..<min(added.count, $0 + 1024)] }
        let addedParts = WorkerPool.default.map(slices) { slice -> [UInt8] in
            var writer = JSONWriter(capacity: 64 * 1024)
            for positions in slice {
                Self.fold(positions.map { section[incoming[$0].source] }, options: options).encode(to: &writer)
            }
            return writer.bytes
        }
        return RecordArrayEncoder.array(storedParts.map(\.bytes) + addedParts, verbatim: verbatim)
    }

    /// Reads the stored array's elements and the key of each that can be read.
    private static func read(
        _ stored: [UInt8], options: JSONParseOptions, incoming: [Incoming], section: [UInt8]
    ) -> StoredElements? {
        let byBytes = Dictionary(
            incoming.indices.map { (hash(section[incoming[$0].source]), $0) }, uniquingKeysWith: { first, _ in first })
        func makeRun() -> sending [(Record.NaturalKey?, Range<Int>)] { [] }
        let runs = scan(stored, options: options, into: makeRun) { run, _, element in
            let range = element.sourceRange
            if let position = byBytes[hash(stored[range])],
                sameBytes(stored[range], section[incoming[position].source])
            {
                run.append((incoming[position].key, range))
            } else {
                run.append(((try? Record.decode(element))?.0.naturalKey, range))
            }
        }
        guard let runs else { return nil }
        let elements = runs.joined()
        return StoredElements(stored, options: options, keys: elements.map(\.0), ranges: elements.map(\.1))
    }

    /// Goes through a JSON array's elements with an accumulator per run of them: on every
    /// core for a large array, on this thread for a small one.
    /// - Returns: the accumulators in order; nil when `bytes` is not a JSON array.
    private static func scan<Accumulator>(
        _ bytes: [UInt8], options: JSONParseOptions, into make: () -> sending Accumulator,
        _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void
    ) -> [Accumulator]? {
        if let runs = ParallelCollectionDecoder.accumulate(
            bytes, options: options, parts: WorkerPool.default.parts, into: make, add)
        {
            return runs
        }
        var accumulator = make()
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { add(&accumulator, $0, $1) }
        } catch {
            return nil
        }
        return [accumulator]
    }

    /// The records of `copies`, the later merged into the first.
    private static func fold(_ copies: some Sequence<ArraySlice<UInt8>>, options: JSONParseOptions) -> Record {
        var result: Record?
        for copy in copies {
            let record = decode(copy, options)
            result = result.map { $0.merged(with: record) } ?? record
        }
        return result!
    }

    /// The record in `bytes`, which decoded when the merge was prepared.
    private static func decode(_ bytes: ArraySlice<UInt8>, _ options: JSONParseOptions) -> Record {
        guard let document = try? JSONDocument(parsing: Array(bytes), options: options) else {
            preconditionFailure("a record that parsed once no longer parses from the same JSON")
        }
        return decode(document.root)
    }

    private static func decode(_ element: JSONValue) -> Record {
        guard let record = try? Record.decode(element).0 else {
            preconditionFailure("a record that decoded once no longer decodes from the same JSON")
        }
        return record
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    private static func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.elementsEqual(b) } }
    }
}
