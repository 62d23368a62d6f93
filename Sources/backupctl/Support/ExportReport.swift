import BackupFormat
import DataPortability
import DomainModel
import Foundation

/// How an export's summary is printed, in words and as JSON.
struct ExportReport {
    var summary: BackupExporter.Summary
    var storePath: String
    /// Adds each section's merged duplicates and times, and the throughput.
    var verbose = false

    func print(to console: Console) {
        console.print("Exported \(storePath) to \(summary.destination)")
        if let record = summary.encryption {
            console.print("Encrypted with age \(EncryptionText.recipients(of: record.header)).")
        }
        let manifest = summary.manifest
        if let read = manifest.storeSchemaVersionRead, manifest.wasUpgradedOnExport {
            console.print(
                "The store is at schema version \(read); the backup holds its data upgraded to version "
                    + "\(manifest.storeSchemaVersion) (in memory: the store was not changed; `backupctl migrate` upgrades it)."
            )
        }
        console.print(lines: verbose ? verboseTable : ManifestSectionText.table(summary.manifest.sections))
        let carriedEntries = summary.manifest.sections.count { CarriedEntry(entryPath: $0.path) != nil }
        let entries = summary.manifest.sections.count - carriedEntries
        console.print(
            "\(Wording.count(entries, "section")), "
                + (carriedEntries == 0
                    ? "" : "\(Wording.count(carriedEntries, "carried entry", plural: "carried entries")), ")
                + "\(Wording.count(summary.totalRecords, "record")), "
                + "\(Formatting.bytes(summary.uncompressedBytes)) of JSON → \(Formatting.bytes(summary.compressedBytes)) "
                + "\(summary.manifest.compression) (\(Formatting.ratio(summary.compressionRatio))) in \(Formatting.seconds(summary.duration))"
        )
        if verbose {
            console.print(
                "Read and wrote \(Formatting.throughput(summary.uncompressedBytes, in: summary.duration)) of JSON.")
        }
        if !summary.issues.isEmpty {
            let problems = Wording.count(summary.issues.count, "problem")
            console.print(
                "\(problems) in the store \(summary.issues.count == 1 ? "was" : "were") worked around (the store itself is unchanged):"
            )
            for issue in summary.issues { console.print("  warning: \(issue)") }
        }
        let carried = summary.carried
        if !carried.isEmpty {
            let keys = carried.storeKeys.map(\.key)
            console.print(
                "Carried as they are, to be restored on import: "
                    + "\(Wording.count(carried.unreadableRecords.count, "unreadable record")), "
                    + "\(Wording.count(keys.count, "store key")) this build does not read"
                    + (keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")))"))
        }
        // Shown above as part of the report; listed in the JSON document's warnings.
        for issue in summary.issues { console.record(CommandWarning(issue)) }
    }

    /// The sections with their merged duplicates, the time each took to read and encode
    /// (beside the others) and to compress and write.
    private var verboseTable: [String] {
        let rows = summary.manifest.sections.map { section in
            let known = BackupSection(entryPath: section.path)
            let time = known.flatMap { summary.sectionTimes[$0] }
            return [
                section.name, String(section.records), Formatting.bytes(section.bytes),
                known.flatMap { summary.duplicatesMerged[$0] }.map(String.init) ?? "-",
                time.map { String(format: "%.3f", $0.encoding) } ?? "-",
                time.map { String(format: "%.3f", $0.writing) } ?? "-",
            ]
        }
        return Formatting.table([["section", "records", "size", "duplicates", "encode s", "write s"]] + rows)
    }

    /// The export in JSON.
    var fields: ReportFields {
        let manifest = summary.manifest
        return [
            "store": .string(storePath), "output": .string(summary.destination),
            "schemaVersion": .int(manifest.schemaVersion), "storeSchemaVersion": .int(manifest.storeSchemaVersion),
            "storeSchemaVersionRead": manifest.storeSchemaVersionRead.map(ReportValue.int),
            "migrations": MigrationText.steps(summary.migration), "compression": .string(manifest.compression),
            "encrypted": .bool(summary.encryption != nil),
            "encryption": summary.encryption.map { EncryptionText.value(of: $0.header) },
            "sections": ManifestSectionText.value(manifest.sections, includingChecksums: true),
            "records": .int(summary.totalRecords), "jsonBytes": .bytes(summary.uncompressedBytes),
            "outputBytes": .bytes(summary.compressedBytes),
            "ratio": .double((summary.compressionRatio * 100).rounded() / 100), "seconds": .seconds(summary.duration),
            "carried": .object([
                "unreadableRecords": .int(summary.carried.unreadableRecords.count),
                "storeKeys": .strings(summary.carried.storeKeys.map(\.key)),
            ]),
        ]
    }
}
