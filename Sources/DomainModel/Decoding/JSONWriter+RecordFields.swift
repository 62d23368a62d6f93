import Foundation
import JSONCore

/// `field(_:_:)` for DomainModel's types, beside JSONCore's for JSON's own (strings, numbers,
/// booleans, string lists, nested objects): each in its canonical form, the optional variants
/// writing nothing for `nil`, which is how every record leaves out an absent field.
///
///     writer.field("id", id)                  // "id":"3f2504e0-…" (a UUID as a record id)
///     writer.field("addedAt", addedAt)        // "addedAt":"2026-11-30T04:42:22Z"
///     writer.field("expiresAt", expiresAt)    // nothing when nil
extension JSONWriter {
    /// A timestamp (`timestamp(_:)`).
    @inlinable public mutating func field(_ name: StaticString, _ value: Date) {
        key(name)
        timestamp(value)
    }

    /// A record id (`recordID(_:)`).
    @inlinable public mutating func field(_ name: StaticString, _ value: UUID) {
        key(name)
        recordID(value)
    }

    /// An enum value as its raw text.
    @inlinable public mutating func field<Value>(_ name: StaticString, _ value: Lenient<Value>) {
        key(name)
        string(value.rawValue)
    }

    /// Enum values as an array of their raw text.
    @inlinable public mutating func field<Value>(_ name: StaticString, _ values: [Lenient<Value>]) {
        key(name)
        beginArray()
        for value in values { string(value.rawValue) }
        endArray()
    }

    /// String pairs as an object.
    @inlinable public mutating func field(_ name: StaticString, _ pairs: [StringPair]) {
        key(name)
        beginObject()
        for pair in pairs {
            key(pair.name)
            string(pair.value)
        }
        endObject()
    }

    /// A nested record.
    @inlinable public mutating func field<Record: JSONRecord>(_ name: StaticString, _ record: Record) {
        key(name)
        record.encode(to: &self)
    }

    @inlinable public mutating func field<Record: JSONRecord>(_ name: StaticString, _ records: [Record]) {
        key(name)
        self.records(records)
    }

    // MARK: Optional fields: nothing is written for nil

    @inlinable public mutating func field(_ name: StaticString, _ value: Date?) {
        if let value { field(name, value) }
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: UUID?) {
        if let value { field(name, value) }
    }

    @inlinable public mutating func field<Record: JSONRecord>(_ name: StaticString, _ record: Record?) {
        if let record { field(name, record) }
    }
}

extension JSONWriter {
    /// Writes a list of records as an array.
    public mutating func records<Record: JSONRecord>(_ records: [Record]) {
        beginArray()
        for record in records { record.encode(to: &self) }
        endArray()
    }
}
