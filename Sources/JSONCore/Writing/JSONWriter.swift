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
    /// The JSON text written so far.
    public internal(set) var bytes: [UInt8]
    var needsComma = false

    /// Creates a writer.
    /// - Parameter capacity: bytes to reserve up front, to avoid regrowth for large output.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Takes the written bytes, leaving the writer empty and ready for another document.
    public mutating func takeBytes() -> [UInt8] {
        let result = bytes
        bytes = []
        bytes.reserveCapacity(result.count)
        needsComma = false
        return result
    }

    /// Empties the buffer but keeps its capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Opens an object.
    public mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    public mutating func endObject() { endContainer(UInt8(ascii: "}")) }

    /// Opens an array.
    public mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    public mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    private mutating func beginContainer(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func endContainer(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    /// Writes an object key; the next call writes its value.
    /// - Parameter key: plain ASCII needing no escapes (every key backupctl writes).
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key given at run time, escaping it as needed.
    public mutating func key(_ key: String) {
        separate()
        appendEscaped(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    /// Writes a string value whose UTF-8 needs no escaping (ASCII letters, digits,
    /// punctuation other than `"` and `\`), such as a formatted timestamp.
    public mutating func plainString(_ utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    /// Writes a floating-point number; non-finite values, which JSON cannot express, as `null`.
    public mutating func double(_ value: Double) {
        separate()
        if !value.isFinite {
            bytes.append(contentsOf: "null".utf8)
        } else if value == value.rounded(), abs(value) < 1e15 {
            appendDecimal(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Copies a parsed value's text verbatim — valid JSON by construction, and the fastest
    /// way to carry fields through unchanged (whitespace inside it is kept).
    public mutating func raw(_ value: JSONValue) {
        separate()
        let range = value.sourceRange
        value.document.source.withUnsafeBufferPointer { buffer in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
        }
        needsComma = true
    }

    /// Copies JSON text the caller guarantees is one valid value (kept verbatim from a parsed
    /// document).
    public mutating func rawJSON(_ text: [UInt8]) {
        separate()
        bytes.append(contentsOf: text)
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
            value.withRawBytes { bytes.append(contentsOf: $0) }
            needsComma = true
        case .true: bool(true)
        case .false: bool(false)
        case .null: null()
        }
    }

    mutating func appendDecimal(_ value: Int) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            while magnitude > 0 {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }
}
