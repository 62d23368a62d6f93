import BackupFormat
import DataPortability
import Foundation
import JSONCore

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
        console.print(verbose ? verboseTable : ManifestSectionText.table(summary.manifest.sections))
        let carriedEntries = summary.manifest.sections.count { CarriedEntry(entryPath: $0.path) != nil }
        let entries = summary.manifest.sections.count - carriedEntries
        console.print(
            "\(entries) sections, \(carriedEntries == 0 ? "" : "\(carriedEntries) carried entries, ")"
                + "\(summary.totalRecords) records, "
                + "\(Formatting.bytes(summary.uncompressedBytes)) of JSON → \(Formatting.bytes(summary.compressedBytes)) "
                + "\(summary.manifest.compression) (\(Formatting.ratio(summary.compressionRatio))) in \(Formatting.seconds(summary.duration))"
        )
        if verbose {
            console.print(
                "Read and wrote \(Formatting.throughput(summary.uncompressedBytes, in: summary.duration)) of JSON.")
        }
        if !summary.issues.isEmpty {
            console.print(
                "\(summary.issues.count) problems in the store were worked around (the store itself is unchanged):")
            for issue in summary.issues { console.print("  warning: \(issue)") }
        }
        let carried = summary.carried
        if !carried.isEmpty {
            console.print(
                "Carried as they are, to be restored on import: \(carried.unreadableRecords.count) unreadable records, "
                    + "\(carried.storeKeys.count) store keys this build does not read"
                    + (carried.storeKeys.isEmpty ? "" : " (\(carried.storeKeys.map(\.key).joined(separator: ", ")))"))
        }
        emitJSON(to: console)
    }

    /// The sections with their merged duplicates, the time each took to read and encode
    /// (beside the others) and to compress and write.
    private var verboseTable: String {
        var rows = [["section", "records", "bytes", "duplicates", "encode s", "write s"]]
        for section in summary.manifest.sections {
            let known = BackupSection(entryPath: section.path)
            let time = known.flatMap { summary.sectionTimes[$0] }
            rows.append([
                section.name, String(section.records), String(section.bytes),
                known.flatMap { summary.duplicatesMerged[$0] }.map(String.init) ?? "-",
                time.map { String(format: "%.3f", $0.encoding) } ?? "-",
                time.map { String(format: "%.3f", $0.writing) } ?? "-",
            ])
        }
        return Formatting.table(rows)
    }

    private func emitJSON(to console: Console) {
        console.emitJSON { writer in
            writer.beginObject()
            writer.key("ok")
            writer.bool(true)
            writer.key("store")
            writer.string(storePath)
            writer.key("output")
            writer.string(summary.destination)
            writer.key("schemaVersion")
            writer.int(summary.manifest.schemaVersion)
            writer.key("storeSchemaVersion")
            writer.int(summary.manifest.storeSchemaVersion)
            if let read = summary.manifest.storeSchemaVersionRead {
                writer.key("storeSchemaVersionRead")
                writer.int(read)
            }
            writer.key("migratedSteps")
            writer.beginArray()
            for step in summary.migration { writer.int(step.version) }
            writer.endArray()
            writer.key("compression")
            writer.string(summary.manifest.compression)
            writer.key("encrypted")
            writer.bool(summary.encryption != nil)
            writer.key("sections")
            ManifestSectionText.write(summary.manifest.sections, includingChecksums: true, to: &writer)
            writer.key("records")
            writer.int(summary.totalRecords)
            writer.key("bytesIn")
            writer.int(Int(summary.uncompressedBytes))
            writer.key("bytesOut")
            writer.int(Int(summary.compressedBytes))
            writer.key("ratio")
            writer.double((summary.compressionRatio * 100).rounded() / 100)
            writer.key("seconds")
            writer.double((summary.duration * 1000).rounded() / 1000)
            writer.key("carried")
            writer.beginObject()
            writer.key("unreadableRecords")
            writer.int(summary.carried.unreadableRecords.count)
            writer.key("storeKeys")
            writer.strings(summary.carried.storeKeys.map(\.key))
            writer.endObject()
            writer.key("warnings")
            writer.beginArray()
            for issue in summary.issues {
                writer.beginObject()
                writer.key("key")
                writer.string(issue.key)
                writer.key("path")
                writer.string(issue.issue.path)
                writer.key("kind")
                writer.string(issue.issue.kind.rawValue)
                writer.key("message")
                writer.string(issue.issue.message)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
    }
}
