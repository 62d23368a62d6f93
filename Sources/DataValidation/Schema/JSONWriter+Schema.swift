import DomainModel
import JSONCore

/// The shapes the hand-written schemas (`ManifestSchema`, `CarriedSchema`) are made of, each
/// written in the order `backupctl schema` has always printed its keys.
extension JSONWriter {
    /// `"name": {"type": "string", "description": …, "pattern": …}`.
    mutating func stringProperty(_ name: StaticString, _ description: String, pattern: String? = nil) {
        field(name) { writer in
            writer.field("type", "string")
            writer.field("description", description)
            if let pattern { writer.field("pattern", pattern) }
        }
    }

    /// `"name": {"type": "integer", "minimum": …, "description": …}`.
    mutating func integerProperty(_ name: StaticString, _ description: String, minimum: Int) {
        field(name) { writer in
            writer.field("type", "integer")
            writer.field("minimum", minimum)
            writer.field("description", description)
        }
    }

    /// `"type": "object", "properties": {…}, "required": […]`: the members of an object's
    /// schema, its properties written by `properties`.
    mutating func objectMembers(required: [String], properties: (inout JSONWriter) -> Void) {
        field("type", "object")
        field("properties", properties)
        field("required", required)
    }

    /// `"type": "array", "items": {…}`: the members of a schema of an array of objects.
    mutating func arrayOfObjectsMembers(required: [String], properties: (inout JSONWriter) -> Void) {
        field("type", "array")
        field("items") { writer in writer.objectMembers(required: required, properties: properties) }
    }
}
