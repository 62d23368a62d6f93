import BackupFormat
import JSONCore

/// How the sections of a backup just written are shown, so `export` and `upgrade` list them
/// alike: a table in text, an array in JSON.
enum ManifestSectionText {
    /// A table of each section's name, records and bytes.
    static func table(_ sections: [ManifestSection]) -> String {
        var rows = [["section", "records", "bytes"]]
        for section in sections {
            rows.append([section.name, String(section.records), String(section.bytes)])
        }
        return Formatting.table(rows)
    }

    /// Writes the sections as an array of objects with `name`, `records` and `bytes`.
    /// - Parameter includingChecksums: whether each object also carries its `sha256`.
    static func write(_ sections: [ManifestSection], includingChecksums: Bool, to writer: inout JSONWriter) {
        writer.beginArray()
        for section in sections {
            writer.beginObject()
            writer.key("name")
            writer.string(section.name)
            writer.key("records")
            writer.int(section.records)
            writer.key("bytes")
            writer.int(Int(section.bytes))
            if includingChecksums {
                writer.key("sha256")
                writer.string(section.sha256)
            }
            writer.endObject()
        }
        writer.endArray()
    }
}
