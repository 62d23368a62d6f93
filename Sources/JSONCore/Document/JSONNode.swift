/// One entry of a parsed document's tape: a value, in document order, with a skip pointer.
///
/// The tape is a flat array so a parsed document costs one allocation and no reference
/// counting per value. Containers are followed by their children; an object's children
/// alternate key, value. Offsets are 32-bit: a document is limited to 4 GiB.
@usableFromInline
struct JSONNode: Sendable {
    /// Kind in bits 0–2, a flag in bit 3, the container's element count in bits 4–31
    /// (saturating; a saturated count is recounted by walking the children).
    @usableFromInline var kindBits: UInt32
    /// Byte offset of the value's text in the source; for strings, the byte after the quote.
    @usableFromInline var start: UInt32
    /// Byte length of the value's text; for strings, the bytes between the quotes.
    @usableFromInline var length: UInt32
    /// Tape index just past this value and all its children.
    @usableFromInline var next: UInt32

    @usableFromInline static let flagBit: UInt32 = 0b1000
    @usableFromInline static let countShift: UInt32 = 4
    @usableFromInline static let maxStoredCount: UInt32 = (1 << 28) - 1

    @inlinable
    init(kind: JSONKind, flag: Bool, start: Int, length: Int, next: Int) {
        kindBits = UInt32(kind.rawValue) | (flag ? JSONNode.flagBit : 0)
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: length)
        self.next = UInt32(truncatingIfNeeded: next)
    }

    @inlinable var kind: JSONKind { JSONKind(rawValue: UInt8(kindBits & 0b111))! }
    @inlinable var flag: Bool { kindBits & JSONNode.flagBit != 0 }
    @inlinable var storedCount: UInt32 { kindBits >> JSONNode.countShift }

    @inlinable
    mutating func setCount(_ count: Int) {
        let stored = UInt32(min(count, Int(JSONNode.maxStoredCount)))
        kindBits = (kindBits & 0b1111) | (stored << JSONNode.countShift)
    }
}

/// The type of a JSON value.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    case object = 0
    case array = 1
    case string = 2
    case number = 3
    case `true` = 4
    case `false` = 5
    case null = 6

    /// The name JSON Schema uses for the kind (`boolean` for both literals).
    public var description: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .true, .false: "boolean"
        case .null: "null"
        }
    }
}
