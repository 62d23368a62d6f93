import BackupFormat
import Concurrency
import DomainModel
import JSONCore

@testable import DataValidation

/// Collects what a session hands on for one section, as the import's stages do: each record's
/// index and id, and whether it decoded.
final class VisitRecorder<Record: JSONRecord>: SectionVisitor {
    let section: BackupSection
    private(set) var visited: [(index: Int?, id: String, decoded: Bool)] = []
    /// Runs absorbed: counted here, on the calling thread, as runs are made on the workers.
    private(set) var runVisitors = 0
    /// How many run visitors it makes before it answers nil (breaking its contract after the
    /// first), if limited; shared with the run visitors, which the workers ask at once.
    let runsLeft: Locked<Int>?

    init(section: BackupSection, runsLeft: Locked<Int>? = nil) {
        self.section = section
        self.runsLeft = runsLeft
    }

    func visit(_ record: Record?, at index: Int?, from json: JSONValue) {
        visited.append((index, json["id"]?.string ?? "", record != nil))
    }

    func makeRunVisitor(for section: BackupSection) -> sending VisitRecorder? {
        guard let runsLeft else { return VisitRecorder(section: section) }
        let granted = runsLeft.withLock { left in
            left -= 1
            return left >= 0
        }
        return granted ? VisitRecorder(section: section, runsLeft: runsLeft) : nil
    }

    func absorb(_ run: VisitRecorder) {
        runVisitors += 1
        visited += run.visited
    }
}

extension BackupValidationSession {
    /// Checks `payload` with a `VisitRecorder` of its section's record type, and returns what
    /// it recorded (nothing for an entry that is not a section).
    func checkRecording(_ payload: SectionPayload, runsLeft: Locked<Int>? = nil) -> (
        visited: [(section: BackupSection, index: Int?, id: String, decoded: Bool)], runVisitors: Int
    ) {
        guard let section = payload.section else {
            self.check(payload)
            return ([], 0)
        }
        func record<Record: JSONRecord>(_: Record.Type) -> (
            visited: [(section: BackupSection, index: Int?, id: String, decoded: Bool)], runVisitors: Int
        ) {
            let recorder = VisitRecorder<Record>(section: section, runsLeft: runsLeft)
            self.check(payload, visitor: recorder)
            return (recorder.visited.map { (section, $0.index, $0.id, $0.decoded) }, recorder.runVisitors)
        }
        return record(section.entry.records.recordType)
    }
}
