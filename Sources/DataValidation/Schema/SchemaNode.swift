import DomainModel
import Foundation

/// One node of the backup schema: the single description both the validator runs and
/// `backupctl schema` prints as JSON Schema.
public struct SchemaNode: Sendable {
    /// What the value must be.
    public indirect enum Kind: Sendable {
        case object(ObjectSchema)
        case array(ArraySchema)
        case string(StringSchema)
        case integer(ClosedRange<Int>?)
        /// Any number (legacy epoch timestamps).
        case number(ClosedRange<Double>?)
        case boolean
        /// An object whose values all match one node (HTTP headers, step parameters, DNS answer maps).
        case map(SchemaNode)
        /// The node, or `null`.
        case nullable(SchemaNode)
    }

    public var kind: Kind
    /// What the value means, for the printed schema.
    public var description: String
    /// A name under `$defs` when the printed schema should share the node (records).
    public var definitionName: String?

    public init(_ kind: Kind, description: String = "", definitionName: String? = nil) {
        self.kind = kind
        self.description = description
        self.definitionName = definitionName
    }
}

/// An object's fields.
public struct ObjectSchema: Sendable {
    public var properties: [PropertySchema]
}

/// One field of an object.
public struct PropertySchema: Sendable {
    /// The field's name: a literal, so walking millions of records copies no strings.
    public let staticName: StaticString
    public var node: SchemaNode
    public var isRequired: Bool

    public init(_ name: StaticString, _ node: SchemaNode, required: Bool = false) {
        self.staticName = name
        self.node = node
        self.isRequired = required
    }

    public var name: String { staticName.description }
}

/// An array's elements.
public struct ArraySchema: Sendable {
    public var items: SchemaNode
    public var maxItems: Int?
    /// A field of the (object) items that should be unique; duplicates are merged on import,
    /// so they are warnings.
    public var uniqueField: String?

    /// Whether the unique field holds UUIDs (compared as UUIDs, whatever their case).
    var uniqueFieldIsUUID: Bool {
        guard let uniqueField, case .object(let object) = items.kind,
            var node = object.properties.first(where: { $0.name == uniqueField })?.node
        else { return false }
        if case .nullable(let inner) = node.kind { node = inner }
        guard case .string(let string) = node.kind else { return false }
        return string.format == .uuid
    }
}

/// A string's constraints.
public struct StringSchema: Sendable {
    public var format: StringFormat?
    /// Known values of a lenient enum: others are accepted (mapped to `fallback`) and noted.
    public var knownValues: [String]?
    public var fallback: String?
}
