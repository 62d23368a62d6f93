import BackupFormat
import DataPortability
import DomainModel

/// What `list --verbose` says about each file of a backup directory beyond its table row.
enum BackupEntryText {
    /// The file's name, then when and by what it was made, its sections and what it carries —
    /// or why it is not a good backup.
    static func details(of entry: BackupDirectory.Entry) -> [String] {
        var lines = [entry.name]
        switch entry.health {
        case .damaged(let reason): lines.append("  damaged: \(reason)")
        case .partial: lines.append("  a partial file left by an interrupted backup")
        case .future: lines.append("  named after the current time (a clock set back, or a copy): not counted")
        case .good: break
        }
        if let manifest = entry.manifest {
            let producer = [manifest.producer.name, manifest.producer.version].filter { !$0.isEmpty }
            lines.append(
                "  made \(Timestamp.format(manifest.createdAt)) by \(producer.joined(separator: " ")) from store "
                    + "version \(manifest.storeSchemaVersion), \(manifest.compression)")
            // Carried entries (version 4) are listed apart: they are not sections.
            let carried = manifest.sections.filter { CarriedEntry(entryPath: $0.path) != nil }
            let sections = manifest.sections.filter { CarriedEntry(entryPath: $0.path) == nil }
            lines.append("  sections: " + sections.map { "\($0.name) \($0.records)" }.joined(separator: ", "))
            if !carried.isEmpty {
                lines.append("  carried: " + carried.map { "\($0.name) \($0.records)" }.joined(separator: ", "))
            }
            if !manifest.absentSections.isEmpty {
                lines.append("  absent on purpose: " + manifest.absentSections.joined(separator: ", "))
            }
        }
        return lines
    }
}
