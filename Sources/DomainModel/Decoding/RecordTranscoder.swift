import Foundation
import JSONCore

/// Writes a record's canonical JSON straight from the parser's tape, field by field, without
/// building the record — for the records decoding would take exactly as they are, which are
/// most of a store's.
///
/// Each call writes one field as `encode(to:)` writes what `init(from:)` reads from it: a
/// default for an absent or null field, a domain in canonical form, a timestamp in UTC, a plain
/// string's bytes as they stand. It returns false at anything decoding would work around or
/// report — a missing required field, a value of the wrong type or out of range, an unknown
/// enum value, an element a list would leave out — and `foundAll` is false when the object
/// holds a field the record does not read (an unknown or a repeated key), which only decoding
/// keeps. Given false, the caller rewinds its writer and decodes the record instead
/// (`CanonicalArrayBuilder.appendTranscoding(_:)`), so what is written is always the text
/// decoding then encoding gives. RecordCodegen writes each record's `transcode` from its
/// declaration, in declaration order, the order its encoder writes:
///
///     guard var fields = RecordTranscoder(view, at: index, checking: checking) else { return false }
///     writer.beginObject()
///     guard fields.id("id", required: true, &writer), fields.date("capturedAt", required: true, &writer)
///     else { return false }
///     writer.endObject()
///     return fields.foundAll
public struct RecordTranscoder {
    let view: JSONView
    let index: Int
    /// Whether to give up also at what decoding takes but validation's decoding notices
    /// (`RecordReader.isClean`): a name not in canonical form, a date outside
    /// `Timestamp.plausibleRange`, a key repeated in a map. A record transcoded `checking` is
    /// one decoding would find clean, valid without a schema walk.
    let checking: Bool
    /// The object's fields asked for and found, null or not.
    private var found = 0

    /// A transcoder for the value at `index`; nil when it is not an object.
    public init?(_ view: JSONView, at index: Int, checking: Bool) {
        guard view.kind(index) == .object else { return nil }
        self.view = view
        self.index = index
        self.checking = checking
    }

    /// Whether every field of the object was asked for: as many were found as it holds. The
    /// generator refuses a declaration naming a key twice, so each one found is another field.
    public var foundAll: Bool { view.count(index) == found }

    /// The field's tape index when present and not null, as `RecordReader.slot` reads it.
    mutating func slot(_ key: StaticString) -> Int? {
        guard let field = view.field(index, key) else { return nil }
        found += 1
        return view.isNull(field) ? nil : field
    }

    /// A record id, lower case.
    public mutating func id(_ key: StaticString, required: Bool, _ writer: inout JSONWriter) -> Bool {
        var id: UUID?
        return self.id(key, required: required, &writer, naturalKey: &id)
    }

    /// `id(_:required:_:)`, setting `naturalKey` to the id written (a record's natural key,
    /// read once for the text and the key).
    public mutating func id(
        _ key: StaticString, required: Bool, _ writer: inout JSONWriter, naturalKey: inout UUID?
    ) -> Bool {
        guard let field = slot(key) else { return !required }
        guard let id = RecordReader.uuid(view, field) else { return false }
        writer.field(key, id)
        naturalKey = id
        return true
    }

    /// A domain name, or with `ownerName` a DNS owner name, in canonical form.
    public mutating func domain(
        _ key: StaticString, required: Bool, ownerName: Bool = false, _ writer: inout JSONWriter
    ) -> Bool {
        var name: String?
        return domain(key, required: required, ownerName: ownerName, &writer, naturalKey: &name)
    }

    /// `domain(_:required:ownerName:_:)`, setting `naturalKey` to the name written.
    public mutating func domain(
        _ key: StaticString, required: Bool, ownerName: Bool = false, _ writer: inout JSONWriter,
        naturalKey: inout String?
    ) -> Bool {
        guard let field = slot(key) else { return !required }
        guard view.isPlainString(field) else { return false }
        return view.withRawBytes(field) { raw in
            switch DomainName.check(utf8: raw, ownerName: ownerName) {
            case .canonical:
                writer.key(key)
                writer.plainString(raw)
                naturalKey = String(decoding: raw, as: UTF8.self)
            case .nonCanonical(let name) where !checking:
                writer.field(key, name)
                naturalKey = name
            case .nonCanonical, .invalid: return false
            }
            return true
        }
    }

    /// A timestamp, in UTC.
    public mutating func date(_ key: StaticString, required: Bool, _ writer: inout JSONWriter) -> Bool {
        guard let field = slot(key) else { return !required }
        guard let date = RecordReader.date(view, field), !checking || Timestamp.plausibleRange.contains(date) else {
            return false
        }
        writer.field(key, date)
        return true
    }

    /// A string; `nonEmpty`, one that is not blank; `fallback` written for an absent one.
    public mutating func string(
        _ key: StaticString, required: Bool, nonEmpty: Bool = false, default fallback: String? = nil,
        _ writer: inout JSONWriter
    ) -> Bool {
        guard let field = slot(key) else {
            writer.field(key, fallback)
            return !required
        }
        guard view.kind(field) == .string else { return false }
        writer.key(key)
        return RecordTranscoder.string(view, field, nonEmpty: nonEmpty, &writer)
    }

    /// The string at `field`: a plain one's bytes as they stand, one with escapes decoded and
    /// written again as the encoder escapes it.
    static func string(_ view: JSONView, _ field: Int, nonEmpty: Bool = false, _ writer: inout JSONWriter) -> Bool {
        if view.isPlainString(field), !nonEmpty {
            view.withRawBytes(field) { writer.plainString($0) }
            return true
        }
        guard let string = view.string(field), !nonEmpty || !WhiteSpace.isBlank(string) else { return false }
        writer.string(string)
        return true
    }

    /// An integer within `range`; `fallback` written for an absent one.
    public mutating func int(
        _ key: StaticString, in range: ClosedRange<Int>, required: Bool, default fallback: Int? = nil,
        _ writer: inout JSONWriter
    ) -> Bool {
        guard let field = slot(key) else {
            writer.field(key, fallback)
            return !required
        }
        guard let int = view.int(field), range.contains(int) else { return false }
        writer.field(key, int)
        return true
    }

    /// A Boolean; `fallback` written for an absent one.
    public mutating func bool(_ key: StaticString, default fallback: Bool, _ writer: inout JSONWriter) -> Bool {
        guard let field = slot(key) else {
            writer.field(key, fallback)
            return true
        }
        guard let bool = view.bool(field) else { return false }
        writer.field(key, bool)
        return true
    }

    /// A known value of `Value`, written unescaped; `fallback` written for an absent one.
    public mutating func enumeration<Value: LenientEnum>(
        _ key: StaticString, as type: Value.Type, default fallback: Value, _ writer: inout JSONWriter
    ) -> Bool {
        guard let field = slot(key) else {
            writer.field(key, Lenient(fallback))
            return true
        }
        guard view.isPlainString(field), view.withRawBytes(field, Lenient<Value>.knownCase(utf8:)) != nil else {
            return false
        }
        writer.key(key)
        return RecordTranscoder.string(view, field, &writer)
    }

    /// A nested record (`JSONRecord.transcode`).
    public mutating func record<Record: JSONRecord>(
        _ key: StaticString, as type: Record.Type, required: Bool, _ writer: inout JSONWriter
    ) -> Bool {
        guard let field = slot(key) else { return !required }
        writer.key(key)
        return Record.transcode(view, at: field, checking: checking, into: &writer)
    }
}
