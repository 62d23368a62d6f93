import BackupFormat
import DataValidation
import DomainModel
import JSONCore

/// Collects a section's records as the validator decodes them while it streams past, so the
/// import never holds the parsed JSON of a whole section. A large section is
/// decoded on every core: each run of it fills a stage of its own, absorbed in order.
final class RecordStage<Record: JSONRecord>: SectionVisitor {
    /// The records in order: this stage's own, then each absorbed run's, kept as they came
    /// rather than copied into one array (a section's records would briefly be held twice).
    var records: FlattenSequence<[[Record]]> { ([own] + runs).joined() }
    private var own: [Record] = []
    private var runs: [[Record]] = []
    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0

    func visit(_ record: Record?, at index: Int?, from json: JSONValue) {
        precondition(runs.isEmpty, "records are visited before runs are absorbed, never after")
        guard let record else {
            malformed += 1
            return
        }
        own.append(record)
    }

    func makeRunVisitor(for section: BackupSection) -> sending RecordStage? {
        RecordStage()
    }

    func absorb(_ run: RecordStage) {
        precondition(run.runs.isEmpty, "a run's stage absorbs nothing itself")
        runs.append(run.own)
        malformed += run.malformed
    }
}
