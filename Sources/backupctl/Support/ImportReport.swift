import BackupFormat
import DataPortability
import DataValidation
import DomainModel
import Foundation

/// How an import's summary is printed, in words and as JSON — for a backup, and for a store
/// snapshot restored whole (the undo of an import).
struct ImportReport {
    var summary: ImportSummary
    /// With `--verbose`, how long each section took: shown in the table, and every warning
    /// and note is listed by section.
    var sectionTimes: [BackupSection: TimeInterval]? = nil

    /// Validation's warnings and notes about the backup.
    private var validationFindings: [Finding] { summary.findings.filter { !Self.isRemark($0) } }

    /// What the import itself left as it was rather than overwrite (`import.*` codes): not a
    /// finding about the backup, so a warning of the command.
    private var remarks: [Finding] { summary.findings.filter(Self.isRemark) }

    private static func isRemark(_ finding: Finding) -> Bool {
        finding.code == .keptUnreadable || finding.code == .keptStoreValue
    }

    func print(to console: Console) {
        if let restored = summary.restoredKeys {
            let verb = summary.isDryRun ? "Dry run of restoring" : "Restored"
            console.print("\(verb) \(summary.storePath) from the store snapshot \(summary.file)")
            console.print(
                "  keys: \(restored.written) written, \(restored.removed) removed, \(restored.unchanged) unchanged")
            return printEnding(unchanged: "the store already held the snapshot's data", to: console)
        }
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
        console.print(lines: Formatting.table(rows))
        if let carried = summary.carried {
            console.print(
                "Carried store keys: \(carried.storeKeysAdded) added, \(carried.storeKeysReplaced) replaced, "
                    + "\(carried.storeKeysUnchanged) unchanged, \(carried.storeKeysKept) kept the store's value; "
                    + "unreadable records: \(carried.unreadableRestored) restored, \(carried.unreadableUnchanged) already there, "
                    + "\(carried.unreadableKept) kept the store's value")
        }
        let findings = validationFindings
        let warnings = findings.filter { $0.severity == .warning }
        let notes = findings.filter { $0.severity == .note }
        if !warnings.isEmpty || !notes.isEmpty {
            console.print(
                "Validation: \(Wording.count(warnings.count, "warning")), \(Wording.count(notes.count, "note"))")
            if sectionTimes != nil {
                for line in ValidationReportText.findingsBySection(findings) { console.print("  " + line) }
            } else {
                console.print(lines: ValidationReportText.first(10, of: warnings, indent: "  ", label: "warning: "))
            }
        }
        for remark in remarks {
            console.warn(CommandWarning(remark.code.rawValue, remark.message, key: remark.location))
        }
        printEnding(unchanged: "the store already held this data", to: console)
    }

    /// The import in JSON: a backup's, or a store snapshot's restore.
    var fields: ReportFields {
        var fields: ReportFields = [
            "input": .string(summary.file),
            "schemaVersion": summary.restoredKeys == nil ? .int(summary.schemaVersion) : nil,
            "store": .string(summary.storePath), "mode": .string(summary.mode.rawValue),
            "dryRun": .bool(summary.isDryRun), "storeChanged": .bool(summary.storeChanged),
        ]
        if let restored = summary.restoredKeys {
            fields["restoredKeys"] = .object([
                "written": .int(restored.written), "removed": .int(restored.removed),
                "unchanged": .int(restored.unchanged),
            ])
            return fields + snapshotFields + ["seconds": .seconds(summary.duration)]
        }
        fields["migrations"] = MigrationText.steps(summary.migrations)
        fields["sections"] = .objects(summary.sections) { counts in
            [
                "name": .string(counts.section.rawValue), "present": .bool(counts.present),
                "added": .int(counts.added), "merged": .int(counts.merged), "unchanged": .int(counts.unchanged),
                "duplicatesDropped": .int(counts.duplicatesDropped),
                "malformedSkipped": .int(counts.malformedSkipped), "removed": .int(counts.removed),
            ]
        }
        fields["carried"] = summary.carried.map { carried in
            .object([
                "storeKeys": .object([
                    "added": .int(carried.storeKeysAdded), "replaced": .int(carried.storeKeysReplaced),
                    "unchanged": .int(carried.storeKeysUnchanged), "kept": .int(carried.storeKeysKept),
                ]),
                "unreadableRecords": .object([
                    "restored": .int(carried.unreadableRestored), "unchanged": .int(carried.unreadableUnchanged),
                    "kept": .int(carried.unreadableKept),
                ]),
            ])
        }
        return fields + snapshotFields + ["seconds": .seconds(summary.duration)]
            + ValidationReportText.fields(validationFindings)
    }

    /// The safety snapshot kept, and the command that undoes the import.
    private var snapshotFields: ReportFields {
        guard let snapshot = summary.safetySnapshot else { return [:] }
        return ["safetySnapshot": .string(snapshot), "undo": .string(undoCommand(snapshot))]
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
}
