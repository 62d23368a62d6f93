import BackupFormat
import DataStore
import DataValidation
import DomainModel
import JSONCore
import Testing

@testable import DataPortability

/// One section imported through `SectionImporter` the way the pipeline does it — a stage made
/// for it, its records visited by the stage and by run stages absorbed in order, then applied —
/// and what that left: for tests comparing the stages with one another.
enum StagedSection {
    /// What an import of one section did: the store afterwards, the counts (added, merged,
    /// unchanged, duplicates, malformed, removed), whether the store changed, and the remarks.
    struct Outcome: Equatable {
        var store: [String: StoreValue]
        var tally: [Int]
        var changed: Bool
        var remarks: [String] = []
    }

    /// Which stage a collection section's records went to.
    enum Stage {
        case encoding, merging, records
    }

    /// Which stage `stage` is, of `section`'s record type; nil when it is none of the three,
    /// or not of that type, or the section is not a collection.
    static func kind(of stage: any SectionVisitor, for section: BackupSection) -> Stage? {
        guard case .array(let type) = section.entry.records else { return nil }
        func kind<Record: DeduplicatingRecord>(_: Record.Type) -> Stage? {
            switch stage {
            case is EncodingStage<Record>: .encoding
            case is MergingStage<Record>: .merging
            case is RecordStage<Record>: .records
            default: nil
            }
        }
        return kind(type)
    }

    /// `json`, a record of `section`, as backupctl writes it.
    static func canonical(_ section: BackupSection, _ json: String) throws -> String {
        guard case .array(let type) = section.entry.records else { throw CanonicalFormError() }
        func canonical<Record: DeduplicatingRecord>(_: Record.Type) throws -> [UInt8] {
            try Record.decode(JSONDocument(parsing: Array(json.utf8)).root).0.canonicalJSON
        }
        return String(decoding: try canonical(type), as: UTF8.self)
    }

    struct CanonicalFormError: Error {}

    /// Imports `elements` of `section` into `store` in merge mode. The first `own` elements are
    /// visited by the section's stage itself, the rest by run stages of `runLength` elements.
    /// - Parameter withJSON: whether the stage gets the section's JSON (without it, a section
    ///   is staged as decoded records).
    static func merge(
        _ section: BackupSection, _ elements: [String], into store: InMemoryStore, withJSON: Bool,
        own: Int? = nil, runLength: Int = 2
    ) throws -> (Outcome, any SectionVisitor) {
        let json = "[" + elements.joined(separator: ",") + "]"
        let values = try ImportFixtures.values(json)
        var stage: (any SectionVisitor)?
        var remarks: [String] = []
        let (counts, changed) = try store.transaction { transaction in
            let importer = try SectionImporter(transaction: transaction, mode: .merge)
            let made = importer.makeStage(for: section, source: withJSON ? Array(json.utf8) : nil, options: .default)
            try feed(made.visitor, section, values, own: own ?? values.count, runLength: runLength)
            stage = made.visitor
            defer { remarks = importer.remarks.map(\.message) }
            return try importer.apply(made, present: true)
        }
        var contents: [String: StoreValue] = [:]
        for key in try store.keys() { contents[key] = try store.value(forKey: key) }
        let tally = [
            counts.added, counts.merged, counts.unchanged, counts.duplicatesDropped, counts.malformedSkipped,
            counts.removed,
        ]
        return (Outcome(store: contents, tally: tally, changed: changed, remarks: remarks), try #require(stage))
    }

    private static func feed<Stage: SectionVisitor>(
        _ stage: Stage, _ section: BackupSection, _ values: [JSONValue], own: Int, runLength: Int
    ) throws {
        for index in 0..<min(own, values.count) { stage.visit(index, values[index]) }
        for start in stride(from: own, to: values.count, by: runLength) {
            let run = try #require(stage.makeRunVisitor(for: section))
            for index in start..<min(values.count, start + runLength) { run.visit(index, values[index]) }
            stage.absorb(run)
        }
    }
}
