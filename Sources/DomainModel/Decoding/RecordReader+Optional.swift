import Foundation
import JSONCore

extension RecordReader {
    mutating func defaulted(_ key: StaticString, _ problem: String) {
        issues.append(
            DecodingIssue(kind: .defaultedField, path: ".\(key)", message: "\(problem); the default was used"))
    }

    public mutating func optionalString(_ key: StaticString) -> String? {
        guard let field = slot(key) else { return nil }
        guard let string = view.string(field) else {
            defaulted(key, "must be a string, not \(view.kind(field))")
            return nil
        }
        return string
    }

    public mutating func string(_ key: StaticString, default fallback: String) -> String {
        optionalString(key) ?? fallback
    }

    /// An optional integer within `range`.
    public mutating func optionalInt(_ key: StaticString, in range: ClosedRange<Int>) -> Int? {
        guard let field = slot(key) else { return nil }
        guard let int = view.int(field) else {
            let integerLiteral =
                view.kind(field) == .number
                && !view.withRawBytes(field) { raw in
                    raw.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
                }
            defaulted(
                key,
                "must be an integer, not \(integerLiteral ? "an integer out of range" : view.kind(field).description)")
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

    public mutating func bool(_ key: StaticString, default fallback: Bool) -> Bool {
        guard let field = slot(key) else { return fallback }
        guard let bool = view.bool(field) else {
            defaulted(key, "must be true or false, not \(view.kind(field))")
            return fallback
        }
        return bool
    }

    public mutating func optionalDate(_ key: StaticString) -> Date? {
        optionalString(key, as: "an ISO 8601 timestamp", RecordReader.date).map { noticing($0) }
    }

    public mutating func optionalID(_ key: StaticString) -> UUID? {
        optionalString(key, as: "a UUID", RecordReader.uuid)
    }

    /// An optional string field converted by `parse`; text that does not convert is reported.
    /// - Parameter expected: what the text must spell, with its article (`a UUID`), for messages.
    @inline(__always)
    private mutating func optionalString<Value>(
        _ key: StaticString, as expected: String, _ parse: (JSONView, Int) -> Value?
    ) -> Value? {
        guard let field = slot(key) else { return nil }
        guard let value = parse(view, field) else {
            defaulted(key, "must be \(expected)")
            return nil
        }
        return value
    }

    /// An optional domain name, in canonical form.
    public mutating func optionalDomain(_ key: StaticString) -> String? {
        guard let field = slot(key) else { return nil }
        guard view.kind(field) == .string else {
            defaulted(key, "must be a string, not \(view.kind(field))")
            return nil
        }
        guard let canonical = name(field) else {
            defaulted(key, "is not a valid domain name: \"\(view.string(field) ?? "")\"")
            return nil
        }
        return canonical
    }

    /// An enum value; unknown text keeps the raw value with the safe default case.
    public mutating func enumeration<Value: LenientEnum>(_ key: StaticString, default fallback: Value) -> Lenient<Value>
    {
        guard let field = slot(key) else { return Lenient(fallback) }
        if view.isPlainString(field), let known = view.withRawBytes(field, Lenient<Value>.knownCase(utf8:)) {
            return Lenient(known)
        }
        guard let raw = view.string(field) else {
            defaulted(key, "must be a string, not \(view.kind(field))")
            return Lenient(fallback)
        }
        let lenient = Lenient<Value>(rawValue: raw)
        if !lenient.isKnown {
            issues.append(
                DecodingIssue(
                    kind: .unknownEnumValue, path: ".\(key)",
                    message: "unknown value \"\(raw)\" is treated as \"\(lenient.value.rawValue)\" and kept as written")
            )
        }
        return lenient
    }

    /// The tape index of an array field; a non-array value is reported.
    mutating func arraySlot(_ key: StaticString) -> Int? {
        guard let field = slot(key) else { return nil }
        guard view.kind(field) == .array else {
            defaulted(key, "must be an array, not \(view.kind(field))")
            return nil
        }
        return field
    }

    /// An optional nested object, decoded leniently; a malformed one is dropped and reported.
    public mutating func optionalRecord<Record: JSONRecord>(_ key: StaticString, as type: Record.Type = Record.self)
        -> Record?
    {
        guard let field = slot(key) else { return nil }
        do {
            return nested(try Record.decode(view, at: field, checking: checking), under: ".\(key)")
        } catch {
            issues.append(
                DecodingIssue(
                    kind: .defaultedField, path: ".\(key)" + error.path,
                    message: "\(error.problem); the field was dropped"))
            return nil
        }
    }
}
