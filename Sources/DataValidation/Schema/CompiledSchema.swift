import DomainModel

/// A schema node tree flattened into plain arrays, so the walker follows indices instead of
/// copying nodes (which would retain and release their storage for every JSON value).
final class CompiledSchema: Sendable {
    enum Kind: UInt8 {
        case object, array, string, integer, number, boolean, map, nullable
    }

    /// One node; every field is plain data.
    struct Node {
        var kind: Kind
        /// The inner node (nullable), items (array) or values (map).
        var child = -1
        /// The object's properties: `properties[propertyStart ..< propertyEnd]`.
        var propertyStart = 0
        var propertyEnd = 0
        var integerRange: ClosedRange<Int>?
        var numberRange: ClosedRange<Double>?
        var maxItems: Int?
        /// The unique field of array items, as an index into `properties`, or -1.
        var uniqueProperty = -1
        var uniqueIsUUID = false
        var format: StringFormat?
        /// Known enum values: `knownValues[knownStart ..< knownEnd]`; `knownEnd < 0` for none.
        var knownStart = 0
        var knownEnd = -1
        /// The fallback enum value, as an index into `fallbacks`, or -1.
        var fallback = -1
    }

    struct Property {
        var name: StaticString
        var node: Int
        var isRequired: Bool
    }

    let nodes: [Node]
    let properties: [Property]
    let knownValues: [[UInt8]]
    let fallbacks: [String]
    let root: Int

    init(_ schema: SchemaNode) {
        var builder = Builder()
        root = builder.add(schema)
        nodes = builder.nodes
        properties = builder.properties
        knownValues = builder.knownValues
        fallbacks = builder.fallbacks
    }

    private struct Builder {
        var nodes: [Node] = []
        var properties: [Property] = []
        var knownValues: [[UInt8]] = []
        var fallbacks: [String] = []

        mutating func add(_ schema: SchemaNode) -> Int {
            let index = nodes.count
            switch schema.kind {
            case .nullable(let inner):
                nodes.append(Node(kind: .nullable))
                nodes[index].child = add(inner)
            case .object(let object):
                nodes.append(Node(kind: .object))
                // The walker matches a key to the first property of that name it meets, starting
                // from the one after the last match: a name given twice would match either.
                precondition(
                    Set(object.properties.map { $0.staticName.description }).count == object.properties.count,
                    "an object schema names a property twice")
                // Reserve the property slots first so they stay contiguous.
                let start = properties.count
                properties += object.properties.map {
                    Property(name: $0.staticName, node: -1, isRequired: $0.isRequired)
                }
                nodes[index].propertyStart = start
                nodes[index].propertyEnd = properties.count
                for (offset, property) in object.properties.enumerated() {
                    properties[start + offset].node = add(property.node)
                }
            case .array(let array):
                nodes.append(Node(kind: .array, maxItems: array.maxItems, uniqueIsUUID: array.uniqueFieldIsUUID))
                let child = add(array.items)
                nodes[index].child = child
                if let field = array.uniqueField {
                    let item = nodes[child]
                    nodes[index].uniqueProperty =
                        (item.propertyStart..<item.propertyEnd)
                        .first { properties[$0].name.description == field } ?? -1
                }
            case .map(let values):
                nodes.append(Node(kind: .map))
                nodes[index].child = add(values)
            case .string(let string):
                var node = Node(kind: .string, format: string.format)
                if let known = string.knownValues {
                    node.knownStart = knownValues.count
                    knownValues += known.map { Array($0.utf8) }
                    node.knownEnd = knownValues.count
                }
                if let fallback = string.fallback {
                    node.fallback = fallbacks.count
                    fallbacks.append(fallback)
                }
                nodes.append(node)
            case .integer(let range):
                nodes.append(Node(kind: .integer, integerRange: range))
            case .number(let range):
                nodes.append(Node(kind: .number, numberRange: range))
            case .boolean:
                nodes.append(Node(kind: .boolean))
            }
            return index
        }
    }
}
