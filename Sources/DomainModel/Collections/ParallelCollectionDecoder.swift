import Dispatch
import Foundation
import JSONCore

/// Decodes a large stored array on every core: the array is split into runs of whole
/// elements, each run is parsed and decoded on its own, and the results are merged in order
/// through the same deduplicating collection — so the outcome equals the sequential pass's.
enum ParallelCollectionDecoder {
    /// Arrays smaller than this are decoded on the calling thread.
    static let minimumBytes = 1 << 20

    /// The decoded collection, or nil when the array is small, the machine has one core, or a
    /// run does not parse (the sequential pass then reports the problem exactly).
    static func decode<Record: DeduplicatingRecord>(_ bytes: [UInt8], as type: Record.Type,
                                                    options: JSONParseOptions) -> DecodedCollection<Record>? {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, bytes.count >= minimumBytes,
              let runs = JSONArraySplitter.split(bytes, into: cores * 2), runs.count > 1
        else { return nil }
        let results = RunResults<Record>(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            results.store(decodeRun(bytes, runs[run], options: options), at: run)
        }
        var collection = RecordCollection<Record>()
        var issues: [DecodingIssue] = []
        var unreadable: [[UInt8]] = []
        var elementCount = 0
        var duplicates = 0
        for result in results.all {
            guard let result else { return nil }
            for record in result.records where collection.insert(record) != .added { duplicates += 1 }
            issues += result.issues
            unreadable += result.unreadable
            elementCount += result.elementCount
        }
        return DecodedCollection(records: collection.records, elementCount: elementCount, duplicatesMerged: duplicates,
                                 issues: issues, unreadableElements: unreadable, sourceByteCount: bytes.count)
    }

    struct RunResult<Record>: Sendable where Record: Sendable {
        var records: [Record] = []
        var issues: [DecodingIssue] = []
        var unreadable: [[UInt8]] = []
        var elementCount = 0
    }

    static func decodeRun<Record: DeduplicatingRecord>(_ bytes: [UInt8], _ run: JSONArraySplitter.Run,
                                                       options: JSONParseOptions) -> RunResult<Record>? {
        var result = RunResult<Record>()
        do {
            try JSONArrayStream.forEachElement(in: bytes, run: run, options: options) { index, element in
                result.elementCount += 1
                do {
                    let (record, recordIssues) = try Record.decode(element)
                    if !recordIssues.isEmpty {
                        result.issues.append(contentsOf: recordIssues.map { $0.prefixed(by: "$[\(index)]") })
                    }
                    result.records.append(record)
                } catch let error as RecordDecodingError {
                    result.issues.append(DecodingIssue(kind: .skippedRecord, path: "$[\(index)]" + error.path,
                                                       message: "\(error.problem); the record was left out"))
                    result.unreadable.append(Array(bytes[element.sourceRange]))
                }
            }
        } catch {
            return nil
        }
        return result
    }

    /// Per-run results, filled from several threads (each slot by exactly one).
    final class RunResults<Record: Sendable>: @unchecked Sendable {
        private var slots: [RunResult<Record>?]
        private let lock = NSLock()

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        func store(_ result: RunResult<Record>?, at index: Int) {
            lock.lock()
            slots[index] = result
            lock.unlock()
        }

        var all: [RunResult<Record>?] { slots }
    }
}
