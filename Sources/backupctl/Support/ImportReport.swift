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
        if let restored = summary.restoredKeys { return printRestore(restored, to: console) }
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
        if let carried = summary.carried {
            console.print(
                "Carried store keys: \(carried.storeKeysAdded) added, \(carried.storeKeysReplaced) replaced, "
                    + "\(carried.storeKeysUnchanged) unchanged, \(carried.storeKeysKept) kept the store's value; "
                    + "unreadable records: \(carried.unreadableRestored) restored, \(carried.unreadableUnchanged) already there, "
                    + "\(carried.unreadableKept) kept the store's value")
        }
        let remarks = summary.findings.filter { $0.code.rawValue.hasPrefix("import.") }
        let findings = summary.findings.filter { !$0.code.rawValue.hasPrefix("import.") }
        let warnings = findings.filter { $0.severity == .warning }
        let notes = findings.filter { $0.severity == .note }
        if !warnings.isEmpty || !notes.isEmpty {
            console.print("Validation: \(warnings.count) warnings, \(notes.count) notes")
            if sectionTimes != nil {
                for line in ValidationReportText.findingsBySection(findings) { console.print("  " + line) }
            } else {
                for finding in warnings.prefix(10) {
                    console.print("  warning: \(finding.location): \(finding.message)")
                }
                if warnings.count > 10 { console.print("  … and \(warnings.count - 10) more warnings (see --verbose)") }
            }
        }
        for remark in remarks { console.print("  \(remark.severity.rawValue): \(remark.location): \(remark.message)") }
        printEnding(unchanged: "the store already held this data", to: console)
        console.emitJSON { writer in
            writer.beginObject()
            writeOutcome(schemaVersion: summary.schemaVersion, to: &writer)
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
            if let carried = summary.carried {
                writer.key("carried")
                writer.beginObject()
                writer.key("storeKeys")
                writer.beginObject()
                writer.key("added")
                writer.int(carried.storeKeysAdded)
                writer.key("replaced")
                writer.int(carried.storeKeysReplaced)
                writer.key("unchanged")
                writer.int(carried.storeKeysUnchanged)
                writer.key("kept")
                writer.int(carried.storeKeysKept)
                writer.endObject()
                writer.key("unreadableRecords")
                writer.beginObject()
                writer.key("restored")
                writer.int(carried.unreadableRestored)
                writer.key("unchanged")
                writer.int(carried.unreadableUnchanged)
                writer.key("kept")
                writer.int(carried.unreadableKept)
                writer.endObject()
                writer.endObject()
            }
            writeSnapshot(to: &writer)
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

    /// The command that undoes the import, as printed.
    private func undoCommand(_ snapshot: String) -> String {
        "backupctl import \(Formatting.shellQuoted(snapshot)) --mode replace --store \(Formatting.shellQuoted(summary.storePath))"
    }

    /// The snapshot and its undo, whether anything was written, and the time taken.
    private func printEnding(unchanged: String, to console: Console) {
        if let snapshot = summary.safetySnapshot {
            console.print("Safety snapshot: \(snapshot)")
            console.print("  To undo: \(undoCommand(snapshot))")
        }
        if summary.isDryRun {
            console.print("Dry run: nothing was written.")
        } else if !summary.storeChanged {
            console.print("Nothing changed: \(unchanged).")
        }
        console.print("Done in \(Formatting.seconds(summary.duration)).")
    }

    /// The fields every import's JSON starts with (a snapshot restore has no schema version).
    private func writeOutcome(schemaVersion: Int?, to writer: inout JSONWriter) {
        writer.key("ok")
        writer.bool(true)
        writer.key("file")
        writer.string(summary.file)
        if let schemaVersion {
            writer.key("schemaVersion")
            writer.int(schemaVersion)
        }
        writer.key("store")
        writer.string(summary.storePath)
        writer.key("mode")
        writer.string(summary.mode.rawValue)
        writer.key("dryRun")
        writer.bool(summary.isDryRun)
        writer.key("storeChanged")
        writer.bool(summary.storeChanged)
    }

    private func writeSnapshot(to writer: inout JSONWriter) {
        guard let snapshot = summary.safetySnapshot else { return }
        writer.key("safetySnapshot")
        writer.string(snapshot)
        writer.key("undo")
        writer.string(undoCommand(snapshot))
    }

    /// The summary of restoring a store snapshot.
    private func printRestore(_ restored: RestoredKeys, to console: Console) {
        let verb = summary.isDryRun ? "Dry run of restoring" : "Restored"
        console.print("\(verb) \(summary.storePath) from the store snapshot \(summary.file)")
        console.print(
            "  keys: \(restored.written) written, \(restored.removed) removed, \(restored.unchanged) unchanged")
        printEnding(unchanged: "the store already held the snapshot's data", to: console)
        console.emitJSON { writer in
            writer.beginObject()
            writeOutcome(schemaVersion: nil, to: &writer)
            writer.key("restoredKeys")
            writer.beginObject()
            writer.key("written")
            writer.int(restored.written)
            writer.key("removed")
            writer.int(restored.removed)
            writer.key("unchanged")
            writer.int(restored.unchanged)
            writer.endObject()
            writeSnapshot(to: &writer)
            writer.key("seconds")
            writer.double((summary.duration * 1000).rounded() / 1000)
            writer.endObject()
        }
    }
}
