import BackupFormat
import JSONCore

/// The JSON Schema of `manifest.json`, matching what `BackupManifest.decode` requires.
enum ManifestSchema {
    static func write(to writer: inout JSONWriter) {
        func string(_ description: String, pattern: String? = nil) {
            writer.beginObject()
            writer.key("type"); writer.string("string")
            writer.key("description"); writer.string(description)
            if let pattern { writer.key("pattern"); writer.string(pattern) }
            writer.endObject()
        }
        func integer(_ description: String, minimum: Int) {
            writer.beginObject()
            writer.key("type"); writer.string("integer")
            writer.key("minimum"); writer.int(minimum)
            writer.key("description"); writer.string(description)
            writer.endObject()
        }
        writer.beginObject()
        writer.key("description"); writer.string("The first entry of the archive: what the file is and a checksum per section.")
        writer.key("type"); writer.string("object")
        writer.key("properties"); writer.beginObject()
        writer.key("format"); writer.beginObject()
        writer.key("const"); writer.string(DomainDigBackup.formatIdentifier)
        writer.endObject()
        writer.key("schemaVersion"); integer("The backup schema version.", minimum: 1)
        writer.key("createdAt"); string("When the backup was written (UTC).", pattern: StringPatterns.dateTime)
        writer.key("producer"); writer.beginObject()
        writer.key("type"); writer.string("object")
        writer.key("properties"); writer.beginObject()
        writer.key("name"); string("The program that wrote the backup.")
        writer.key("version"); string("Its version.")
        writer.endObject()
        writer.key("required"); writer.strings(["name", "version"])
        writer.endObject()
        writer.key("storeSchemaVersion"); integer("The store schema version the data came from.", minimum: 0)
        writer.key("compression"); string("zstd, gzip or none (informational; readers detect it from the bytes).")
        writer.key("sections"); writer.beginObject()
        writer.key("type"); writer.string("array")
        writer.key("items"); writer.beginObject()
        writer.key("type"); writer.string("object")
        writer.key("properties"); writer.beginObject()
        writer.key("name"); string("The section's name.")
        writer.key("path"); string("The entry path in the archive.")
        writer.key("records"); integer("Records in the section.", minimum: 0)
        writer.key("bytes"); integer("Bytes of the entry.", minimum: 0)
        writer.key("sha256"); string("SHA-256 of the entry, hexadecimal.", pattern: "^[0-9a-fA-F]{64}$")
        writer.endObject()
        writer.key("required"); writer.strings(["name", "path", "records", "bytes", "sha256"])
        writer.endObject()
        writer.endObject()
        writer.endObject()
        writer.key("required"); writer.strings(["format", "schemaVersion", "createdAt", "producer", "storeSchemaVersion", "sections"])
        writer.endObject()
    }
}
