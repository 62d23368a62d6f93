import DomainModel
import Foundation
import JSONCore

/// Checks JSON against the schema, recording findings with their paths.
///
/// It walks the document by tape index (`JSONView`) along a compiled schema, so checking a
/// value allocates nothing unless there is something to report.
struct SchemaWalker {
    let section: String?
    var path: JSONPath
    private(set) var findings: [Finding] = []
    /// Errors recorded so far; callers compare before and after a record.
    private(set) var errorCount = 0

    init(section: String?, root: String) {
        self.section = section
        self.path = JSONPath(root: root)
    }

    mutating func record(_ severity: Finding.Severity, _ code: FindingCode, _ message: String, key: String? = nil) {
        if severity == .error { errorCount += 1 }
        findings.append(
            Finding(severity, code, section: section, location: path.text(appending: key), message: message))
    }

    /// Adds findings another walker made, as if this one had made them.
    mutating func append(_ more: some Collection<Finding>) {
        errorCount += more.count { $0.severity == .error }
        findings.append(contentsOf: more)
    }

    mutating func takeFindings() -> [Finding] {
        defer { findings.removeAll(keepingCapacity: true) }
        return findings
    }

    /// Checks `value` against `node` (compiling the node: for one-off checks).
    mutating func check(_ value: JSONValue, _ node: SchemaNode) {
        check(value, CompiledSchema(node))
    }

    /// Checks `value` against a compiled schema's root.
    mutating func check(_ value: JSONValue, _ schema: CompiledSchema) {
        schema.nodes.withUnsafeBufferPointer { nodes in
            check(Context(view: value.document.view, nodes: nodes, schema: schema), value.tapeIndex, schema.root)
        }
    }

    /// What a walk reads from: the JSON and the compiled schema (its nodes borrowed for the walk).
    struct Context {
        let view: JSONView
        let nodes: UnsafeBufferPointer<CompiledSchema.Node>
        let schema: CompiledSchema
    }

    mutating func check(_ context: Context, _ value: Int, _ nodeIndex: Int) {
        // Nodes are read through a pointer: copying one would move a hundred bytes per value.
        let node = context.nodes.baseAddress! + nodeIndex
        let view = context.view
        switch node.pointee.kind {
        case .nullable:
            if !view.isNull(value) { check(context, value, node.pointee.child) }
        case .object:
            checkObject(context, value, node)
        case .array:
            guard view.kind(value) == .array else { return wrongType(view, value, "an array") }
            checkArray(context, value, node)
        case .string:
            guard view.kind(value) == .string else { return wrongType(view, value, "a string") }
            checkString(context, value, node)
        case .integer:
            guard view.kind(value) == .number else { return wrongType(view, value, "an integer") }
            guard let int = view.int(value) else {
                return record(
                    .error, .wrongType,
                    "must be an integer, not \(String(decoding: view.text(value), as: UTF8.self)).")
            }
            if let range = node.pointee.integerRange, !range.contains(int) {
                record(.error, .outOfRange, "must be between \(range.lowerBound) and \(range.upperBound), not \(int).")
            }
        case .boolean:
            guard view.bool(value) != nil else { return wrongType(view, value, "true or false") }
        case .number:
            guard let number = view.double(value) else { return wrongType(view, value, "a number") }
            if let range = node.pointee.numberRange, !range.contains(number) {
                record(
                    .error, .outOfRange,
                    "must be between \(range.lowerBound) and \(range.upperBound), not \(String(decoding: view.text(value), as: UTF8.self))."
                )
            }
        case .map:
            guard view.kind(value) == .object else { return wrongType(view, value, "an object") }
            view.forEachRepeatedKey(value) { key, _ in recordRepeated(key) }
            view.forEachField(value) { key, escaped, fieldValue in
                path.push(.key(escaped ? (view.string(fieldValue - 1) ?? "") : String(decoding: key, as: UTF8.self)))
                check(context, fieldValue, node.pointee.child)
                path.pop()
            }
        }
    }

    /// A key the object holds more than once: one file, two readings (this build's readers
    /// take the first value, Python's `json` and `jq` the last), so it is an error.
    mutating func recordRepeated(_ key: String) {
        record(.error, .duplicateKey, Self.repeatedKeyMessage, key: key)
    }

    /// The message of a `record.duplicate-key` finding, located at the key.
    static let repeatedKeyMessage =
        "appears more than once in its object; backupctl would read the first value and Python or jq the last. "
        + "Keep one."

    mutating func wrongType(_ view: JSONView, _ value: Int, _ expected: String) {
        let found = view.isNull(value) ? "null" : view.kind(value).description
        record(.error, .wrongType, "must be \(expected), not \(found).")
    }

    mutating func checkObject(_ context: Context, _ value: Int, _ node: UnsafePointer<CompiledSchema.Node>) {
        let view = context.view
        guard view.kind(value) == .object else { return wrongType(view, value, "an object") }
        context.schema.properties.withUnsafeBufferPointer { properties in
            // Positions of the properties found, relative to the object's first.
            var seen = PositionSet()
            // Records written by backupctl (and by the app) list their fields in the schema's
            // order, so the property after the last one found is tried first.
            var expected = node.pointee.propertyStart
            // Fields this version does not know: a repeated one is an error too.
            var unknownNames = Set<[UInt8]>()
            view.forEachField(value) { key, escaped, fieldValue in
                let match: Int
                if escaped {
                    var name = view.string(fieldValue - 1) ?? ""
                    match = name.withUTF8 {
                        SchemaWalker.property(matching: $0, in: properties, node, expected: expected)
                    }
                } else {
                    match = SchemaWalker.property(matching: key, in: properties, node, expected: expected)
                }
                guard match >= 0 else {
                    let name = escaped ? (view.string(fieldValue - 1) ?? "") : String(decoding: key, as: UTF8.self)
                    if unknownNames.insert(Array(name.utf8)).inserted {
                        record(
                            .note, .unknownField, "is not a field this version knows; it is kept as written.", key: name
                        )
                    } else {
                        recordRepeated(name)
                    }
                    return
                }
                expected = match + 1
                guard seen.insert(match - node.pointee.propertyStart) else {
                    recordRepeated(properties[match].name.description)
                    return
                }
                let property = properties[match]
                if view.isNull(fieldValue), property.isRequired {
                    record(
                        .error, .requiredMissing, "is required and must not be null.", key: property.name.description)
                    return
                }
                path.push(.field(property.name))
                check(context, fieldValue, property.node)
                path.pop()
            }
            for index in node.pointee.propertyStart..<node.pointee.propertyEnd where properties[index].isRequired {
                if !seen.contains(index - node.pointee.propertyStart) {
                    record(
                        .error, .requiredMissing, "is required but missing.", key: properties[index].name.description)
                }
            }
        }
    }

    /// The index of the property of `node` named `key`, or -1; the property at `expected` is
    /// compared first.
    @inline(__always)
    static func property(
        matching key: UnsafeBufferPointer<UInt8>, in properties: UnsafeBufferPointer<CompiledSchema.Property>,
        _ node: UnsafePointer<CompiledSchema.Node>, expected: Int
    ) -> Int {
        let end = node.pointee.propertyEnd
        if expected < end, isNamed(properties[expected].name, key) { return expected }
        var index = node.pointee.propertyStart
        while index < end {
            if index != expected, isNamed(properties[index].name, key) { return index }
            index += 1
        }
        return -1
    }

    @inline(__always)
    private static func isNamed(_ name: StaticString, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        name.utf8CodeUnitCount == key.count
            && (key.count == 0 || memcmp(name.utf8Start, key.baseAddress!, key.count) == 0)
    }

    mutating func checkArray(_ context: Context, _ value: Int, _ node: UnsafePointer<CompiledSchema.Node>) {
        let view = context.view
        var count = 0
        var seenIDs = IdentitySet(isUUID: node.pointee.uniqueIsUUID)
        let unique: StaticString? =
            node.pointee.uniqueProperty >= 0 ? context.schema.properties[node.pointee.uniqueProperty].name : nil
        let child = node.pointee.child
        view.forEachElement(value) { element in
            path.push(.index(count))
            check(context, element, child)
            if let unique, let id = view.field(element, unique), !seenIDs.insert(view, id) {
                // Nested lists (checks, steps, ledger entries) keep their first element on import.
                record(
                    .warning, .duplicate,
                    "repeats \(unique) \"\(view.string(id) ?? "")\" of an earlier element; only the first is kept on import.",
                    key: unique.description)
            }
            path.pop()
            count += 1
        }
        if let max = node.pointee.maxItems, count > max {
            record(.error, .tooManyItems, "holds \(count) elements, more than the limit of \(max).")
        }
    }
}
