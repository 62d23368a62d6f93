import DataPortability
import DomainModel

/// What `list --verbose` says about each file of a backup directory beyond its table row.
enum BackupEntryText {
    /// The file's name, then when and by what it was made and its sections — or why it is
    /// not a good backup.
    static func details(of entry: BackupDirectory.Entry) -> String {
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
            lines.append(
                "  sections: " + manifest.sections.map { "\($0.name) \($0.records)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
