import DomainModel
import JSONCore

/// Collects a section's records while the validator streams past them, decoding each at
/// once, so the import never holds the parsed JSON of a whole section.
protocol SectionStaging: AnyObject {
    /// Decodes and keeps one record that passed validation.
    func add(_ value: JSONValue)
}

/// The staging area of one record type.
final class RecordStage<Record: JSONRecord>: SectionStaging {
    private(set) var records: [Record] = []
    /// Records that passed validation but could not be decoded (none, unless the schema and
    /// the decoder disagree).
    private(set) var malformed = 0

    func add(_ value: JSONValue) {
        do {
            records.append(try Record.decode(value).0)
        } catch {
            malformed += 1
        }
    }
}
