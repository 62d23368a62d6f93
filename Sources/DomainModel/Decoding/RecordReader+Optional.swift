import Foundation
import JSONCore

extension RecordReader {
    /// The field's value when present and not null.
    public func optional(_ key: StaticString) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    mutating func defaulted(_ key: StaticString, _ problem: String) {
        issues.append(DecodingIssue(kind: .defaultedField, path: ".\(key)", message: "\(problem); the default was used"))
    }

    /// An optional string.
    public mutating func optionalString(_ key: StaticString) -> String? {
        guard let value = optional(key) else { return nil }
        guard let string = value.string else {
            defaulted(key, "must be a string, not \(value.kind)")
            return nil
        }
        return string
    }

    /// A string with a default.
    public mutating func string(_ key: StaticString, default fallback: String) -> String {
        optionalString(key) ?? fallback
    }

    /// An optional integer within `range`.
    public mutating func optionalInt(_ key: StaticString, in range: ClosedRange<Int>) -> Int? {
        guard let value = optional(key) else { return nil }
        guard let int = value.int else {
            defaulted(key, "must be an integer, not \(value.isIntegerLiteral ? "an integer out of range" : value.kind.description)")
            return nil
        }
        guard range.contains(int) else {
            defaulted(key, "must be between \(range.lowerBound) and \(range.upperBound), not \(int)")
            return nil
        }
        return int
    }

    /// An integer within `range`, with a default.
    public mutating func int(_ key: StaticString, in range: ClosedRange<Int>, default fallback: Int) -> Int {
        optionalInt(key, in: range) ?? fallback
    }

    /// A Boolean with a default.
    public mutating func bool(_ key: StaticString, default fallback: Bool) -> Bool {
        guard let value = optional(key) else { return fallback }
        guard let bool = value.bool else {
            defaulted(key, "must be true or false, not \(value.kind)")
            return fallback
        }
        return bool
    }

    /// An optional timestamp.
    public mutating func optionalDate(_ key: StaticString) -> Date? {
        guard let value = optional(key) else { return nil }
        guard let date = RecordReader.date(value) else {
            defaulted(key, "must be an ISO 8601 timestamp")
            return nil
        }
        return date
    }

    /// An optional UUID.
    public mutating func optionalID(_ key: StaticString) -> UUID? {
        guard let value = optional(key) else { return nil }
        guard let id = RecordReader.uuid(value) else {
            defaulted(key, "must be a UUID")
            return nil
        }
        return id
    }

    /// An optional domain name, in canonical form.
    public mutating func optionalDomain(_ key: StaticString) -> String? {
        guard let value = optional(key) else { return nil }
        guard value.kind == .string else {
            defaulted(key, "must be a string, not \(value.kind)")
            return nil
        }
        guard let canonical = RecordReader.validName(value) else {
            defaulted(key, "is not a valid domain name: \"\(value.string ?? "")\"")
            return nil
        }
        return canonical
    }

    /// An enum value; unknown text keeps the raw value with the safe default case.
    public mutating func enumeration<Value: LenientEnum>(_ key: StaticString, default fallback: Value) -> Lenient<Value> {
        guard let value = optional(key) else { return Lenient(fallback) }
        if value.isPlainString, let known = value.withRawBytes(Lenient<Value>.knownCase(utf8:)) {
            return Lenient(known)
        }
        guard let raw = value.string else {
            defaulted(key, "must be a string, not \(value.kind)")
            return Lenient(fallback)
        }
        let lenient = Lenient<Value>(rawValue: raw)
        if !lenient.isKnown {
            issues.append(DecodingIssue(
                kind: .unknownEnumValue, path: ".\(key)",
                message: "unknown value \"\(raw)\" is treated as \"\(lenient.value.rawValue)\" and kept as written"))
        }
        return lenient
    }

    /// The elements of an optional array field; a non-array value is reported and read as empty.
    public mutating func array(_ key: StaticString) -> JSONElements? {
        guard let value = optional(key) else { return nil }
        guard value.kind == .array else {
            defaulted(key, "must be an array, not \(value.kind)")
            return nil
        }
        return value.elements
    }

    /// An optional nested object, decoded leniently; a malformed one is dropped and reported.
    public mutating func optionalRecord<Record: JSONRecord>(_ key: StaticString, as type: Record.Type = Record.self) -> Record? {
        guard let value = optional(key) else { return nil }
        do {
            let (record, nested) = try Record.decode(value)
            issues.append(contentsOf: nested.map { $0.prefixed(by: ".\(key)") })
            return record
        } catch {
            issues.append(DecodingIssue(kind: .defaultedField, path: ".\(key)" + error.path,
                                        message: "\(error.problem); the field was dropped"))
            return nil
        }
    }
}
