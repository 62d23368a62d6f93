import DomainModel

/// Short constructors for schema nodes, so schema definitions read like the record docs.
enum SchemaBuilder {
    static func string(_ description: String, _ format: StringFormat? = nil) -> SchemaNode {
        SchemaNode(.string(StringSchema(format: format)), description: description)
    }

    static func integer(_ description: String, _ range: ClosedRange<Int>? = nil) -> SchemaNode {
        SchemaNode(.integer(range), description: description)
    }

    static func boolean(_ description: String) -> SchemaNode {
        SchemaNode(.boolean, description: description)
    }

    static func array(of items: SchemaNode, _ description: String, max: Int? = nil, unique: String? = nil) -> SchemaNode
    {
        SchemaNode(.array(ArraySchema(items: items, maxItems: max, uniqueField: unique)), description: description)
    }

    static func number(_ description: String, _ range: ClosedRange<Double>? = nil) -> SchemaNode {
        SchemaNode(.number(range), description: description)
    }

    static func map(of values: SchemaNode, _ description: String) -> SchemaNode {
        SchemaNode(.map(values), description: description)
    }

    static func object(_ definition: String, _ description: String, _ properties: [PropertySchema]) -> SchemaNode {
        SchemaNode(.object(ObjectSchema(properties: properties)), description: description, definitionName: definition)
    }

    static func required(_ name: StaticString, _ node: SchemaNode) -> PropertySchema {
        PropertySchema(name, node, required: true)
    }

    /// An optional field: it may be absent or null.
    static func optional(_ name: StaticString, _ node: SchemaNode) -> PropertySchema {
        PropertySchema(name, SchemaNode(.nullable(node), description: node.description), required: false)
    }

    /// A declared record's schema (its `.record` file, `RecordDeclaration`).
    static func record(_ declaration: RecordDeclaration) -> SchemaNode {
        object(declaration.definition, declaration.description, properties(declaration))
    }

    /// A declared record's fields; an embedded record's are among them.
    static func properties(_ declaration: RecordDeclaration) -> [PropertySchema] {
        declaration.fields.flatMap { field -> [PropertySchema] in
            if case .embedded(let embedded) = field.value { return properties(embedded) }
            let node = value(field.value, field.description)
            return [field.isRequired ? required(field.name, node) : optional(field.name, node)]
        }
    }

    /// The schema of a value as declared — a field's, described by its description, or a lenient
    /// enum's (`.enumeration(Status.self)`) — not null (`optional` makes a property of it that may be).
    static func value(_ value: FieldValue, _ description: String) -> SchemaNode {
        switch value {
        case .string(let format): string(description, format)
        case .enumeration(let known, let fallback):
            SchemaNode(.string(StringSchema(knownValues: known, fallback: fallback)), description: description)
        case .integer(let range): integer(description, range)
        case .boolean: boolean(description)
        case .stringMap: map(of: SchemaNode(.string(StringSchema()), description: "A value."), description)
        case .list(let element, let item, let max, let unique):
            array(of: self.value(element, item), description, max: max, unique: unique)
        case .record(let declaration), .embedded(let declaration): record(declaration)
        }
    }
}
