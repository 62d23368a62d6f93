import BackupFormat
import DataPortability
import DataValidation
import Foundation
import JSONCore

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
            console.print("Validation: \(warnings.count) warnings, \(notes.count) notes")
            if sectionTimes != nil {
                for line in ValidationReportText.findingsBySection(summary.findings) { console.print("  " + line) }
            } else {
                for finding in warnings.prefix(10) {
                    console.print("  warning: \(finding.location): \(finding.message)")
                }
                if warnings.count > 10 { console.print("  … and \(warnings.count - 10) more warnings (see --verbose)") }
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
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("file")
            writer.string(summary.file)
            writer.key("schemaVersion")
            writer.int(summary.schemaVersion)
            writer.key("store")
            writer.string(summary.storePath)
            writer.key("mode")
            writer.string(summary.mode.rawValue)
            writer.key("dryRun")
            writer.bool(summary.isDryRun)
            writer.key("storeChanged")
            writer.bool(summary.storeChanged)
            writer.key("migrations")
            MigrationText.writeSteps(summary.migrations, to: &writer)
            writer.key("sections")
            writer.beginArray()
            for counts in summary.sections {
                writer.beginObject()
                writer.key("name")
                writer.string(counts.section.rawValue)
                writer.key("present")
                writer.bool(counts.present)
                writer.key("added")
                writer.int(counts.added)
                writer.key("merged")
                writer.int(counts.merged)
                writer.key("unchanged")
                writer.int(counts.unchanged)
                writer.key("duplicatesDropped")
                writer.int(counts.duplicatesDropped)
                writer.key("malformedSkipped")
                writer.int(counts.malformedSkipped)
                writer.key("removed")
                writer.int(counts.removed)
                writer.endObject()
            }
            writer.endArray()
            if let snapshot = summary.safetySnapshot {
                writer.key("safetySnapshot")
                writer.string(snapshot)
            }
            writer.key("findings")
            writer.beginArray()
            for finding in summary.findings {
                writer.beginObject()
                writer.key("severity")
                writer.string(finding.severity.rawValue)
                writer.key("code")
                writer.string(finding.code.rawValue)
                writer.key("location")
                writer.string(finding.location)
                writer.key("message")
                writer.string(finding.message)
                writer.endObject()
            }
            writer.endArray()
            writer.key("seconds")
            writer.double((summary.duration * 1000).rounded() / 1000)
            writer.endObject()
        }
    }
}
