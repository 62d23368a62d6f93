import BackupFormat
import DataValidation
import DomainModel
import Foundation
import JSONCore

/// Stages a collection section for a store that does not hold its key yet: each record is at
/// once written canonically (`CanonicalArrayBuilder`) — a clean one straight from its JSON, any
/// other as the validator decoded it — and only the text is kept, not the records.
///
/// With nothing in the store to merge into, the store's new value is the backup's records,
/// duplicates merged, in order: the builder's array. The section's JSON is kept until
/// `takeArray()`, for the records that share a natural key with another, which alone are
/// decoded again. Memory for the largest section thus holds its JSON and its canonical text
/// (about the same size) instead of its JSON and its decoded records (about twice that).
final class EncodingStage<Record: DeduplicatingRecord>: SectionVisitor {
    private let builder: CanonicalArrayBuilder<Record>
    private var source: [UInt8]?
    private let options: JSONParseOptions

    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0
    /// Records decoded and encoded, later copies of a natural key included.
    var count: Int { builder.count }
    /// Records merged into an earlier one with the same natural key.
    var duplicatesDropped: Int { builder.duplicates }
    /// Records the store's value holds: one per natural key.
    var distinctCount: Int { builder.distinctCount }

    /// - Parameters:
    ///   - source: the section's JSON, kept for the duplicates until `takeArray()`; nil for the
    ///     stage of a run, whose builder is `builder`.
    ///   - options: the limits it was validated with.
    init(source: [UInt8]?, options: JSONParseOptions, builder: CanonicalArrayBuilder<Record> = .init()) {
        self.builder = builder
        self.source = source
        self.options = options
    }

    func visit(_ record: Record?, at index: Int?, from json: JSONValue) {
        guard let record else {
            malformed += 1
            return
        }
        builder.append(record, from: json.sourceRange)
    }

    /// A clean record is written from its JSON, never decoded (most of a backup's records).
    func visitTranscoding(_ json: JSONValue) -> Bool {
        builder.appendTranscoding(json, checking: true)
    }

    func makeRunVisitor(for section: BackupSection) -> sending EncodingStage? {
        EncodingStage(source: nil, options: options, builder: builder.makeRun())
    }

    func absorb(_ run: EncodingStage) {
        builder.absorb(run.builder)
        malformed += run.malformed
    }

    /// The store's new value: the records' canonical JSON array, one per natural key, then
    /// `verbatim` elements (the backup's unreadable ones), in chunks to be written one after the
    /// other (never joined into one buffer). Lets go of the section's JSON first, so the two
    /// are never held with the array.
    func takeArray(verbatim: [[UInt8]] = []) -> ByteChunks {
        builder.finish(source: &source, options: options, verbatim: verbatim)
    }
}
