/// One call per object field: the key, then the value. Keys are `StaticString`s (plain ASCII,
/// written without escaping, as `key(_:)` takes them); a key known only at run time is written
/// with `key(_: String)` and the value's own call. DomainModel adds the overloads for its
/// types (timestamps, record ids, lenient enums, records). The optional variants write nothing
/// for `nil`, which is how backupctl leaves out an absent field.
///
///     writer.field("tool", tool)              // "tool":"backupctl 0.1.0"
///     writer.field("items") { writer in … }   // "items":{…}
///
/// Plain overloads, not a protocol, so each call is the two writer calls it replaces.
extension JSONWriter {
    /// Writes `{…}`, with the fields `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// `"name": {…}`, with the fields `body` writes.
    public mutating func field(_ name: StaticString, _ body: (inout JSONWriter) -> Void) {
        key(name)
        object(body)
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    /// A number (`double(_:)`: `null` when not finite).
    @inlinable public mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        double(value)
    }

    @inlinable public mutating func field(_ name: StaticString, _ values: [String]) {
        key(name)
        strings(values)
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: String?) {
        if let value { field(name, value) }
    }

    @inlinable public mutating func field(_ name: StaticString, _ value: Int?) {
        if let value { field(name, value) }
    }

    /// Writes a list of strings as an array.
    public mutating func strings(_ strings: [String]) {
        beginArray()
        for element in strings { string(element) }
        endArray()
    }
}
