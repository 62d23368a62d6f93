import DataPortability
import DomainModel

/// How retention decisions are printed, in words and as JSON.
enum PruneReport {
    static func rows(_ decisions: [BackupPruner.Decision], removedVerb: String) -> [[String]] {
        [["backup", "action", "why"]]
            + decisions.map { decision in
                let action = decision.entry.health.label ?? (decision.keep ? "keep" : removedVerb)
                return [decision.entry.name, action, decision.reasons.joined(separator: ", ")]
            }
    }

    /// The decisions in JSON: each file with its time, health, whether it stays and why.
    static func value(_ decisions: [BackupPruner.Decision]) -> ReportValue {
        .objects(decisions) { decision in
            entryFields(decision.entry) + [
                "keep": .bool(decision.keep), "reasons": .strings(decision.reasons),
            ]
        }
    }

    /// A file of a backup directory in JSON: its name, the time in its name, its health and,
    /// for a damaged one, the problem.
    static func entryFields(_ entry: BackupDirectory.Entry) -> ReportFields {
        [
            "name": .string(entry.name), "time": entry.time.map(ReportValue.timestamp),
            "health": .string(entry.health.name), "problem": entry.health.problem.map(ReportValue.string),
        ]
    }
}
