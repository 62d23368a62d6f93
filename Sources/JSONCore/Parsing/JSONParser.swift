/// A strict RFC 8259 parser that records values on a flat tape.
///
/// It works on raw bytes with no per-value allocation, validates UTF-8 and escapes as it
/// goes, and bounds nesting so hostile input can neither exhaust the stack nor the heap
/// beyond one node per value. Strings and numbers are not converted here: the tape points at
/// their text, and `JSONValue` converts on demand.
struct JSONParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let buffer: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position: Int
    var tape: [JSONNode]

    init(buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, options: JSONParseOptions, tapeCapacity: Int) {
        // A non-empty buffer always has a base address; an empty one is rejected before
        // parsing, so this placeholder pointer is never read.
        self.base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.buffer = buffer
        self.end = range.upperBound
        self.position = range.lowerBound
        self.maxDepth = options.maxDepth
        self.tape = []
        tape.reserveCapacity(tapeCapacity)
    }

    func error(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(reason, at: offset ?? position, in: buffer)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = base[position]
            // Exactly the four whitespace bytes of RFC 8259.
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Parses exactly one document: a value surrounded by optional whitespace.
    mutating func parseDocument() throws(JSONParseError) {
        if end > Int(UInt32.max) { throw error(.tooLarge, at: 0) }
        skipWhitespace()
        if position >= end {
            throw error(tape.isEmpty && position == end ? .empty : .unexpectedEnd)
        }
        try parseValue(depth: 0)
        skipWhitespace()
        if position < end { throw error(.trailingContent) }
    }

    /// Parses one value starting at `position` (whitespace already skipped).
    mutating func parseValue(depth: Int) throws(JSONParseError) {
        guard position < end else { throw error(.unexpectedEnd) }
        switch base[position] {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case let byte: throw error(.unexpectedCharacter(byte, expected: "a value"))
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) {
        try parseContainer(.object, closer: UInt8(ascii: "}"), depth: depth)
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) {
        try parseContainer(.array, closer: UInt8(ascii: "]"), depth: depth)
    }

    /// Parses an object or an array: the two differ only in the key before each member and
    /// in the closing bracket, so one loop keeps their error reporting identical.
    @inline(__always)
    mutating func parseContainer(_ kind: JSONKind, closer: UInt8, depth: Int) throws(JSONParseError) {
        if depth > maxDepth { throw error(.tooDeep(limit: maxDepth)) }
        let nodeIndex = tape.count
        let start = position
        tape.append(JSONNode(kind: kind, flag: false, start: start, length: 0, next: 0))
        position += 1
        skipWhitespace()
        var count = 0
        if position < end && base[position] == closer {
            position += 1
        } else {
            repeat {
                if kind == .object { try parseKey() }
                try parseValue(depth: depth)
                count += 1
            } while try consumeSeparator(closer: closer)
        }
        tape[nodeIndex].length = UInt32(truncatingIfNeeded: position - start)
        tape[nodeIndex].next = UInt32(truncatingIfNeeded: tape.count)
        tape[nodeIndex].setCount(count)
    }

    /// Parses an object member's key and the `:` after it, leaving `position` at the value.
    @inline(__always)
    mutating func parseKey() throws(JSONParseError) {
        guard position < end else { throw error(.unexpectedEnd) }
        guard base[position] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter(base[position], expected: "a string key"))
        }
        try parseString()
        skipWhitespace()
        guard position < end else { throw error(.unexpectedEnd) }
        guard base[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter(base[position], expected: "':' after the key"))
        }
        position += 1
        skipWhitespace()
    }

    /// Consumes what follows a member of an object or array: a comma, after which another
    /// member follows (returns `true`), or the closing bracket (returns `false`).
    @inline(__always)
    mutating func consumeSeparator(closer: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < end else { throw error(.unexpectedEnd) }
        let byte = base[position]
        position += 1
        if byte == UInt8(ascii: ",") {
            skipWhitespace()
            return true
        }
        if byte == closer { return false }
        throw separatorError(byte, closer: closer)
    }

    /// Out of line, so that building the message costs the hot loop nothing.
    @inline(never)
    func separatorError(_ byte: UInt8, closer: UInt8) -> JSONParseError {
        error(.unexpectedCharacter(byte, expected: "',' or '\(Character(Unicode.Scalar(closer)))'"), at: position - 1)
    }

    mutating func parseLiteral(_ text: StaticString, kind: JSONKind) throws(JSONParseError) {
        let length = text.utf8CodeUnitCount
        guard position + length <= end else {
            // A prefix of the literal followed by the end is incomplete; anything else is wrong.
            var index = 0
            while position + index < end {
                if base[position + index] != text.utf8Start[index] { throw error(.invalidLiteral) }
                index += 1
            }
            throw error(.unexpectedEnd, at: end)
        }
        for index in 0..<length where base[position + index] != text.utf8Start[index] {
            throw error(.invalidLiteral)
        }
        tape.append(JSONNode(kind: kind, flag: false, start: position, length: length, next: tape.count + 1))
        position += length
    }
}
