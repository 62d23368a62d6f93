import BackupFormat
import DomainModel
import JSONCore

/// Prints a `BackupSchema` as JSON Schema (draft 2020-12), from the same description the
/// validator runs, so anyone can check a backup with their own tools.
///
/// Versions 3 and 4 describe one object with a property per entry (and the manifest under
/// `$defs/manifest`): validate `{"trackedDomains": [...], "lookupHistory": [...], ...}`
/// assembled from the extracted entries — in version 4 the carried entries too, under their
/// names (`storeKeys`, `unreadableRecords`). Versions 1 and 2 describe the whole document.
public struct JSONSchemaPrinter {
    private var definitions: [(name: String, node: SchemaNode)] = []
    private var defined = Set<String>()

    public init() {}

    /// The schema's JSON text, indented for reading.
    public mutating func print(_ schema: BackupSchema) -> [UInt8] {
        var body = JSONWriter(capacity: 32 * 1024)
        body.beginObject()
        body.field("$schema", "https://json-schema.org/draft/2020-12/schema")
        body.field("$id", "https://schemas.domaindig.app/backup/v\(schema.version).json")
        body.field("title", schema.title)
        switch schema.layout {
        case .sections(let sections):
            body.key("description")
            body.string(
                "Each property is one section entry of the archive (sections/<name>.json). "
                    + (schema.isLossless
                        ? "A section may be absent only when the manifest names it in absentSections. "
                            + "storeKeys and unreadableRecords are the carried entries (carried/<name>.json), present when there is something to carry. "
                        : "")
                    + "The manifest.json entry is described under $defs/manifest. "
                    + "A timestamp is written back in UTC with milliseconds, so it must stay within the years "
                    + "0000-9999 once converted to UTC. White space, which a name must not be made of alone, "
                    + "is Unicode's White_Space, code point by code point.")
            body.field("type", "object")
            body.field("properties") { body in
                for (section, node) in sections {
                    body.key(section.rawValue)
                    write(node, to: &body)
                }
                if schema.isLossless {
                    for entry in CarriedEntry.allCases {
                        body.key(entry.rawValue)
                        body.object { $0.field("$ref", "#/$defs/\(CarriedSchema.definitionName(entry))") }
                    }
                }
                body.field("manifest") { $0.field("$ref", "#/$defs/manifest") }
            }
            if !schema.isLossless {
                body.field("required", sections.map(\.section.rawValue))
            }
        case .document(let node):
            writeContents(of: node, to: &body)
        }
        body.field("$defs") { body in
            // Writing a definition can add more, so `definitions` grows while it is walked.
            var index = 0
            while index < definitions.count {
                let (name, node) = definitions[index]
                body.key(name)
                body.object { writeContents(of: node, to: &$0) }
                index += 1
            }
            if case .sections = schema.layout {
                body.key("manifest")
                ManifestSchema.write(to: &body, lossless: schema.isLossless)
                if schema.isLossless { CarriedSchema.writeDefinitions(to: &body) }
            }
        }
        body.endObject()
        return JSONPrettyPrinter.indent(body.bytes)
    }

    /// Writes a node: a `$ref` for named definitions, the contents otherwise.
    mutating func write(_ node: SchemaNode, to writer: inout JSONWriter) {
        writer.object { writer in
            if let name = node.definitionName {
                if defined.insert(name).inserted { definitions.append((name, node)) }
                writer.field("$ref", "#/$defs/\(name)")
            } else {
                writeContents(of: node, to: &writer)
            }
        }
    }

    /// Writes a node's keywords into an open object.
    mutating func writeContents(of node: SchemaNode, to writer: inout JSONWriter) {
        if !node.description.isEmpty {
            writer.field("description", node.description)
        }
        switch node.kind {
        case .nullable(let inner):
            writer.key("anyOf")
            writer.beginArray()
            write(inner, to: &writer)
            writer.object { $0.field("type", "null") }
            writer.endArray()
        case .object(let schema):
            writer.field("type", "object")
            writer.field("properties") { writer in
                for property in schema.properties {
                    writer.key(property.name)
                    write(property.node, to: &writer)
                }
            }
            let required = schema.properties.filter(\.isRequired).map(\.name)
            if !required.isEmpty {
                writer.field("required", required)
            }
        case .array(let schema):
            writer.field("type", "array")
            writer.key("items")
            write(schema.items, to: &writer)
            writer.field("maxItems", schema.maxItems)
        case .string(let schema):
            writer.field("type", "string")
            writeStringKeywords(schema, to: &writer)
        case .integer(let range):
            writer.field("type", "integer")
            writer.field("minimum", range?.lowerBound)
            writer.field("maximum", range?.upperBound)
        case .boolean:
            writer.field("type", "boolean")
        case .number(let range):
            writer.field("type", "number")
            if let range {
                writer.field("minimum", range.lowerBound)
                writer.field("maximum", range.upperBound)
            }
        case .map(let values):
            writer.field("type", "object")
            writer.key("additionalProperties")
            write(values, to: &writer)
        }
    }

    private func writeStringKeywords(_ schema: StringSchema, to writer: inout JSONWriter) {
        if let known = schema.knownValues {
            // Lenient enums accept any string (unknown values are noted, not errors), so the
            // known values are examples rather than an `enum` constraint.
            writer.field("examples", known)
            writer.field("x-knownValues", known)
            writer.field("x-fallback", schema.fallback)
            return
        }
        guard let format = schema.format else { return }
        let (name, pattern): (String?, String) =
            switch format {
            case .dateTime: ("date-time", StringPatterns.dateTime)
            case .uuid: ("uuid", StringPatterns.uuid)
            case .domain: (nil, DomainName.pattern)
            case .ownerName: (nil, DomainName.ownerNamePattern)
            case .resolverURL: (nil, AppPreferences.resolverURLPattern)
            case .wallClockTime: (nil, QuietHours.timePattern)
            case .nonEmpty: (nil, WhiteSpace.nonBlankPattern)
            }
        if format == .nonEmpty { writer.field("minLength", 1) }
        writer.field("format", name)
        writer.field("pattern", pattern)
    }
}

/// Regular expressions for formats JSON Schema validators do not assert by default.
enum StringPatterns {
    /// ISO 8601 date-time as `Timestamp.parse` accepts it, days checked against their month
    /// (February 29 only in leap years), so no date the validator refuses passes the schema.
    /// The two lookaheads keep an instant within the four-digit years in UTC, as `Timestamp`
    /// does: on 9999-12-31 no negative offset and nothing that rounds to 24:00 in UTC, on
    /// 0000-01-01 no positive offset.
    static let dateTime =
        #"^(?!9999-12-31[Tt](?:[^-]*-(?!00:00)|23:59:(?:60(?:\.[0-9]+)?|59\.999[5-9][0-9]*)(?:[Zz]|[+-]00:00)$))"#
        + #"(?!0000-01-01[Tt][^+]*\+(?!00:00))"#
        + #"(?:[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"#
        + #"|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)"#
        + #"[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"#
    /// An 8-4-4-4-12 hexadecimal UUID.
    static let uuid = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
}
