import Concurrency
import JSONCore

/// Decodes a large stored array on every core: the array is cut into runs of whole elements,
/// each run is parsed and decoded on its own, and the results are merged in order through the
/// same deduplicating collection — so the outcome equals the sequential pass's.
enum ParallelCollectionDecoder {
    /// The decoded collection, or nil when the array is small, the machine has one core, or the
    /// text does not parse (the sequential pass then reports the problem exactly).
    /// - Parameter parts: how many runs to cut the array into (tests set it; see `WorkerPool.parts`).
    static func decode<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions, parts: Int = WorkerPool.default.parts
    ) -> DecodedCollection<Record>? {
        func makeRun() -> sending RunResult<Record> { RunResult() }
        let results = accumulate(bytes, options: options, parts: parts, into: makeRun) {
            result, index, element in
            result.elementCount += 1
            let (record, issues): (Record?, [DecodingIssue]) = CollectionDecoder.decodeElement(element)
            result.issues.add(issues, at: index)
            if let record {
                result.records.append(record)
            } else {
                result.unreadable.append(Array(bytes[element.sourceRange]))
            }
        }
        guard let results else { return nil }
        var collection = RecordCollection<Record>()
        var issues = ElementIssues()
        var unreadable: [[UInt8]] = []
        var elementCount = 0
        var duplicates = 0
        for (firstIndex, result) in results {
            for record in result.records where collection.insert(record) != .added { duplicates += 1 }
            issues.append(result.issues, from: firstIndex)
            unreadable += result.unreadable
            elementCount += result.elementCount
        }
        return DecodedCollection(
            records: collection.records, elementCount: elementCount, duplicatesMerged: duplicates,
            issues: issues.rooted, unreadableElements: unreadable)
    }

    /// Goes through a large array's elements on every core: each run of elements is added to
    /// an accumulator of its own, made by `make`, and the accumulators come back in order, each
    /// with the position of its run's first element in the array. `make` and `add` run on
    /// several threads at once: `make` returns an accumulator that shares nothing (`sending`),
    /// and `add` touches only the accumulator; `add` is given each element's position in its run.
    /// - Returns: nil when the array is small, the machine has one core, or the text does not
    ///   parse (the caller then takes its sequential pass, which reports the problem exactly).
    static func accumulate<Accumulator>(
        _ bytes: [UInt8], options: JSONParseOptions, parts: Int,
        into make: () -> sending Accumulator,
        _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void
    ) -> [(firstIndex: Int, accumulator: Accumulator)]? {
        var accumulators: [(firstIndex: Int, accumulator: Accumulator)] = []
        let finished = accumulate(bytes, options: options, parts: parts, into: make, add) {
            accumulators.append(($1, $0))
        }
        return finished ? accumulators : nil
    }

    /// `accumulate(_:options:parts:into:_:)`, handing each accumulator to `deliver` in order,
    /// with the position of its run's first element, as soon as it and every earlier one are
    /// done, while later runs are still being read. `deliver` runs one call at a time.
    ///
    /// The runs are cut without reading the array through (`JSONArraySplitter.cuts`), or, when
    /// no such cut is found, by reading it (`JSONArraySplitter.split`). A run cut the first way
    /// that does not parse is either malformed text or a cut that is not between two elements;
    /// either way the runs delivered before it are sound (each one's end was confirmed by its
    /// own parse), and the rest of the array is cut again by reading it, and read on every core.
    /// - Returns: false when the array is small, the machine has one core, or the text does not
    ///   parse; the accumulators delivered by then are to be thrown away, and the caller takes
    ///   its sequential pass.
    static func accumulate<Accumulator>(
        _ bytes: [UInt8], options: JSONParseOptions, parts: Int,
        into make: () -> sending Accumulator,
        _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void,
        deliver: (consuming Accumulator, _ firstIndex: Int) -> Void
    ) -> Bool {
        func read(_ run: Range<Int>) throws -> sending Counted<Accumulator> {
            var counted = Counted(accumulator: make())
            try JSONArrayStream.forEachElement(in: bytes, elementsIn: run, options: options) { index, element in
                add(&counted.accumulator, index, element)
                counted.count = index + 1
            }
            return counted
        }
        var delivered = (runs: 0, elements: 0)
        /// Reads `runs` on every core, delivering each in order; false when one does not parse.
        func readAll(_ runs: [Range<Int>]) -> Bool {
            delivered.runs = 0
            do {
                try WorkerPool.default.run(runs, work: read) { _, counted in
                    let count = counted.count
                    deliver(counted.accumulator, delivered.elements)
                    delivered = (delivered.runs + 1, delivered.elements + count)
                }
                return true
            } catch {
                return false
            }
        }
        guard let cuts = JSONArraySplitter.cuts(bytes, parts: parts) else {
            // No cut without reading: cut by reading, exactly; a run that then does not parse is malformed.
            guard let runs = JSONArraySplitter.parallelRuns(bytes, parts: parts) else { return false }
            return readAll(runs.map(\.bytes))
        }
        if readAll(cuts) { return true }
        // Malformed text, or a cut not between two elements: the rest, from the first run not
        // delivered, cut by reading it, tells which.
        guard let rest = JSONArraySplitter.split(bytes, into: parts, elementsFrom: cuts[delivered.runs].lowerBound)
        else { return false }
        return readAll(rest.map(\.bytes))
    }

    /// An accumulator and how many elements went into it.
    private struct Counted<Accumulator>: ~Copyable {
        var accumulator: Accumulator
        var count = 0
    }

    struct RunResult<Record>: Sendable where Record: Sendable {
        var records: [Record] = []
        var issues = ElementIssues()
        var unreadable: [[UInt8]] = []
        var elementCount = 0
    }
}
