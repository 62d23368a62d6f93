import DomainModel
import Foundation
import JSONCore

/// One applied step, as recorded in the store's journal (`data.migrationJournal`).
public struct MigrationJournalEntry: Sendable, Equatable {
    /// The step's version (the version the store was stamped with).
    public var step: Int
    public var fromVersion: Int
    public var toVersion: Int
    public var appliedAt: Date
    /// Wall time of the step, in milliseconds.
    public var durationMs: Int
    /// Records or keys changed, per migration identifier (migrations with nothing to do are left out).
    public var counts: [String: Int]
    /// The build that applied it: `backupctl 0.1.0`.
    public var tool: String

    func encode(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("step", step)
            writer.field("from", fromVersion)
            writer.field("to", toVersion)
            writer.field("appliedAt", appliedAt)
            writer.field("durationMs", durationMs)
            writer.field("counts") { writer in
                for (key, value) in counts.sorted(by: { $0.key < $1.key }) {
                    writer.key(key)
                    writer.int(value)
                }
            }
            writer.field("tool", tool)
        }
    }
}

extension MigrationJournalEntry {
    init?(json: JSONValue) {
        guard let step = json["step"]?.int, let from = json["from"]?.int, let to = json["to"]?.int,
            let appliedText = json["appliedAt"]?.string, let applied = Timestamp.parse(appliedText)
        else { return nil }
        var counts: [String: Int] = [:]
        for field in json["counts"]?.fields ?? .empty {
            if let value = field.value.int { counts[field.key] = value }
        }
        self.init(
            step: step, fromVersion: from, toVersion: to, appliedAt: applied,
            durationMs: json["durationMs"]?.int ?? 0, counts: counts, tool: json["tool"]?.string ?? "unknown")
    }
}
