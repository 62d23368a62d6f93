import Concurrency
import Foundation
import JSONCore

extension StoredArrayMerge {
    /// What the merge of the backup's copies of a key does to the store's record.
    enum Decision {
        /// The store does not hold the key.
        case absent
        /// The record stays as it is.
        case unchanged
        /// The record becomes this one.
        case changed(Record)
        /// Not known yet: the record and the copies are to be decoded and merged.
        case undecided
    }

    /// The stored array read for the merge, on every core: each element's key (nil when it
    /// cannot be read) and where it is, and for each element decoded while it was read whose
    /// key the backup holds, what merging the backup's copies into it does.
    struct StoredArray: Sendable {
        let bytes: [UInt8]
        let options: JSONParseOptions
        let keys: [Record.NaturalKey?]
        let ranges: [Range<Int>]
        /// Each key's first element.
        let first: [Record.NaturalKey: Int]
        /// The elements of each key held more than once (merged into the first, as the loader
        /// reads them).
        let repeated: [Record.NaturalKey: [Int]]
        /// By element: the merge decided while the element was decoded.
        private let decided: [Int: Decision]

        /// The most copies of a key the backup may hold for the merge of an element to be
        /// decided while the element is read.
        static var copiesMergedWhileReading: Int { 4 }

        /// One run of elements as read.
        private struct Run: Sendable {
            var keys: [Record.NaturalKey?] = []
            var ranges: [Range<Int>] = []
            var decided: [(Int, Decision)] = []
        }

        /// Reads `bytes`; nil when it is not a JSON array.
        init?(_ bytes: [UInt8], options: JSONParseOptions, backup: Backup) {
            let byBytes = Dictionary(
                backup.incoming.indices.map { (Self.hash(backup.bytes($0)), $0) },
                uniquingKeysWith: { first, _ in first })
            func makeRun() -> sending Run { Run() }
            let runs = Self.scan(bytes, options: options, into: makeRun) { run, index, element in
                let range = element.sourceRange
                run.ranges.append(range)
                if let position = byBytes[Self.hash(bytes[range])], Self.sameBytes(bytes[range], backup.bytes(position))
                {
                    run.keys.append(backup.incoming[position].key)
                    return
                }
                guard let record = try? Record.decode(element).0 else { return run.keys.append(nil) }
                run.keys.append(record.naturalKey)
                // A key the backup holds many times is merged once, after: were the store to
                // hold it many times too, merging each of its elements here would cost the
                // product of the two counts.
                guard let copies = backup.copies[record.naturalKey], copies.count <= Self.copiesMergedWhileReading
                else { return }
                let merged = backup.merging(into: record)
                run.decided.append((index, merged == record ? .unchanged : .changed(merged)))
            }
            guard let runs else { return nil }
            (self.bytes, self.options) = (bytes, options)
            keys = runs.flatMap(\.accumulator.keys)
            ranges = runs.flatMap(\.accumulator.ranges)
            decided = Dictionary(
                runs.flatMap { run in run.accumulator.decided.map { (run.firstIndex + $0, $1) } },
                uniquingKeysWith: { first, _ in first })
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

        /// What merging the backup's copies of `key` does, as far as reading the array told.
        /// A key the store holds more than once is merged from all its elements, and one the
        /// backup holds many times was not merged while reading: both are undecided.
        func decision(for key: Record.NaturalKey, _ backup: Backup) -> Decision {
            guard let index = first[key] else { return .absent }
            guard repeated[key] == nil else { return .undecided }
            if let decision = decided[index] { return decision }
            // Read without decoding: its bytes are a copy's; are they every copy's?
            let same = backup.copies[key, default: []].allSatisfy {
                Self.sameBytes(bytes[ranges[index]], backup.bytes($0))
            }
            return same ? .unchanged : .undecided
        }

        /// The elements cut into about `parts` runs where they are known to begin and end, each
        /// with its first element's position, for another pass over them — one run for an array
        /// too small to be worth cutting (`JSONArraySplitter.parallelThreshold`); none when there
        /// are no elements.
        func runs(parts: Int) -> [JSONArraySplitter.Run] {
            let parts = bytes.count >= JSONArraySplitter.parallelThreshold ? max(parts, 1) : 1
            let size = max(1, (ranges.count + parts - 1) / parts)
            return stride(from: 0, to: ranges.count, by: size).map { first in
                let last = min(ranges.count, first + size) - 1
                return JSONArraySplitter.Run(
                    bytes: ranges[first].lowerBound..<ranges[last].upperBound, firstIndex: first)
            }
        }

        /// The store's record for `key`: its first element, the later ones merged in.
        func record(_ key: Record.NaturalKey) -> Record {
            StoredArrayMerge.fold((repeated[key] ?? [first[key]!]).map { bytes[ranges[$0]] }, options: options)
        }

        /// Goes through a JSON array's elements with an accumulator per run of them: on every
        /// core for a large array, on this thread for a small one. `add` is given each element's
        /// position in its run.
        /// - Returns: the accumulators in order, each with its run's first element's position;
        ///   nil when `bytes` is not a JSON array.
        static func scan<Accumulator>(
            _ bytes: [UInt8], options: JSONParseOptions, into make: () -> sending Accumulator,
            _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void
        ) -> [(firstIndex: Int, accumulator: Accumulator)]? {
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
            return [(0, accumulator)]
        }

        /// A hash of `bytes` for finding a stored element among the backup's records, eight
        /// bytes at a time (multiply and fold), several times faster than `Hasher` over every
        /// stored element and every backup record. A match is confirmed byte for byte
        /// (`sameBytes`), so a collision — even one crafted — only sends an element to decoding.
        static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
            bytes.withUnsafeBytes { raw in
                var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
                var offset = 0
                while offset + 8 <= raw.count {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                    hash ^= hash >> 29
                    offset += 8
                }
                var tail: UInt64 = 0
                for byte in raw[offset...] { tail = tail << 8 | UInt64(byte) }
                hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
                return Int(truncatingIfNeeded: hash ^ hash >> 32)
            }
        }

        /// Compared with `memcmp`, not a byte-by-byte `elementsEqual`: every stored element is
        /// compared (Docs/performance.md, "Merge into a full store").
        private static func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
            guard a.count == b.count else { return false }
            return a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
        }
    }
}
