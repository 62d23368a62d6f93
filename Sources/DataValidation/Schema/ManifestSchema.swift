import BackupFormat
import JSONCore

/// The JSON Schema of `manifest.json`, matching what `BackupManifest.decode` requires.
enum ManifestSchema {
    /// - Parameter lossless: whether the version may name absent sections (v4).
    static func write(to writer: inout JSONWriter, lossless: Bool) {
        writer.object { writer in
            writer.field("description", "The first entry of the archive: what the file is and a checksum per section.")
            writer.objectMembers(
                required: ["format", "schemaVersion", "createdAt", "producer", "storeSchemaVersion", "sections"]
            ) { writer in
                writer.field("format") { writer in writer.field("const", DomainDigBackup.formatIdentifier) }
                writer.integerProperty("schemaVersion", "The backup schema version.", minimum: 1)
                writer.stringProperty(
                    "createdAt", "When the backup was written (UTC).", pattern: StringPatterns.dateTime)
                writer.field("producer") { writer in
                    writer.objectMembers(required: ["name", "version"]) { writer in
                        writer.stringProperty("name", "The program that wrote the backup.")
                        writer.stringProperty("version", "Its version.")
                    }
                }
                writer.integerProperty(
                    "storeSchemaVersion", "The store schema version of the data: the shape its sections are in.",
                    minimum: 0)
                writer.integerProperty(
                    "storeSchemaVersionRead",
                    "The store schema version the store was read at (exports only); lower than storeSchemaVersion "
                        + "when the export upgraded the data on the way, in memory, without writing to the store.",
                    minimum: 0)
                writer.stringProperty(
                    "compression", "zstd, gzip or none (informational; readers detect it from the bytes).")
                writer.field("sections") { writer in
                    writer.arrayOfObjectsMembers(required: ["name", "path", "records", "bytes", "sha256"]) { writer in
                        writer.stringProperty("name", "The section's name.")
                        writer.stringProperty("path", "The entry path in the archive.")
                        writer.integerProperty("records", "Records in the section.", minimum: 0)
                        writer.integerProperty("bytes", "Bytes of the entry.", minimum: 0)
                        writer.stringProperty(
                            "sha256", "SHA-256 of the entry, hexadecimal.", pattern: "^[0-9a-fA-F]{64}$")
                    }
                }
                if lossless {
                    writer.field("absentSections") { writer in
                        writer.field(
                            "description",
                            "Sections the backup does not hold on purpose (an upgraded older backup's); importing "
                                + "leaves the store's alone.")
                        writer.field("type", "array")
                        writer.field("items") { writer in
                            writer.field("enum", BackupSection.allCases.map(\.rawValue))
                        }
                        writer.field("uniqueItems", true)
                    }
                }
            }
        }
    }
}
