import DomainModel
import JSONCore

/// The shapes the hand-written schemas (`ManifestSchema`, `CarriedSchema`) are made of, each
/// written in the order `backupctl schema` has always printed its keys.
extension JSONWriter {
    /// `"name": ["value", …]`.
    mutating func member(_ name: String, _ values: [String]) {
        key(name)
        strings(values)
    }

    /// `"name": {"type": "string", "description": …, "pattern": …}`.
    mutating func stringProperty(_ name: String, _ description: String, pattern: String? = nil) {
        member(name) { writer in
            writer.member("type", "string")
            writer.member("description", description)
            if let pattern { writer.member("pattern", pattern) }
        }
    }

    /// `"name": {"type": "integer", "minimum": …, "description": …}`.
    mutating func integerProperty(_ name: String, _ description: String, minimum: Int) {
        member(name) { writer in
            writer.member("type", "integer")
            writer.member("minimum", minimum)
            writer.member("description", description)
        }
    }

    /// `"type": "object", "properties": {…}, "required": […]`: the members of an object's
    /// schema, its properties written by `properties`.
    mutating func objectMembers(required: [String], properties: (inout JSONWriter) -> Void) {
        member("type", "object")
        member("properties", properties)
        member("required", required)
    }

    /// `"type": "array", "items": {…}`: the members of a schema of an array of objects.
    mutating func arrayOfObjectsMembers(required: [String], properties: (inout JSONWriter) -> Void) {
        member("type", "array")
        member("items") { writer in writer.objectMembers(required: required, properties: properties) }
    }
}
