import BackupFormat
import DataValidation
import DomainModel
import JSONCore

/// Stages a collection section for a merge into a store that holds it: of each record, as its
/// transcoder or the validator's decoding read it, only the key and where the record is in the
/// section are kept, with the section's JSON — what `StoredArrayMerge` merges into the stored
/// array once the whole backup has validated.
///
/// Memory for the largest section thus holds its JSON and, while merging, the stored array,
/// instead of the decoded records of both (each about twice the size of its JSON).
final class MergingStage<Record: DeduplicatingRecord>: SectionVisitor {
    /// The section's JSON, which the records' ranges point into.
    let source: [UInt8]
    /// The limits it was validated with.
    let options: JSONParseOptions
    /// The records in order: this stage's own, then each absorbed run's.
    private(set) var records: [StoredArrayMerge<Record>.Incoming] = []
    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0
    /// Whether a run was absorbed: the stage's own records come first, so none may follow.
    private var hasAbsorbed = false
    /// Where `visitTranscoding` writes a record it reads the key of.
    private var scratch = JSONWriter(capacity: 64 * 1024)

    init(source: [UInt8], options: JSONParseOptions) {
        self.source = source
        self.options = options
    }

    func visit(_ record: Record?, at index: Int?, from json: JSONValue) {
        precondition(!hasAbsorbed, "records are visited before runs are absorbed, never after")
        guard let record else {
            malformed += 1
            return
        }
        records.append(.init(key: record.naturalKey, source: json.sourceRange))
    }

    /// A clean record's key is read by its transcoder, checking, rather than by decoding it;
    /// what it writes is not kept.
    func visitTranscoding(_ json: JSONValue) -> Bool {
        precondition(!hasAbsorbed, "records are visited before runs are absorbed, never after")
        defer { scratch.removeAll() }
        let view = json.document.view
        guard let key = Record.transcodeKeyed(view, at: json.tapeIndex, checking: true, into: &scratch) else {
            return false
        }
        records.append(.init(key: key, source: json.sourceRange))
        return true
    }

    func makeRunVisitor(for section: BackupSection) -> sending MergingStage? {
        MergingStage(source: [], options: options)
    }

    func absorb(_ run: MergingStage) {
        precondition(!run.hasAbsorbed, "a run's stage absorbs nothing itself")
        hasAbsorbed = true
        records += run.records
        malformed += run.malformed
    }
}
