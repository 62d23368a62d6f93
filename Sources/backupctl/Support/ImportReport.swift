import BackupFormat
import DataPortability
import DataValidation
import DomainModel
import Foundation

/// How an import's summary is printed, in words and as JSON.
struct ImportReport {
    var summary: ImportSummary
    /// With `--verbose`, how long each section took: shown in the table, and every warning
    /// and note is listed by section.
    var sectionTimes: [BackupSection: TimeInterval]? = nil

    func print(to console: Console) {
        let verb = summary.isDryRun ? "Dry run of importing" : "Imported"
        console.print(
            "\(verb) \(summary.file) (schema version \(summary.schemaVersion)) into \(summary.storePath), mode \(summary.mode.rawValue)"
        )
        for step in summary.migrations {
            console.print(
                "Store migrated from version \(step.fromVersion) to \(step.version): \(step.title)\(summary.isDryRun ? " (would be)" : "")"
            )
        }
        var rows = [["section", "added", "merged", "unchanged", "duplicates", "malformed", "removed"]]
        if sectionTimes != nil { rows[0].append("seconds") }
        for counts in summary.sections {
            var row = [counts.section.rawValue, "-", "-", "-", "-", "-", "not in backup"]
            if counts.present {
                row = [
                    counts.section.rawValue, String(counts.added), String(counts.merged), String(counts.unchanged),
                    String(counts.duplicatesDropped), String(counts.malformedSkipped), String(counts.removed),
                ]
            }
            if let sectionTimes { row.append(sectionTimes[counts.section].map { String(format: "%.3f", $0) } ?? "-") }
            rows.append(row)
        }
        console.print(Formatting.table(rows))
        let warnings = summary.findings.filter { $0.severity == .warning }
        let notes = summary.findings.filter { $0.severity == .note }
        if !warnings.isEmpty || !notes.isEmpty {
            console.print(
                "Validation: \(Wording.count(warnings.count, "warning")), \(Wording.count(notes.count, "note"))")
            if sectionTimes != nil {
                for line in ValidationReportText.findingsBySection(summary.findings) { console.print("  " + line) }
            } else {
                for finding in warnings.prefix(10) {
                    console.print("  warning: \(finding.location): \(finding.message)")
                }
                if warnings.count > 10 {
                    console.print("  … and \(warnings.count - 10) more (see --verbose)")
                }
            }
        }
        if let snapshot = summary.safetySnapshot {
            console.print("Safety snapshot: \(snapshot)")
            console.print("  To undo: backupctl import \(snapshot) --mode replace --store \(summary.storePath)")
        }
        if summary.isDryRun {
            console.print("Dry run: nothing was written.")
        } else if !summary.storeChanged {
            console.print("Nothing changed: the store already held this data.")
        }
        console.print("Done in \(Formatting.seconds(summary.duration)).")
    }

    /// The import in JSON.
    var fields: ReportFields {
        [
            "input": .string(summary.file), "schemaVersion": .int(summary.schemaVersion),
            "store": .string(summary.storePath), "mode": .string(summary.mode.rawValue),
            "dryRun": .bool(summary.isDryRun), "storeChanged": .bool(summary.storeChanged),
            "migrations": MigrationText.steps(summary.migrations),
            "sections": .objects(summary.sections) { counts in
                [
                    "name": .string(counts.section.rawValue), "present": .bool(counts.present),
                    "added": .int(counts.added), "merged": .int(counts.merged), "unchanged": .int(counts.unchanged),
                    "duplicatesDropped": .int(counts.duplicatesDropped),
                    "malformedSkipped": .int(counts.malformedSkipped), "removed": .int(counts.removed),
                ]
            },
            "safetySnapshot": summary.safetySnapshot.map(ReportValue.string),
            "seconds": .seconds(summary.duration),
        ]
            + ValidationReportText.fields(summary.findings)
    }
}
