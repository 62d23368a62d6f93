import Foundation
import JSONCore

/// Builds the canonical JSON array of a collection — its records one per natural key, later
/// copies merged into the first — while the records are decoded, keeping only their text.
///
/// Each record is encoded as soon as it is added; a collection's text is about the size of its
/// JSON, where its decoded records take about twice that. Records that share a natural key
/// with another are put right in `finish`: only they are decoded again, from the JSON they
/// came from, merged in order by the record's rule into the place of the first, and their
/// later copies left out — the array `RecordCollection` and `RecordArrayEncoder` would give.
///
/// Large arrays are built on several threads: each run of records goes to a builder from
/// `makeRun()`, and the runs are absorbed in order.
///
///     let builder = CanonicalArrayBuilder<TrackedDomain>()
///     builder.append(record, from: element.sourceRange)
///     let json = builder.finish(source: &json, options: .default)
public final class CanonicalArrayBuilder<Record: DeduplicatingRecord> {
    /// Where one record is: its natural key, where its text ends in its part, and where its
    /// JSON is in the source.
    private struct Entry {
        let key: Record.NaturalKey
        let textEnd: Int
        let source: Range<Int>
    }

    /// Text of consecutive records, separated by commas, and where each one is.
    private struct Part {
        var text: [UInt8]
        var entries: [Entry]
    }

    private var writer: JSONWriter
    /// This builder's own records, in `writer`.
    private var entries: [Entry] = []
    /// This builder's own text, then each absorbed run's.
    private var parts: [Part] = []
    private var seen = Set<Record.NaturalKey>()
    /// Keys held by more than one record.
    private var duplicatedKeys = Set<Record.NaturalKey>()
    /// A run's keys are checked against the others' when it is absorbed, in order.
    private let isRun: Bool
    /// Set once a run is absorbed or the array finished: nothing may be added any more.
    private var isSpent = false

    /// Records added, later copies of a natural key included.
    public private(set) var count = 0
    /// Records that repeat the natural key of an earlier one.
    public private(set) var duplicates = 0
    /// Records the array holds: one per natural key.
    public var distinctCount: Int { count - duplicates }

    /// A builder for a whole array.
    /// - Parameter capacity: the expected size of its text.
    public init(capacity: Int = 64 * 1024) {
        writer = JSONWriter(capacity: capacity)
        isRun = false
    }

    private init(runCapacity: Int) {
        writer = JSONWriter(capacity: runCapacity)
        isRun = true
    }

    /// A new, empty builder for a run of records that follow this builder's; it may be filled
    /// on another thread, then handed to `absorb(_:)`. It reads nothing of this builder, so
    /// several threads may call it at once.
    public func makeRun(capacity: Int = 64 * 1024) -> sending CanonicalArrayBuilder {
        CanonicalArrayBuilder(runCapacity: capacity)
    }

    /// Adds `record`, decoded from the bytes at `source` in the array's JSON.
    public func append(_ record: Record, from source: Range<Int>) {
        checkOpen()
        record.encode(to: &writer)
        added(record.naturalKey, from: source)
    }

    /// Adds the record at `element`, written straight from its JSON (`Record.transcodeKeyed`),
    /// when decoding would take it as it is — and, `checking`, find it clean; false, having
    /// added nothing, when it is to be decoded and given to `append(_:from:)` instead.
    public func appendTranscoding(_ element: JSONValue, checking: Bool = false) -> Bool {
        checkOpen()
        let mark = writer.mark
        let view = element.document.view
        guard let key = Record.transcodeKeyed(view, at: element.tapeIndex, checking: checking, into: &writer) else {
            writer.rewind(to: mark)
            return false
        }
        added(key, from: element.sourceRange)
        return true
    }

    private func checkOpen() {
        precondition(
            parts.isEmpty && !isSpent, "records are added before runs are absorbed, never after, nor to a spent builder"
        )
    }

    /// Notes the record just written, from `source` in the array's JSON.
    private func added(_ key: Record.NaturalKey, from source: Range<Int>) {
        if !isRun { note(key) }
        entries.append(Entry(key: key, textEnd: writer.count, source: source))
        count += 1
    }

    /// Takes over `run`'s records, which follow the ones already added.
    public func absorb(_ run: CanonicalArrayBuilder) {
        precondition(
            run.isRun && !run.isSpent && !isRun && !isSpent,
            "only a run made by makeRun() is absorbed, once, before finish")
        run.isSpent = true
        for entry in run.entries { note(entry.key) }
        if parts.isEmpty { parts.append(takePart()) }
        parts.append(run.takePart())
        count += run.count
    }

    private func note(_ key: Record.NaturalKey) {
        if !seen.insert(key).inserted {
            duplicatedKeys.insert(key)
            duplicates += 1
        }
    }

    /// The canonical JSON array, in chunks (each part's text, moved), so it is never joined
    /// into one buffer; `verbatim`
    /// elements (unreadable ones being kept) follow the records as given. Duplicated records
    /// are decoded again from `source`, which is then set to nil — before any text is rebuilt,
    /// so this builder never holds the JSON beside a second copy of the text. The builder is
    /// spent afterwards.
    /// - Parameters:
    ///   - source: the JSON the records were decoded from, with the ranges given to `append`;
    ///     when the caller holds no other reference to it, it is freed here.
    ///   - options: the limits it was parsed with.
    /// - Precondition: the duplicated records still decode from `source`, as they did when
    ///   they were added.
    public func finish(source: inout [UInt8]?, options: JSONParseOptions, verbatim: [[UInt8]] = []) -> ByteChunks {
        RecordArrayEncoder.array(finishTexts(source: &source, options: options), verbatim: verbatim)
    }

    /// Each part's text, duplicates merged; lets go of `source` first.
    private func finishTexts(source: inout [UInt8]?, options: JSONParseOptions) -> [[UInt8]] {
        precondition(!isRun && !isSpent, "a run is absorbed, not finished; a builder finishes once")
        isSpent = true
        if parts.isEmpty { parts.append(takePart()) }
        if !duplicatedKeys.isEmpty {
            precondition(source != nil, "the records' JSON is needed to merge duplicates")
            let merged = mergedRecords(from: source!, options: options)
            source = nil
            rebuildParts(merged)
        }
        source = nil
        seen = []
        defer { parts = [] }
        return parts.map(\.text)
    }

    /// This builder's text and entries, leaving an empty writer that reserves nothing.
    private func takePart() -> Part {
        defer {
            writer = JSONWriter(capacity: 0)
            entries = []
        }
        return Part(text: writer.takeBytes(), entries: entries)
    }

    /// Each duplicated key's records, decoded again from `source` and merged in order, as
    /// `RecordCollection` merges them.
    private func mergedRecords(from source: [UInt8], options: JSONParseOptions) -> [Record.NaturalKey: Record] {
        var merged: [Record.NaturalKey: Record] = [:]
        for part in parts {
            for entry in part.entries where duplicatedKeys.contains(entry.key) {
                // It parsed and decoded from these very bytes, with these options, when it was added.
                guard let document = try? JSONDocument(parsing: Array(source[entry.source]), options: options),
                    let record = try? Record.decode(document.root).0
                else { preconditionFailure("a record that decoded once no longer decodes from the same JSON") }
                merged[entry.key] = merged[entry.key].map { $0.merged(with: record) } ?? record
            }
        }
        return merged
    }

    /// Puts each duplicated key's merged record in the place of its first copy and leaves the
    /// later copies out of the text.
    private func rebuildParts(_ merged: [Record.NaturalKey: Record]) {
        var written = Set<Record.NaturalKey>()
        for index in parts.indices where parts[index].entries.contains(where: { duplicatedKeys.contains($0.key) }) {
            rebuild(&parts[index], merged: merged, written: &written)
        }
    }

    /// Replaces each duplicated key's first record in `part` by its merged record and leaves
    /// later ones out; `written` holds the keys already written by earlier parts. A part whose
    /// text stays the same — the usual case of first copies each the same as its merged record,
    /// a record merged with an exact copy of itself — is left alone, and one where nothing
    /// grows (later copies left out) is rewritten in place, not copied whole to drop a record.
    private func rebuild(
        _ part: inout Part, merged: [Record.NaturalKey: Record], written: inout Set<Record.NaturalKey>
    ) {
        // By entry: the later copies left out, and the merged text of the first copies.
        var leftOut = Set<Int>()
        var replacements: [Int: [UInt8]] = [:]
        var (isChanged, grows) = (false, false)
        var start = 0
        for (index, entry) in part.entries.enumerated() {
            defer { start = entry.textEnd + 1 }
            guard duplicatedKeys.contains(entry.key) else { continue }
            guard written.insert(entry.key).inserted, let record = merged[entry.key] else {
                leftOut.insert(index)
                isChanged = true
                continue
            }
            var writer = JSONWriter(capacity: entry.textEnd - start + 256)
            record.encode(to: &writer)
            let replacement = writer.takeBytes()
            isChanged = isChanged || !replacement.elementsEqual(part.text[start..<entry.textEnd])
            grows = grows || replacement.count > entry.textEnd - start
            replacements[index] = replacement
        }
        guard isChanged else { return }
        let entries = part.entries
        part.entries = []
        /// Calls `put` with each piece of the new text in order: commas, records kept as they
        /// are (read from `text`, the part's text), and merged records.
        func pieces(of text: UnsafeRawBufferPointer, _ put: (UnsafeRawBufferPointer) -> Void) {
            var (start, isFirst) = (0, true)
            for (index, entry) in entries.enumerated() {
                defer { start = entry.textEnd + 1 }
                guard !leftOut.contains(index) else { continue }
                if !isFirst { put(UnsafeRawBufferPointer(rebasing: text[(start - 1)..<start])) }
                isFirst = false
                if let replacement = replacements[index] {
                    replacement.withUnsafeBytes(put)
                } else {
                    put(UnsafeRawBufferPointer(rebasing: text[start..<entry.textEnd]))
                }
            }
        }
        if grows {
            var text: [UInt8] = []
            text.reserveCapacity(part.text.count + replacements.values.reduce(0) { $0 + $1.count })
            part.text.withUnsafeBytes { old in pieces(of: old) { text.append(contentsOf: $0) } }
            part.text = text
        } else {
            // Each piece lands at or before where it is read from, so it is written over the text
            // as the text is read (`memmove`: the two may overlap).
            var end = 0
            part.text.withUnsafeMutableBytes { buffer in
                pieces(of: UnsafeRawBufferPointer(buffer)) { piece in
                    if let source = piece.baseAddress { memmove(buffer.baseAddress! + end, source, piece.count) }
                    end += piece.count
                }
            }
            part.text.removeSubrange(end...)
        }
    }
}
