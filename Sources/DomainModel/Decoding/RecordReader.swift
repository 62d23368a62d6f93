import Foundation
import JSONCore

/// Reads one JSON object into a record, leniently, collecting what it worked around.
///
/// Required fields throw `RecordDecodingError` (the record is then skipped by its
/// collection); optional fields that are missing or `null` take their default silently;
/// optional fields of the wrong type or out of range take their default and leave a
/// `DecodingIssue`; unknown enum values keep their text (see `Lenient`). Paths in issues are
/// relative to the record (`.registration.expiresAt`); collections prefix them.
///
///     init(from reader: inout RecordReader) throws(RecordDecodingError) {
///         id = try reader.requiredID("id")
///         notes = reader.string("notes", default: "")
///     }
public struct RecordReader {
    /// The object being read.
    public let object: JSONValue
    /// What was worked around so far, with paths relative to the record.
    public internal(set) var issues: [DecodingIssue] = []

    /// Starts reading `value`, which must be an object.
    /// - Throws: `RecordDecodingError` when `value` is not an object.
    public init(_ value: JSONValue) throws(RecordDecodingError) {
        guard value.kind == .object else {
            throw RecordDecodingError(path: "", problem: "must be an object, not \(value.kind)")
        }
        object = value
    }

    // MARK: Required fields

    /// The field's value, which must be present and not null.
    public func required(_ key: StaticString) throws(RecordDecodingError) -> JSONValue {
        guard let value = object[key], !value.isNull else {
            throw RecordDecodingError(path: ".\(key)", problem: "is missing")
        }
        return value
    }

    /// A required string.
    public func requiredString(_ key: StaticString) throws(RecordDecodingError) -> String {
        let value = try required(key)
        guard let string = value.string else { throw wrongType(key, "a string", value) }
        return string
    }

    /// A required string that must not be empty after trimming.
    public func requiredNonEmptyString(_ key: StaticString) throws(RecordDecodingError) -> String {
        let string = try requiredString(key)
        guard !string.allSatisfy(\.isWhitespace) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must not be empty")
        }
        return string
    }

    /// A required UUID.
    public func requiredID(_ key: StaticString) throws(RecordDecodingError) -> UUID {
        let value = try required(key)
        guard value.kind == .string else { throw wrongType(key, "a UUID string", value) }
        guard let id = RecordReader.uuid(value) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must be a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        }
        return id
    }

    /// A required timestamp.
    public func requiredDate(_ key: StaticString) throws(RecordDecodingError) -> Date {
        let value = try required(key)
        guard value.kind == .string else { throw wrongType(key, "an ISO 8601 timestamp string", value) }
        guard let date = RecordReader.date(value) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must be an ISO 8601 timestamp such as 2026-11-30T04:42:22Z")
        }
        return date
    }

    /// A required domain name, returned in canonical form.
    public func requiredDomain(_ key: StaticString) throws(RecordDecodingError) -> String {
        try requiredName(key, ownerName: false)
    }

    /// A required DNS owner name (host syntax plus `_service` labels and a leading `*`),
    /// returned in canonical form.
    public func requiredOwnerName(_ key: StaticString) throws(RecordDecodingError) -> String {
        try requiredName(key, ownerName: true)
    }

    private func requiredName(_ key: StaticString, ownerName: Bool) throws(RecordDecodingError) -> String {
        let value = try required(key)
        guard value.kind == .string else { throw wrongType(key, "a string", value) }
        if let canonical = RecordReader.validName(value, ownerName: ownerName) { return canonical }
        let kind = ownerName ? "DNS owner name" : "domain name"
        throw RecordDecodingError(path: ".\(key)", problem: "is not a valid \(kind): \"\(value.string ?? "")\"")
    }

    /// The canonical name a string value holds, when valid.
    static func validName(_ value: JSONValue, ownerName: Bool = false) -> String? {
        if value.isPlainString {
            return value.withRawBytes { DomainName.validCanonical(utf8: $0, ownerName: ownerName) }
        }
        return value.string.flatMap { DomainName.validCanonical($0, ownerName: ownerName) }
    }

    /// A required integer within `range`.
    public func requiredInt(_ key: StaticString, in range: ClosedRange<Int>) throws(RecordDecodingError) -> Int {
        let value = try required(key)
        guard let int = value.int else { throw wrongType(key, "an integer", value) }
        guard range.contains(int) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must be between \(range.lowerBound) and \(range.upperBound), not \(int)")
        }
        return int
    }

    /// A required nested record.
    public func requiredRecord<Record: JSONRecord>(_ key: StaticString, as type: Record.Type = Record.self) throws(RecordDecodingError) -> (Record, [DecodingIssue]) {
        let value = try required(key)
        do {
            return try Record.decode(value)
        } catch {
            throw error.prefixed(by: ".\(key)")
        }
    }

    func wrongType(_ key: StaticString, _ expected: String, _ value: JSONValue) -> RecordDecodingError {
        RecordDecodingError(path: ".\(key)", problem: "must be \(expected), not \(value.kind)")
    }

    // MARK: Conversions shared with collections

    // The raw text is parsed without decoding it first (the fast path); only when that fails
    // is the decoded string tried, because `\uXXXX` escapes spell the same text.

    static func uuid(_ value: JSONValue) -> UUID? {
        guard value.kind == .string else { return nil }
        if let id = value.withRawBytes({ RecordID.parse(utf8: $0) }) { return id }
        return value.withRawBytes { $0.contains(UInt8(ascii: "\\")) } ? value.string.flatMap(RecordID.parse) : nil
    }

    static func date(_ value: JSONValue) -> Date? {
        guard value.kind == .string else { return nil }
        if let date = value.withRawBytes({ Timestamp.parse(utf8: $0) }) { return date }
        return value.withRawBytes { $0.contains(UInt8(ascii: "\\")) } ? value.string.flatMap(Timestamp.parse) : nil
    }
}
