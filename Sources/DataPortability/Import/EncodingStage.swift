import BackupFormat
import DataValidation
import DomainModel
import Foundation
import JSONCore

/// Stages a collection section for a store that does not hold its key yet: each record is
/// decoded and at once encoded canonically, and only the text is kept, not the records.
///
/// With nothing in the store to merge into, the store's new value is the backup's records,
/// duplicates merged, in order — exactly this text, unless the backup holds two records with
/// one natural key. Then the section falls back to `RecordStage` and the merge rules
/// (`decodedStage()`), decoding again from the section's JSON, which the stage keeps until it
/// knows. Memory for the largest section thus holds its JSON and its canonical text (about
/// the same size) instead of its JSON and its decoded records (about twice that).
final class EncodingStage<Record: DeduplicatingRecord>: SectionVisitor {
    /// Elements separated by commas: this stage's own records, then each absorbed run's.
    private var writer = JSONWriter(capacity: 64 * 1024)
    private var parts: [[UInt8]] = []
    /// A run's natural keys in order, checked against the others' when it is absorbed.
    private var runKeys: [Record.NaturalKey] = []
    private var seen = Set<Record.NaturalKey>()
    private let isRun: Bool
    private var source: [UInt8]?
    private let options: JSONParseOptions

    /// Records encoded (while there are no duplicates; after, the count no longer matters).
    private(set) var count = 0
    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0
    /// Whether two records share a natural key, so the text alone is not the store's value.
    private(set) var hasDuplicates = false

    /// A stage for a whole section.
    /// - Parameters:
    ///   - source: the section's JSON, kept for `decodedStage()` until `takeArray()`.
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
        // Past the first duplicate the text is of no use: the section is decoded again.
        guard !hasDuplicates else { return }
        let decoded: Record
        do {
            decoded = try Record.decode(record).0
        } catch {
            malformed += 1
            return
        }
        if isRun {
            runKeys.append(decoded.naturalKey)
        } else if !seen.insert(decoded.naturalKey).inserted {
            hasDuplicates = true
        }
        if !hasDuplicates { decoded.encode(to: &writer) }
        count += 1
    }

    func makeRunVisitor(for section: BackupSection) -> EncodingStage? {
        EncodingStage(runOptions: options)
    }

    func absorb(_ run: EncodingStage) {
        precondition(run.parts.isEmpty, "a run's stage absorbs nothing itself")
        for key in run.runKeys where !seen.insert(key).inserted { hasDuplicates = true }
        if parts.isEmpty { parts.append(takeText()) }
        parts.append(run.takeText())
        count += run.count
        malformed += run.malformed
    }

    /// The store's new value: the records' canonical JSON array. Lets go of the section's
    /// JSON first, so the two are never held with the array.
    func takeArray() -> Data {
        precondition(!hasDuplicates, "the text of a section with duplicates is not its value")
        source = nil
        if parts.isEmpty { parts.append(takeText()) }
        return RecordArrayEncoder.join(&parts, as: Data.self)
    }

    /// The writer's text, leaving an empty writer that reserves nothing.
    private func takeText() -> [UInt8] {
        defer { writer = JSONWriter(capacity: 0) }
        return writer.bytes
    }

    /// The section's records, decoded again from its JSON, for the merge rules — on every
    /// core for a large section, as the validator splits it, so a backup with duplicates costs
    /// one more parallel pass, not a sequential one.
    /// - Throws: only if the JSON no longer parses as it did when it was validated.
    func decodedStage(_ section: BackupSection) throws -> RecordStage<Record> {
        guard let source else { preconditionFailure("the section's JSON was already let go") }
        self.source = nil
        parts = []
        writer = JSONWriter(capacity: 0)
        let stage = RecordStage<Record>()
        let options = options
        if let runs = JSONArraySplitter.parallelRuns(source),
           let staged = JSONArraySplitter.mapRuns(runs, { run -> RecordStage<Record> in
               let runStage = RecordStage<Record>()
               try JSONArrayStream.forEachElement(in: source, run: run, options: options) { index, element in
                   runStage.visit(section, index, element)
               }
               return runStage
           }) {
            for runStage in staged { stage.absorb(runStage) }
            return stage
        }
        try JSONArrayStream.forEachElement(in: source, options: options) { index, element in
            stage.visit(section, index, element)
        }
        return stage
    }
}
