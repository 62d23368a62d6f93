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
/// It reads the tape by index through a `JSONView` of the document, so decoding a field makes
/// no `JSONValue` — records are decoded by the hundred thousand.
///
///     init(from reader: inout RecordReader) throws(RecordDecodingError) {
///         id = try reader.requiredID("id")
///         notes = reader.string("notes", default: "")
///     }
public struct RecordReader {
    let view: JSONView
    let index: Int
    /// What was worked around so far, with paths relative to the record.
    public internal(set) var issues: [DecodingIssue] = []
    /// The positions among the object's fields of those asked for and found (null or not).
    /// What was not asked for is an unknown field.
    private var known = PositionSet()
    /// Whether the reader notices what the schema reports though decoding takes it as it is
    /// (`isClean`): only when validating, as it costs time every other decoding would pay.
    let checking: Bool
    /// Whether, `checking`, something was read that the schema reports though decoding took
    /// it as it is: a name not in canonical form, a date outside `Timestamp.plausibleRange`, a
    /// nested record that is not clean, a list its normaliser or reader shortened, a repeated
    /// key in a map.
    var noticed = false

    init(_ view: JSONView, at index: Int, checking: Bool) throws(RecordDecodingError) {
        self.view = view
        self.index = index
        self.checking = checking
        guard view.kind(index) == .object else {
            throw RecordDecodingError(path: "", problem: "must be an object, not \(view.kind(index))")
        }
    }

    /// The tape index of a field present and not null. Every field a record reads is asked
    /// for here, which is how the fields it does not read are told apart (`unknownFields()`).
    mutating func slot(_ key: StaticString) -> Int? {
        var position = 0
        guard let field = view.field(index, key, position: &position) else { return nil }
        known.insert(position)
        return view.isNull(field) ? nil : field
    }

    /// Whether, `checking`, decoding met nothing the schema would report: no issue, no field
    /// the record did not ask for (an unknown or a repeated key), nothing `noticed`. A clean
    /// record is valid without a schema walk (`BackupValidationSession`); anything else may
    /// still be, and is walked for its findings. Never true when not `checking`.
    public var isClean: Bool {
        checking && issues.isEmpty && !noticed && view.count(index) == known.count
    }

    /// The fields of the object the record did not ask for, in order, their values' text
    /// verbatim; a repeated key counts once, its first occurrence.
    ///
    /// The common case — every field known — costs one comparison: the object's field count
    /// against the number of fields found.
    public func unknownFields() -> UnknownFields {
        guard view.count(index) > known.count else { return UnknownFields() }
        var kept: [UnknownFields.Field] = []
        var seen = Set<String>()
        var position = 0
        view.forEachField(index) { key, escaped, value in
            defer { position += 1 }
            let name = escaped ? (view.string(value - 1) ?? "") : String(decoding: key, as: UTF8.self)
            // The first field of a name is the one a record reads: a repeat of it is not kept.
            guard seen.insert(name).inserted else { return }
            if !known.contains(position) { kept.append(UnknownFields.Field(name: name, json: Array(view.text(value)))) }
        }
        return UnknownFields(kept)
    }

    // MARK: Required fields

    mutating func requiredSlot(_ key: StaticString) throws(RecordDecodingError) -> Int {
        guard let field = slot(key) else { throw RecordDecodingError(path: ".\(key)", problem: "is missing") }
        return field
    }

    public mutating func requiredString(_ key: StaticString) throws(RecordDecodingError) -> String {
        let field = try requiredSlot(key)
        guard let string = view.string(field) else { throw wrongType(key, "a string", field) }
        return string
    }

    /// A required string that must not be blank: empty or only white space (`WhiteSpace`).
    public mutating func requiredNonEmptyString(_ key: StaticString) throws(RecordDecodingError) -> String {
        let string = try requiredString(key)
        guard !WhiteSpace.isBlank(string) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must not be empty")
        }
        return string
    }

    public mutating func requiredID(_ key: StaticString) throws(RecordDecodingError) -> UUID {
        try requiredString(key, as: "a UUID", example: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", RecordReader.uuid)
    }

    public mutating func requiredDate(_ key: StaticString) throws(RecordDecodingError) -> Date {
        noticing(
            try requiredString(key, as: "an ISO 8601 timestamp", example: "2026-11-30T04:42:22Z", RecordReader.date))
    }

    /// `date`, noticed when outside the plausible range.
    @inline(__always)
    mutating func noticing(_ date: Date) -> Date {
        if checking, !Timestamp.plausibleRange.contains(date) { noticed = true }
        return date
    }

    /// A required string field converted by `parse`.
    /// - Parameters:
    ///   - expected: what the text must spell, with its article (`a UUID`), for messages.
    ///   - example: a valid value, which the message shows.
    @inline(__always)
    private mutating func requiredString<Value>(
        _ key: StaticString, as expected: String, example: String, _ parse: (JSONView, Int) -> Value?
    ) throws(RecordDecodingError) -> Value {
        let field = try requiredSlot(key)
        guard view.kind(field) == .string else { throw wrongType(key, "\(expected) string", field) }
        guard let value = parse(view, field) else {
            throw RecordDecodingError(path: ".\(key)", problem: "must be \(expected) such as \(example)")
        }
        return value
    }

    /// A required domain name, returned in canonical form.
    public mutating func requiredDomain(_ key: StaticString) throws(RecordDecodingError) -> String {
        try requiredName(key, ownerName: false)
    }

    /// A required DNS owner name (host syntax plus `_service` labels and a leading `*`),
    /// returned in canonical form.
    public mutating func requiredOwnerName(_ key: StaticString) throws(RecordDecodingError) -> String {
        try requiredName(key, ownerName: true)
    }

    private mutating func requiredName(_ key: StaticString, ownerName: Bool) throws(RecordDecodingError) -> String {
        let field = try requiredSlot(key)
        guard view.kind(field) == .string else { throw wrongType(key, "a string", field) }
        if let name = name(field, ownerName: ownerName) { return name }
        let kind = ownerName ? "DNS owner name" : "domain name"
        throw RecordDecodingError(path: ".\(key)", problem: "is not a valid \(kind): \"\(view.string(field) ?? "")\"")
    }

    /// A required integer within `range`.
    public mutating func requiredInt(_ key: StaticString, in range: ClosedRange<Int>) throws(RecordDecodingError) -> Int
    {
        let field = try requiredSlot(key)
        guard let int = view.int(field) else { throw wrongType(key, "an integer", field) }
        guard range.contains(int) else {
            throw RecordDecodingError(
                path: ".\(key)", problem: "must be between \(range.lowerBound) and \(range.upperBound), not \(int)")
        }
        return int
    }

    /// A required nested record; what its decoding worked around is reported under `key`.
    public mutating func requiredRecord<Record: JSONRecord>(_ key: StaticString, as type: Record.Type = Record.self)
        throws(RecordDecodingError) -> Record
    {
        let field = try requiredSlot(key)
        do {
            return nested(try Record.decode(view, at: field, checking: checking), under: ".\(key)")
        } catch {
            throw error.prefixed(by: ".\(key)")
        }
    }

    /// A nested record, its issues reported under `path` and its cleanliness noticed.
    mutating func nested<Record>(_ decoded: consuming DecodedRecord<Record>, under path: @autoclosure () -> String)
        -> Record
    {
        if !decoded.issues.isEmpty {
            let prefix = path()
            issues.append(contentsOf: decoded.issues.map { $0.prefixed(by: prefix) })
        }
        if !decoded.isClean { noticed = true }
        return decoded.record
    }

    func wrongType(_ key: StaticString, _ expected: String, _ field: Int) -> RecordDecodingError {
        RecordDecodingError(path: ".\(key)", problem: "must be \(expected), not \(view.kind(field))")
    }

    // MARK: Conversions shared with collections

    // The raw text is parsed without decoding it first (the fast path); only when that fails
    // is the decoded string tried, because `\uXXXX` escapes spell the same text.

    static func uuid(_ view: JSONView, _ field: Int) -> UUID? {
        guard view.kind(field) == .string else { return nil }
        if let id = view.withRawBytes(field, RecordID.parse(utf8:)) { return id }
        return view.isPlainString(field) ? nil : view.string(field).flatMap(RecordID.parse)
    }

    static func date(_ view: JSONView, _ field: Int) -> Date? {
        guard view.kind(field) == .string else { return nil }
        if let date = view.withRawBytes(field, Timestamp.parse(utf8:)) { return date }
        return view.isPlainString(field) ? nil : view.string(field).flatMap(Timestamp.parse)
    }

    /// The canonical name the string at `field` holds, when valid; `checking`, one not
    /// written in canonical form is noticed.
    mutating func name(_ field: Int, ownerName: Bool = false) -> String? {
        if view.isPlainString(field) {
            return view.withRawBytes(field) { raw in
                if checking, !DomainName.isCanonicalForm(raw) { noticed = true }
                return DomainName.validCanonical(utf8: raw, ownerName: ownerName)
            }
        }
        guard let text = view.string(field), let name = DomainName.validCanonical(text, ownerName: ownerName) else {
            return nil
        }
        if checking, name != text { noticed = true }
        return name
    }
}
