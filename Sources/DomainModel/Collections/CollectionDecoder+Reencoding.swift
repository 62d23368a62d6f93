import Concurrency
import JSONCore

/// A stored collection as its canonical JSON array — one record per natural key, in order of
/// first appearance — and what reading it found.
public typealias EncodedCollection = EncodedRecords<DecodingFindings>

/// What reading a stored collection worked around, and what it could not read.
public struct DecodingFindings: Sendable {
    /// What was worked around, with paths from the blob's root (`$[12].domain`).
    public var issues: [DecodingIssue] = []
    /// The elements that could not be read, verbatim, with why (not in the array).
    public var unreadableRecords: [UnreadableElement] = []
    /// Whether the stored value could not be read as an array at all (see
    /// `DecodedCollection.isUnreadable`).
    public var isUnreadable: Bool = false
}

extension EncodedRecords where Findings == DecodingFindings {
    /// An empty array, for a collection that is absent (no issue) or whose stored value is not
    /// an array at all (unreadable, with the issue that says why).
    public static func emptyArray(issues: [DecodingIssue]) -> EncodedCollection {
        EncodedCollection(
            bytes: ByteChunks(Array("[]".utf8)), records: 0,
            findings: DecodingFindings(issues: issues, isUnreadable: !issues.isEmpty))
    }
}

extension CollectionDecoder {
    /// The canonical JSON array of a stored array of records, with the records, duplicates and
    /// issues `decodeArray` gives and the text `RecordArrayEncoder` would write for them — but
    /// each record is encoded as it is decoded (`CanonicalArrayBuilder`), so the records are
    /// never held, only their text, which is handed back in chunks, never joined. On every
    /// core for a large array. `bytes` is let go before any text is rebuilt, unless the caller
    /// keeps a reference to it.
    ///
    ///     var encoded = CollectionDecoder.reencodeArray(stored, as: LookupSnapshot.self)
    ///     try archive.addSection(.lookupHistory, bytes: encoded.bytes, records: encoded.records)
    /// - Parameter parts: how many runs to cut a large array into (tests set it; see
    ///   `WorkerPool.parts`).
    public static func reencodeArray<Record: DeduplicatingRecord>(
        _ bytes: consuming [UInt8], as type: Record.Type = Record.self, options: JSONParseOptions = .default,
        parts: Int = WorkerPool.default.parts
    ) -> EncodedCollection {
        var source: [UInt8]? = consume bytes
        switch build(source!, as: Record.self, options: options, parts: parts) {
        case .success(let run):
            let issues = run.issues.rooted
            return EncodedCollection(
                bytes: run.builder.finish(source: &source, options: options), records: run.builder.distinctCount,
                duplicatesMerged: run.builder.duplicates,
                findings: DecodingFindings(
                    issues: issues, unreadableRecords: UnreadableElement.pair(run.unreadable, with: issues)))
        case .failure(let error):
            return .emptyArray(issues: [unreadableBlob(error)])
        }
    }

    /// What one pass over a run of elements collects.
    private struct Run<Record: DeduplicatingRecord> {
        let builder: CanonicalArrayBuilder<Record>
        var issues = ElementIssues()
        /// The elements that did not decode, verbatim.
        var unreadable: [[UInt8]] = []

        mutating func add(_ element: JSONValue, at index: Int) {
            // Most stored records need nothing worked around: they are written from their JSON.
            if builder.appendTranscoding(element) { return }
            let (record, elementIssues): (Record?, [DecodingIssue]) = decodeElement(element)
            issues.add(elementIssues, at: index)
            if let record {
                builder.append(record, from: element.sourceRange)
            } else {
                unreadable.append(Array(element.document.source[element.sourceRange]))
            }
        }
    }

    /// Every record of `bytes` added to a builder, with the issues met and the elements that
    /// did not decode; a failure when the array does not parse as a whole. A function of its
    /// own so its hold on `bytes` ends before the builder finishes.
    private static func build<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions, parts: Int
    ) -> Result<Run<Record>, any Error> {
        if let whole = buildInRuns(bytes, as: Record.self, options: options, parts: parts) { return .success(whole) }
        // A small array, or text that did not parse: one pass, which reports the problem exactly.
        var whole = Run(builder: CanonicalArrayBuilder<Record>(capacity: capacity(bytes.count)))
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                whole.add(element, at: index)
            }
        } catch {
            return .failure(error)
        }
        return .success(whole)
    }

    /// `build` on every core; nil when the array is small or its text does not parse, having let
    /// go of the runs absorbed by then.
    private static func buildInRuns<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions, parts: Int
    ) -> Run<Record>? {
        let builder = CanonicalArrayBuilder<Record>(capacity: 0)
        let runCapacity = capacity(bytes.count / max(parts, 1))
        func makeRun() -> sending Run<Record> { Run(builder: builder.makeRun(capacity: runCapacity)) }
        // Each run is absorbed as soon as it and the runs before it are done, beside the later ones.
        var whole = Run(builder: builder)
        let finished = ParallelCollectionDecoder.accumulate(bytes, options: options, parts: parts, into: makeRun) {
            run, index, element in
            run.add(element, at: index)
        } deliver: { run, firstIndex in
            builder.absorb(run.builder)
            whole.issues.append(run.issues, from: firstIndex)
            whole.unreadable += run.unreadable
        }
        return finished ? whole : nil
    }

    /// Canonical text is about as long as what was stored; a little headroom avoids a regrowth.
    private static func capacity(_ count: Int) -> Int { count + count / 16 + 1024 }
}
