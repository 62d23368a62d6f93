import JSONCore

/// A stored collection as its canonical JSON array, and what reading it worked around.
public struct EncodedCollection: Sendable {
    /// The canonical array, in pieces to be written one after the other
    /// (`RecordArrayEncoder.arrayPieces`): one record per natural key, in order of first
    /// appearance.
    public var pieces: [[UInt8]]
    /// Records in the array.
    public var records: Int
    /// Records that were duplicates of an earlier one and were merged into it.
    public var duplicatesMerged: Int
    /// What was worked around, with paths from the blob's root (`$[12].domain`).
    public var issues: [DecodingIssue]

    /// The canonical array in one buffer: the pieces joined.
    public var bytes: [UInt8] { Array(pieces.joined()) }

    /// A collection's array, in pieces, and what reading it found.
    public init(pieces: [[UInt8]], records: Int, duplicatesMerged: Int, issues: [DecodingIssue]) {
        self.pieces = pieces
        self.records = records
        self.duplicatesMerged = duplicatesMerged
        self.issues = issues
    }

    /// A collection's array and what reading it found.
    public init(bytes: [UInt8], records: Int, duplicatesMerged: Int, issues: [DecodingIssue]) {
        self.init(pieces: [bytes], records: records, duplicatesMerged: duplicatesMerged, issues: issues)
    }
}

extension CollectionDecoder {
    /// The canonical JSON array of a stored array of records, with the records, duplicates and
    /// issues `decodeArray` gives and the text `RecordArrayEncoder` would write for them — but
    /// each record is encoded as it is decoded (`CanonicalArrayBuilder`), so the records are
    /// never held, only their text, which is handed back in pieces, never joined. On every
    /// core for a large array. `bytes` is let go before any text is rebuilt, unless the caller
    /// keeps a reference to it.
    ///
    ///     var encoded = CollectionDecoder.reencodeArray(stored, as: LookupSnapshot.self)
    ///     try archive.addSection(.lookupHistory, pieces: &encoded.pieces, records: encoded.records)
    /// - Parameter parts: how many runs to cut a large array into (tests set it; see
    ///   `JSONArraySplitter.defaultParts`).
    public static func reencodeArray<Record: DeduplicatingRecord>(
        _ bytes: consuming [UInt8], as type: Record.Type = Record.self, options: JSONParseOptions = .default,
        parts: Int = JSONArraySplitter.defaultParts
    ) -> EncodedCollection {
        var source: [UInt8]? = consume bytes
        switch build(source!, as: Record.self, options: options, parts: parts) {
        case .success(let (builder, issues)):
            let pieces = builder.finishPieces(source: &source, options: options)
            return EncodedCollection(
                pieces: pieces, records: builder.distinctCount, duplicatesMerged: builder.duplicates,
                issues: issues)
        case .failure(let error):
            return EncodedCollection(
                bytes: Array("[]".utf8), records: 0, duplicatesMerged: 0, issues: [unreadableBlob(error)])
        }
    }

    /// Every record of `bytes` added to a builder, with the issues met; a failure when the
    /// array does not parse as a whole. A function of its own so its hold on `bytes` ends
    /// before the builder finishes.
    private static func build<Record: DeduplicatingRecord>(
        _ bytes: [UInt8], as type: Record.Type, options: JSONParseOptions, parts: Int
    ) -> Result<(CanonicalArrayBuilder<Record>, [DecodingIssue]), any Error> {
        // Canonical text is about as long as what was stored; a little headroom avoids a regrowth.
        func capacity(_ count: Int) -> Int { count + count / 16 + 1024 }
        let builder = CanonicalArrayBuilder<Record>(capacity: 0)
        let runCapacity = capacity(bytes.count / max(parts, 1))
        func makeRun() -> (CanonicalArrayBuilder<Record>, [DecodingIssue]) {
            (builder.makeRun(capacity: runCapacity), [])
        }
        let runs = ParallelCollectionDecoder.accumulate(bytes, options: options, parts: parts, into: makeRun) {
            run, index, element in
            add(element, at: index, to: run.0, &run.1)
        }
        if let runs {
            var issues: [DecodingIssue] = []
            for (run, runIssues) in runs {
                builder.absorb(run)
                issues += runIssues
            }
            return .success((builder, issues))
        }
        // A small array, or a run that did not parse: one pass, which reports the problem exactly.
        let whole = CanonicalArrayBuilder<Record>(capacity: capacity(bytes.count))
        var issues: [DecodingIssue] = []
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { index, element in
                add(element, at: index, to: whole, &issues)
            }
        } catch {
            return .failure(error)
        }
        return .success((whole, issues))
    }

    private static func add<Record: DeduplicatingRecord>(
        _ element: JSONValue, at index: Int, to builder: CanonicalArrayBuilder<Record>,
        _ issues: inout [DecodingIssue]
    ) {
        let (record, elementIssues): (Record?, [DecodingIssue]) = decodeElement(element, at: index)
        issues += elementIssues
        if let record { builder.append(record, from: element.sourceRange) }
    }
}
