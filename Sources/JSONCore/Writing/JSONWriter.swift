/// Writes compact JSON into a byte buffer, fast and without Foundation.
///
/// The writer inserts commas itself: after `beginObject()`/`beginArray()` the next value
/// needs none, after any value or `end…()` the next one does, and a key consumes the
/// pending comma so its value doesn't repeat it. Keys are written in the order given, which
/// is what makes encoders' output canonical.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("domain"); writer.string("example.com")
///     writer.key("tags"); writer.beginArray(); writer.string("client"); writer.endArray()
///     writer.endObject()
///     // {"domain":"example.com","tags":["client"]}
public struct JSONWriter: Sendable {
    /// The text written so far, then room for more (zeroed, or text `rewind(to:)` gave back):
    /// `count` bytes are the text. Writes go through `write(_:_:)`, one uniqueness check per
    /// token and no per-byte bookkeeping, where `Array.append` checks capacity and uniqueness on
    /// every call — most tokens are a few bytes, and that bookkeeping cost more than the copying
    /// (Docs/performance.md).
    private var storage: [UInt8]
    /// Bytes of JSON text written.
    public private(set) var count = 0
    var needsComma = false

    /// Zeroed room added at a time beyond what a write needs. Only this much of the storage is
    /// touched ahead of the text: the capacity `Array` reserves beyond it stays untouched, and
    /// out of the process's memory, until the text reaches it.
    static let room = 4096

    /// Creates a writer.
    /// - Parameter capacity: bytes to reserve up front, to avoid regrowth for large output.
    public init(capacity: Int = 1024) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// A copy of the JSON text written so far; `takeBytes()` hands it over without copying.
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// Takes the written bytes without copying them, leaving the writer empty.
    public mutating func takeBytes() -> [UInt8] {
        storage.removeLast(storage.count - count)
        defer {
            storage = []
            count = 0
            needsComma = false
        }
        return storage
    }

    /// Empties the writer but keeps its storage.
    public mutating func removeAll() {
        count = 0
        needsComma = false
    }

    /// Where the writer stands: `rewind(to:)` goes back to it.
    public struct Mark: Sendable {
        fileprivate let count: Int
        fileprivate let needsComma: Bool
    }

    public var mark: Mark { Mark(count: count, needsComma: needsComma) }

    /// Forgets what was written since `mark` (text that turned out not to be wanted), keeping
    /// the storage; the bytes past the text are written over, not zeroed again.
    public mutating func rewind(to mark: Mark) {
        precondition(mark.count <= count, "a writer rewinds to a mark it has passed")
        count = mark.count
        needsComma = mark.needsComma
    }

    /// Appends `length` bytes, which `body` writes from the pointer it is given, valid only
    /// inside `body`; there is room for exactly `length` bytes, at least one.
    @inline(__always)
    mutating func write(_ length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if storage.count - count < length {
            storage.append(contentsOf: repeatElement(0, count: count + length - storage.count + Self.room))
        }
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in body(buffer.baseAddress! + start) }
        count += length
    }

    /// Appends `text`; a long one is appended to the text itself rather than copied over zeroes.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, !text.isEmpty else { return }
        guard text.count > Self.room else { return write(text.count) { $0.update(from: source, count: text.count) } }
        storage.removeLast(storage.count - count)
        storage.append(contentsOf: text)
        count = storage.count
    }

    mutating func append(_ byte: UInt8) {
        write(1) { $0.pointee = byte }
    }

    /// Appends the pending comma, if any, then `text` between quotes, in one write.
    mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, then suffix: UInt8? = nil) {
        let comma = needsComma ? 1 : 0
        let length = comma + text.count + 2 + (suffix == nil ? 0 : 1)
        write(length) { start in
            if comma == 1 { start.pointee = UInt8(ascii: ",") }
            var output = start + comma
            output.pointee = UInt8(ascii: "\"")
            output += 1
            if let source = text.baseAddress { output.update(from: source, count: text.count) }
            output += text.count
            output.pointee = UInt8(ascii: "\"")
            if let suffix { output[1] = suffix }
        }
    }

    mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    public mutating func endObject() { endContainer(UInt8(ascii: "}")) }

    public mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    public mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    private mutating func beginContainer(_ bracket: UInt8) {
        let comma = needsComma ? 1 : 0
        write(comma + 1) { start in
            if comma == 1 { start.pointee = UInt8(ascii: ",") }
            start[comma] = bracket
        }
        needsComma = false
    }

    private mutating func endContainer(_ bracket: UInt8) {
        append(bracket)
        needsComma = true
    }

    /// Writes an object key; the next call writes its value.
    /// - Parameter key: plain ASCII needing no escapes (every key backupctl writes).
    public mutating func key(_ key: StaticString) {
        appendQuoted(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), then: UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key given at run time whose UTF-8 needs no escaping (`plainString(_:)`).
    public mutating func plainKey(_ utf8: UnsafeBufferPointer<UInt8>) {
        appendQuoted(utf8, then: UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key given at run time, escaping it as needed.
    public mutating func key(_ key: String) {
        appendEscaped(key)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        appendEscaped(value)
        needsComma = true
    }

    /// Writes a string value whose UTF-8 needs no escaping (ASCII letters, digits,
    /// punctuation other than `"` and `\`), such as a formatted timestamp.
    public mutating func plainString(_ utf8: UnsafeBufferPointer<UInt8>) {
        appendQuoted(utf8)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    /// Writes a floating-point number; non-finite values, which JSON cannot express, as `null`.
    public mutating func double(_ value: Double) {
        separate()
        if !value.isFinite {
            append("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            appendDecimal(Int(value))
        } else {
            var text = value.description
            text.withUTF8 { append($0) }
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    /// Copies a parsed value's text verbatim — valid JSON by construction, and the fastest
    /// way to carry fields through unchanged (whitespace inside it is kept).
    public mutating func raw(_ value: JSONValue) {
        separate()
        let range = value.sourceRange
        value.document.source.withUnsafeBufferPointer { buffer in
            append(UnsafeBufferPointer(rebasing: buffer[range]))
        }
        needsComma = true
    }

    /// Copies JSON text the caller guarantees is one valid value (kept verbatim from a parsed
    /// document).
    public mutating func rawJSON(_ text: [UInt8]) {
        separate()
        text.withUnsafeBufferPointer { append($0) }
        needsComma = true
    }

    /// Re-writes a parsed value compactly and canonically: the same structure, field order
    /// and number text, strings re-escaped minimally.
    public mutating func value(_ value: JSONValue) {
        switch value.kind {
        case .object:
            beginObject()
            for field in value.fields {
                key(field.key)
                self.value(field.value)
            }
            endObject()
        case .array:
            beginArray()
            for element in value.elements { self.value(element) }
            endArray()
        case .string:
            string(value.string ?? "")
        case .number:
            separate()
            value.withRawBytes { append($0) }
            needsComma = true
        case .true: bool(true)
        case .false: bool(false)
        case .null: null()
        }
    }

    mutating func appendDecimal(_ value: Int) {
        var digits = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let sign = value < 0 ? 1 : 0
        var magnitude = value.magnitude
        write(sign + digits) { start in
            if sign == 1 { start.pointee = UInt8(ascii: "-") }
            var index = sign + digits
            repeat {
                index -= 1
                start[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while index > sign
        }
    }

    /// Appends a literal such as `null`.
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
