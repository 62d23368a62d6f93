import DataPortability
import DomainModel
import JSONCore

/// How retention decisions are printed, in words and as JSON.
enum PruneReport {
    static func rows(_ decisions: [BackupPruner.Decision], removedVerb: String) -> [[String]] {
        var rows = [["backup", "action", "why"]]
        for decision in decisions {
            let action = decision.entry.health.label ?? (decision.keep ? "keep" : removedVerb)
            rows.append([decision.entry.name, action, decision.reasons.joined(separator: ", ")])
        }
        return rows
    }

    static func writeJSON(_ decisions: [BackupPruner.Decision], to writer: inout JSONWriter) {
        writer.beginArray()
        for decision in decisions {
            writer.beginObject()
            writer.key("file")
            writer.string(decision.entry.name)
            if let time = decision.entry.time {
                writer.key("time")
                writer.timestamp(time)
            }
            writeHealth(decision.entry.health, to: &writer)
            writer.key("keep")
            writer.bool(decision.keep)
            writer.key("reasons")
            writer.strings(decision.reasons)
            writer.endObject()
        }
        writer.endArray()
    }

    /// An entry's `health` (and `problem`, for a damaged one) in JSON.
    static func writeHealth(_ health: BackupDirectory.Health, to writer: inout JSONWriter) {
        writer.key("health")
        writer.string(health.name)
        if let problem = health.problem {
            writer.key("problem")
            writer.string(problem)
        }
    }

    /// Damaged, partial and future-dated files, as warnings.
    static func problems(_ entries: [BackupDirectory.Entry]) -> [String] {
        entries.compactMap(\.warning)
    }
}
