import BackupFormat
import DataValidation
import DomainModel
import Foundation
import JSONCore

/// Stages a collection section for a store that does not hold its key yet: each record is
/// decoded and at once encoded canonically, and only the text is kept, not the records.
///
/// With nothing in the store to merge into, the store's new value is the backup's records,
/// duplicates merged, in order. That is this text, once the records that share a natural key
/// with another are put right: only those are decoded again — from the section's JSON, which
/// the stage keeps until `takeArray()` — merged by the collection's rule into the place of the
/// first, and their later copies left out. Memory for the largest section thus holds its JSON
/// and its canonical text (about the same size) instead of its JSON and its decoded records
/// (about twice that), duplicates or not.
final class EncodingStage<Record: DeduplicatingRecord>: SectionVisitor {
    /// Where one record is: its natural key, where its canonical text ends in its part, and
    /// where its JSON is in the section.
    private struct Entry {
        let key: Record.NaturalKey
        let textEnd: Int
        let source: Range<Int>
    }

    /// Canonical text of consecutive records, separated by commas, and where each one is.
    private struct Part {
        var text: [UInt8]
        var entries: [Entry]
    }

    private var writer = JSONWriter(capacity: 64 * 1024)
    /// This stage's own records, in `writer`.
    private var entries: [Entry] = []
    /// This stage's own text, then each absorbed run's.
    private var parts: [Part] = []
    private var seen = Set<Record.NaturalKey>()
    /// Keys held by more than one record.
    private var duplicatedKeys = Set<Record.NaturalKey>()
    private let isRun: Bool
    private var source: [UInt8]?
    private let options: JSONParseOptions

    /// Records decoded and encoded, later copies of a natural key included.
    private(set) var count = 0
    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0
    /// Records merged into an earlier one with the same natural key.
    private(set) var duplicatesDropped = 0
    /// Records the store's value holds: one per natural key.
    var distinctCount: Int { count - duplicatesDropped }

    /// A stage for a whole section.
    /// - Parameters:
    ///   - source: the section's JSON, kept for the duplicates until `takeArray()`.
    ///   - options: the limits it was validated with.
    init(source: [UInt8], options: JSONParseOptions) {
        self.source = source
        self.options = options
        isRun = false
    }

    private init(runOptions options: JSONParseOptions) {
        self.options = options
        isRun = true
    }

    func visit(_ section: BackupSection, _ index: Int?, _ record: JSONValue) {
        precondition(parts.isEmpty, "records are visited before runs are absorbed, never after")
        let decoded: Record
        do {
            decoded = try Record.decode(record).0
        } catch {
            malformed += 1
            return
        }
        let key = decoded.naturalKey
        // A run's keys are checked against the others' in order, when it is absorbed.
        if !isRun { note(key) }
        decoded.encode(to: &writer)
        entries.append(Entry(key: key, textEnd: writer.bytes.count, source: record.sourceRange))
        count += 1
    }

    func makeRunVisitor(for section: BackupSection) -> EncodingStage? {
        EncodingStage(runOptions: options)
    }

    func absorb(_ run: EncodingStage) {
        precondition(run.parts.isEmpty, "a run's stage absorbs nothing itself")
        for entry in run.entries { note(entry.key) }
        if parts.isEmpty { parts.append(takePart()) }
        parts.append(run.takePart())
        count += run.count
        malformed += run.malformed
    }

    private func note(_ key: Record.NaturalKey) {
        if !seen.insert(key).inserted {
            duplicatedKeys.insert(key)
            duplicatesDropped += 1
        }
    }

    /// The store's new value: the records' canonical JSON array, one per natural key. Lets go
    /// of the section's JSON first, so the two are never held with the array.
    /// - Throws: only if a duplicated record's JSON no longer decodes as it did when visited.
    func takeArray() throws -> Data {
        if parts.isEmpty { parts.append(takePart()) }
        if !duplicatedKeys.isEmpty { try mergeDuplicates() }
        source = nil
        seen = []
        var texts = parts.map(\.text)
        parts = []
        return RecordArrayEncoder.join(&texts, as: Data.self)
    }

    /// This stage's text and entries, leaving an empty writer that reserves nothing.
    private func takePart() -> Part {
        defer {
            writer = JSONWriter(capacity: 0)
            entries = []
        }
        return Part(text: writer.bytes, entries: entries)
    }

    /// Merges the records of each duplicated key, in order, into the place of the first — as
    /// `RecordCollection` does — and leaves their later copies out of the text.
    private func mergeDuplicates() throws {
        guard let source else { preconditionFailure("the section's JSON was already let go") }
        // Decoded from the section's JSON, exactly as the merge path decodes them.
        var merged: [Record.NaturalKey: Record] = [:]
        for part in parts {
            for entry in part.entries where duplicatedKeys.contains(entry.key) {
                let document = try JSONDocument(parsing: Array(source[entry.source]), options: options)
                let record = try Record.decode(document.root).0
                merged[entry.key] = merged[entry.key].map { $0.merged(with: record) } ?? record
            }
        }
        var written = Set<Record.NaturalKey>()
        for index in parts.indices where parts[index].entries.contains(where: { duplicatedKeys.contains($0.key) }) {
            parts[index] = Part(text: rebuiltText(of: parts[index], merged: merged, written: &written), entries: [])
        }
    }

    /// `part`'s text with each duplicated key's first record replaced by its merged record and
    /// later ones left out; `written` holds the keys already written by earlier parts.
    private func rebuiltText(of part: Part, merged: [Record.NaturalKey: Record],
                             written: inout Set<Record.NaturalKey>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(part.text.count)
        func append(_ element: some Collection<UInt8>) {
            if !text.isEmpty { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: element)
        }
        var start = 0
        for entry in part.entries {
            defer { start = entry.textEnd + 1 }
            guard duplicatedKeys.contains(entry.key) else {
                append(part.text[start..<entry.textEnd])
                continue
            }
            guard written.insert(entry.key).inserted, let record = merged[entry.key] else { continue }
            var writer = JSONWriter(capacity: entry.textEnd - start + 256)
            record.encode(to: &writer)
            append(writer.bytes)
        }
        return text
    }
}
