import Concurrency
import JSONCore

/// Decodes a large stored array on every core: the array is split into runs of whole
/// elements, each run is parsed and decoded on its own, and the results are merged in order
/// through the same deduplicating collection — so the outcome equals the sequential pass's.
enum ParallelCollectionDecoder {
    /// The decoded collection, or nil when the array is small, the machine has one core, or a
    /// run does not parse (the sequential pass then reports the problem exactly).
    /// - Parameter parts: how many runs to cut the array into (tests set it; see `WorkerPool.parts`).
    static func decode<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions, parts: Int = WorkerPool.default.parts
    ) -> DecodedCollection<Record>? {
        func makeRun() -> sending RunResult<Record> { RunResult() }
        let results = accumulate(bytes, options: options, parts: parts, into: makeRun) {
            result, index, element in
            result.elementCount += 1
            let (record, issues): (Record?, [DecodingIssue]) = CollectionDecoder.decodeElement(element, at: index)
            result.issues += issues
            if let record {
                result.records.append(record)
            } else {
                result.unreadable.append(Array(bytes[element.sourceRange]))
            }
        }
        guard let results else { return nil }
        var collection = RecordCollection<Record>()
        var issues: [DecodingIssue] = []
        var unreadable: [[UInt8]] = []
        var elementCount = 0
        var duplicates = 0
        for result in results {
            for record in result.records where collection.insert(record) != .added { duplicates += 1 }
            issues += result.issues
            unreadable += result.unreadable
            elementCount += result.elementCount
        }
        return DecodedCollection(
            records: collection.records, elementCount: elementCount, duplicatesMerged: duplicates,
            issues: issues, unreadableElements: unreadable)
    }

    /// Goes through a large array's elements on every core: each run of elements is added to
    /// an accumulator of its own, made by `make`, and the accumulators come back in order.
    /// `make` and `add` run on several threads at once: `make` returns an accumulator that
    /// shares nothing (`sending`), and `add` touches only the accumulator.
    /// - Returns: nil when the array is small, the machine has one core, or a run does not
    ///   parse (the caller then takes its sequential pass, which reports the problem exactly).
    static func accumulate<Accumulator>(
        _ bytes: [UInt8], options: JSONParseOptions, parts: Int,
        into make: () -> sending Accumulator,
        _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void
    ) -> [Accumulator]? {
        var accumulators: [Accumulator] = []
        let finished = accumulate(bytes, options: options, parts: parts, into: make, add) { accumulators.append($0) }
        return finished ? accumulators : nil
    }

    /// `accumulate(_:options:parts:into:_:)`, handing each accumulator to `deliver` in order as
    /// soon as it and every earlier one are done, while later runs are still being read.
    /// `deliver` runs one call at a time.
    /// - Returns: false when the array is small, the machine has one core, or a run does not
    ///   parse; the accumulators delivered by then are to be thrown away, and the caller takes
    ///   its sequential pass.
    static func accumulate<Accumulator>(
        _ bytes: [UInt8], options: JSONParseOptions, parts: Int,
        into make: () -> sending Accumulator,
        _ add: @Sendable (inout Accumulator, _ index: Int, _ element: JSONValue) -> Void,
        deliver: (consuming Accumulator) -> Void
    ) -> Bool {
        guard let runs = JSONArraySplitter.parallelRuns(bytes, parts: parts) else { return false }
        do {
            try WorkerPool.default.run(runs) { run in
                var accumulator = make()
                try JSONArrayStream.forEachElement(in: bytes, run: run, options: options) { index, element in
                    add(&accumulator, index, element)
                }
                return accumulator
            } deliver: { _, accumulator in
                deliver(accumulator)
            }
            return true
        } catch {
            // Malformed text, or a cut the splitter (which follows only strings and brackets)
            // misjudged: the sequential pass tells which, and reports an error exactly where it is.
            return false
        }
    }

    struct RunResult<Record>: Sendable where Record: Sendable {
        var records: [Record] = []
        var issues: [DecodingIssue] = []
        var unreadable: [[UInt8]] = []
        var elementCount = 0
    }
}
