import DomainModel
import Foundation
import JSONCore

/// Checks JSON against schema nodes, recording findings with their paths.
struct SchemaWalker {
    let section: String?
    var path: JSONPath
    private(set) var findings: [Finding] = []
    /// Errors recorded so far; callers compare before and after a record.
    private(set) var errorCount = 0

    /// Dates outside these bounds are reported (DNS predates 1985 by little; 2100 is far).
    static let earliestSaneDate = Date(timeIntervalSince1970: 473_385_600)  // 1985-01-01
    static let latestSaneDate = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01

    init(section: String?, root: String) {
        self.section = section
        self.path = JSONPath(root: root)
    }

    mutating func record(_ severity: Finding.Severity, _ code: FindingCode, _ message: String, key: String? = nil) {
        if severity == .error { errorCount += 1 }
        findings.append(Finding(severity, code, section: section, location: path.text(appending: key), message: message))
    }

    mutating func takeFindings() -> [Finding] {
        defer { findings.removeAll(keepingCapacity: true) }
        return findings
    }

    /// Checks `value` against `node`.
    mutating func check(_ value: JSONValue, _ node: SchemaNode) {
        switch node.kind {
        case .nullable(let inner):
            if !value.isNull { check(value, inner) }
        case .object(let schema):
            checkObject(value, schema)
        case .array(let schema):
            guard value.kind == .array else { return wrongType(value, "an array") }
            checkArray(value, schema)
        case .string(let schema):
            guard value.kind == .string else { return wrongType(value, "a string") }
            checkString(value, schema)
        case .integer(let range):
            guard value.kind == .number else { return wrongType(value, "an integer") }
            guard let int = value.int else {
                return record(.error, .wrongType, "must be an integer, not \(value.numberText ?? "a number").")
            }
            if let range, !range.contains(int) {
                record(.error, .outOfRange, "must be between \(range.lowerBound) and \(range.upperBound), not \(int).")
            }
        case .boolean:
            guard value.bool != nil else { return wrongType(value, "true or false") }
        case .number(let range):
            guard let number = value.double else { return wrongType(value, "a number") }
            if let range, !range.contains(number) {
                record(.error, .outOfRange, "must be between \(range.lowerBound) and \(range.upperBound), not \(value.numberText ?? "")." )
            }
        case .map(let values):
            guard value.kind == .object else { return wrongType(value, "an object") }
            value.forEachRawField { key, escaped, fieldValue in
                let name = escaped ? JSONValueKey.decode(key) : String(decoding: key, as: UTF8.self)
                path.push(.key(name))
                check(fieldValue, values)
                path.pop()
            }
        }
    }

    mutating func wrongType(_ value: JSONValue, _ expected: String) {
        let found = value.isNull ? "null" : value.kind.description
        record(.error, .wrongType, "must be \(expected), not \(found).")
    }

    mutating func checkObject(_ value: JSONValue, _ schema: ObjectSchema) {
        guard value.kind == .object else { return wrongType(value, "an object") }
        var seen: UInt64 = 0
        value.forEachRawField { key, escaped, fieldValue in
            let index: Int?
            let decodedKey: String?
            if escaped {
                let text = JSONValueKey.decode(key)
                decodedKey = text
                index = text.utf8.withContiguousStorageIfAvailable { schema.propertyIndex(matching: $0) } ?? nil
            } else {
                decodedKey = nil
                index = schema.propertyIndex(matching: key)
            }
            guard let index else {
                let name = decodedKey ?? String(decoding: key, as: UTF8.self)
                record(.note, .unknownField, "is not a field this version knows; it is ignored.", key: name)
                return
            }
            let bit: UInt64 = index < 64 ? 1 << UInt64(index) : 0
            if seen & bit != 0 { return }  // a repeated key: the first one counts, as for readers
            seen |= bit
            let property = schema.properties[index]
            if fieldValue.isNull, property.isRequired {
                record(.error, .requiredMissing, "is required and must not be null.", key: property.name)
                return
            }
            path.push(.key(property.name))
            check(fieldValue, property.node)
            path.pop()
        }
        for (index, property) in schema.properties.enumerated() where property.isRequired {
            let bit: UInt64 = index < 64 ? 1 << UInt64(index) : 0
            if seen & bit == 0 {
                // A present null was reported above.
                if let present = value[property.name], present.isNull { continue }
                record(.error, .requiredMissing, "is required but missing.", key: property.name)
            }
        }
    }

    mutating func checkArray(_ value: JSONValue, _ schema: ArraySchema) {
        var count = 0
        var seenIDs = Set<String>()
        for element in value.elements {
            path.push(.index(count))
            check(element, schema.items)
            if let field = schema.uniqueField, let id = element[field]?.string {
                if !seenIDs.insert(schema.uniqueKey(id)).inserted {
                    // Nested lists (checks, steps, ledger entries) keep their first element on import.
                    record(.warning, .duplicate, "repeats \(field) \"\(id)\" of an earlier element; only the first is kept on import.", key: field)
                }
            }
            path.pop()
            count += 1
        }
        if let max = schema.maxItems, count > max {
            record(.error, .tooManyItems, "holds \(count) elements, more than the limit of \(max).")
        }
    }
}

/// Decodes escaped keys (rare) for comparisons and messages.
enum JSONValueKey {
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        let quoted = [UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")]
        return (try? JSONDocument(parsing: quoted).root.string) ?? String(decoding: raw, as: UTF8.self)
    }
}
