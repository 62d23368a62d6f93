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
        writer.key(definitionName(.storeKeys))
        writeArray(
            "Store keys this version does not read (a newer app's, or legacy keys left beside the current data), each with its value, restored on import.",
            to: &writer
        ) { writer in
            writer.key("key")
            writer.beginObject()
            writer.key("type")
            writer.string("string")
            writer.key("minLength")
            writer.int(1)
            writer.key("not")
            writer.beginObject()
            writer.key("enum")
            writer.strings(CarriedStoreKey.reservedKeys.sorted())
            writer.endObject()
            writer.endObject()
            writeValueReference(to: &writer)
            return ["key", "value"]
        }
        writer.key(definitionName(.unreadableRecords))
        writeArray(
            "Stored records the store could not read, verbatim, with their section, store key, place ($ for a whole value, $[n] for an element of an array, whose value is data holding the element's JSON) and reason; restored on import at the end of their collection.",
            to: &writer
        ) { writer in
            writer.key("section")
            writer.beginObject()
            writer.key("enum")
            writer.strings(BackupSection.allCases.map(\.rawValue))
            writer.endObject()
            writer.key("storeKey")
            writer.beginObject()
            writer.key("enum")
            writer.strings(BackupSection.allCases.flatMap(\.storeKeys))
            writer.endObject()
            writer.key("path")
            writer.beginObject()
            writer.key("type")
            writer.string("string")
            writer.key("pattern")
            writer.string(#"^\$(\[[0-9]+\])?$"#)
            writer.endObject()
            writer.key("reason")
            writer.beginObject()
            writer.key("type")
            writer.string("string")
            writer.endObject()
            writeValueReference(to: &writer)
            return ["section", "storeKey", "path", "reason", "value"]
        }
        writer.key("carriedValue")
        writeValue(to: &writer)
    }

    /// An array of objects whose properties `properties` writes, returning the required ones.
    private static func writeArray(
        _ description: String, to writer: inout JSONWriter, properties: (inout JSONWriter) -> [String]
    ) {
        writer.beginObject()
        writer.key("description")
        writer.string(description)
        writer.key("type")
        writer.string("array")
        writer.key("items")
        writer.beginObject()
        writer.key("type")
        writer.string("object")
        writer.key("properties")
        writer.beginObject()
        let required = properties(&writer)
        writer.endObject()
        writer.key("required")
        writer.strings(required)
        writer.endObject()
        writer.endObject()
    }

    private static func writeValueReference(to writer: inout JSONWriter) {
        writer.key("value")
        writer.beginObject()
        writer.key("$ref")
        writer.string("#/$defs/carriedValue")
        writer.endObject()
    }

    /// A store value: its kind, and its value in the kind's form.
    private static func writeValue(to writer: inout JSONWriter) {
        func form(_ kinds: [String], _ field: String, required: Bool = true, _ value: (inout JSONWriter) -> Void) {
            writer.beginObject()
            writer.key("properties")
            writer.beginObject()
            writer.key("kind")
            writer.beginObject()
            writer.key("enum")
            writer.strings(kinds)
            writer.endObject()
            writer.key(field)
            value(&writer)
            writer.endObject()
            writer.key("required")
            writer.strings(["kind", field])
            writer.endObject()
        }
        func type(_ name: String, pattern: String? = nil) -> (inout JSONWriter) -> Void {
            { writer in
                writer.beginObject()
                writer.key("type")
                writer.string(name)
                if let pattern {
                    writer.key("pattern")
                    writer.string(pattern)
                }
                writer.endObject()
            }
        }
        writer.beginObject()
        writer.key("description")
        writer.string(
            "A store value, exactly: data embedded as JSON when it is one JSON value, else in base64; dates as seconds since 2001-01-01T00:00:00Z; arrays and dictionaries as a base64 binary property list."
        )
        writer.key("type")
        writer.string("object")
        writer.key("anyOf")
        writer.beginArray()
        form(["data"], "json") { writer in
            writer.beginObject()
            writer.endObject()
        }
        form(["data"], "base64", type("string", pattern: base64Pattern))
        form(["string"], "value", type("string"))
        form(["integer"], "value", type("integer"))
        form(["bool"], "value", type("boolean"))
        form(["double", "date"], "value") { writer in
            writer.beginObject()
            writer.key("anyOf")
            writer.beginArray()
            type("number")(&writer)
            writer.beginObject()
            writer.key("enum")
            writer.strings(["nan", "inf", "-inf"])
            writer.endObject()
            writer.endArray()
            writer.endObject()
        }
        form(["array", "dictionary"], "binaryPropertyList", type("string", pattern: base64Pattern))
        writer.endArray()
        writer.endObject()
    }
}
