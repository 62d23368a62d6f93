import BackupFormat
import JSONCore

/// The JSON Schema of a version 4 backup's carried entries, matching what their decoders
/// (`CarriedStoreKey`, `CarriedUnreadableRecord`, `CarriedValue`) accept — which is what the
/// validator runs on them. Written by hand, as the manifest's is: the forms of a carried value
/// are alternatives, which the record schema does not describe.
enum CarriedSchema {
    /// The `$defs` name of an entry's schema.
    static func definitionName(_ entry: CarriedEntry) -> String {
        switch entry {
        case .storeKeys: "carriedStoreKeys"
        case .unreadableRecords: "carriedUnreadableRecords"
        }
    }

    /// A base64 string as Foundation writes and reads it: padded, no line breaks.
    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"

    /// Writes the three definitions into the open `$defs` object.
    static func writeDefinitions(to writer: inout JSONWriter) {
        writeArray(
            definitionName(.storeKeys),
            "Store keys this version does not read (a newer app's, or legacy keys left beside the current data), each with its value, restored on import.",
            required: ["key", "value"], to: &writer
        ) { writer in
            writer.field("key") { writer in
                writer.field("type", "string")
                writer.field("minLength", 1)
                writer.field("not") { writer in writer.field("enum", CarriedStoreKey.reservedKeys.sorted()) }
            }
            writeValueReference(to: &writer)
        }
        writeArray(
            definitionName(.unreadableRecords),
            "Stored records the store could not read, verbatim, with their section, store key, place ($ for a whole value, $[n] for an element of an array, whose value is data holding the element's JSON) and reason; restored on import at the end of their collection.",
            required: ["section", "storeKey", "path", "reason", "value"], to: &writer
        ) { writer in
            writer.field("section") { writer in writer.field("enum", BackupSection.allCases.map(\.rawValue)) }
            writer.field("storeKey") { writer in
                writer.field("enum", BackupSection.allCases.flatMap(\.entry.storeKeys))
            }
            writer.field("path") { writer in
                writer.field("type", "string")
                writer.field("pattern", #"^\$(\[[0-9]+\])?$"#)
            }
            writer.field("reason") { writer in writer.field("type", "string") }
            writeValueReference(to: &writer)
        }
        writer.key("carriedValue")
        writeValue(to: &writer)
    }

    /// `"name"`: an array of objects whose properties `properties` writes.
    private static func writeArray(
        _ name: String, _ description: String, required: [String], to writer: inout JSONWriter,
        properties: (inout JSONWriter) -> Void
    ) {
        writer.key(name)
        writer.object { writer in
            writer.field("description", description)
            writer.arrayOfObjectsMembers(required: required, properties: properties)
        }
    }

    private static func writeValueReference(to writer: inout JSONWriter) {
        writer.field("value") { writer in writer.field("$ref", "#/$defs/carriedValue") }
    }

    /// A store value: its kind, and its value in the kind's form.
    private static func writeValue(to writer: inout JSONWriter) {
        func form(
            _ writer: inout JSONWriter, _ kinds: [String], _ field: String, _ value: (inout JSONWriter) -> Void
        ) {
            writer.object { writer in
                writer.field("properties") { writer in
                    writer.field("kind") { writer in writer.field("enum", kinds) }
                    writer.key(field)
                    value(&writer)
                }
                writer.field("required", ["kind", field])
            }
        }
        func type(_ name: String, pattern: String? = nil) -> (inout JSONWriter) -> Void {
            { writer in
                writer.object { writer in
                    writer.field("type", name)
                    if let pattern { writer.field("pattern", pattern) }
                }
            }
        }
        writer.object { writer in
            writer.field(
                "description",
                "A store value, exactly: data embedded as JSON when it is one JSON value, else in base64; dates as seconds since 2001-01-01T00:00:00Z; arrays and dictionaries as a base64 binary property list."
            )
            writer.field("type", "object")
            writer.key("anyOf")
            writer.beginArray()
            form(&writer, ["data"], "json") { writer in writer.object { _ in } }
            form(&writer, ["data"], "base64", type("string", pattern: base64Pattern))
            form(&writer, ["string"], "value", type("string"))
            form(&writer, ["integer"], "value", type("integer"))
            form(&writer, ["bool"], "value", type("boolean"))
            form(&writer, ["double", "date"], "value") { writer in
                writer.object { writer in
                    writer.key("anyOf")
                    writer.beginArray()
                    type("number")(&writer)
                    writer.object { writer in writer.field("enum", ["nan", "inf", "-inf"]) }
                    writer.endArray()
                }
            }
            form(&writer, ["array", "dictionary"], "binaryPropertyList", type("string", pattern: base64Pattern))
            writer.endArray()
        }
    }
}
