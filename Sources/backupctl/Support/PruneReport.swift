import DataPortability
import DomainModel
import JSONCore

/// How retention decisions are printed, in words and as JSON.
enum PruneReport {
    static func rows(_ decisions: [BackupPruner.Decision], removedVerb: String) -> [[String]] {
        var rows = [["backup", "action", "why"]]
        for decision in decisions {
            let action: String
            switch decision.entry.health {
            case .good: action = decision.keep ? "keep" : removedVerb
            case .damaged: action = "DAMAGED"
            case .partial: action = "PARTIAL"
            }
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
            switch decision.entry.health {
            case .good:
                writer.key("health")
                writer.string("good")
            case .damaged(let reason):
                writer.key("health")
                writer.string("damaged")
                writer.key("problem")
                writer.string(reason)
            case .partial:
                writer.key("health")
                writer.string("partial")
            }
            writer.key("keep")
            writer.bool(decision.keep)
            writer.key("reasons")
            writer.strings(decision.reasons)
            writer.endObject()
        }
        writer.endArray()
    }

    /// Damaged and partial files, as warnings.
    static func problems(_ entries: [BackupDirectory.Entry]) -> [String] {
        entries.compactMap { entry in
            switch entry.health {
            case .good: nil
            case .damaged(let reason): "\(entry.name) is damaged and not counted as a backup: \(reason)"
            case .partial: "\(entry.name) is a partial file left by an interrupted backup; it is not a backup"
            }
        }
    }
}
