extension JSONParser {
    /// Scans a string, validating escapes and UTF-8; records its raw text on the tape with a
    /// flag when it holds escapes (so unescaped strings convert with a plain copy).
    mutating func parseString() throws(JSONParseError) {
        position += 1 // the opening quote
        let start = position
        var hasEscapes = false
        while true {
            skipPlainBytes()
            guard position < end else { throw error(.unexpectedEnd) }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try parseEscape()
            } else if byte < 0x20 {
                throw error(.controlCharacterInString)
            } else {
                try validateMultibyteSequence()
            }
        }
        tape.append(
            JSONNode(kind: .string, flag: hasEscapes, start: start, length: position - start, next: tape.count + 1))
        position += 1 // the closing quote
    }

    /// Advances over ASCII bytes that need no attention, eight at a time.
    @inline(__always)
    mutating func skipPlainBytes() {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while position + 8 <= end {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            // A byte is interesting when it is >= 0x80, < 0x20, '"' or '\'. The classic
            // "has zero byte" test flags the lowest such byte exactly, which is all we use.
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let interesting =
                (word & high)
                | ((word &- ones &* 0x20) & ~word & high)
                | ((quote &- ones) & ~quote & high)
                | ((backslash &- ones) & ~backslash & high)
            if interesting != 0 {
                position += interesting.trailingZeroBitCount >> 3
                return
            }
            position += 8
        }
        while position < end {
            let byte = base[position]
            if byte >= 0x80 || byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return }
            position += 1
        }
    }

    /// Validates one UTF-8 sequence of two to four bytes (Unicode 15, table 3-7): no overlong
    /// forms, no surrogates, nothing above U+10FFFF.
    mutating func validateMultibyteSequence() throws(JSONParseError) {
        let lead = base[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw error(.invalidUTF8)
        }
        guard position + length <= end else { throw error(.invalidUTF8) }
        let second = base[position + 1]
        guard second >= low && second <= high else { throw error(.invalidUTF8) }
        var index = 2
        while index < length {
            guard base[position + index] & 0xC0 == 0x80 else { throw error(.invalidUTF8) }
            index += 1
        }
        position += length
    }

    /// Validates one escape sequence; `\u` surrogates must come as a proper pair.
    mutating func parseEscape() throws(JSONParseError) {
        position += 1
        guard position < end else { throw error(.unexpectedEnd) }
        switch base[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad(at: position + 1)
            position += 5
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard position + 1 < end, base[position] == UInt8(ascii: "\\"), base[position + 1] == UInt8(ascii: "u")
                else {
                    throw error(.invalidUnicodeEscape("a high surrogate must be followed by a \\u low surrogate"))
                }
                let second = try parseHexQuad(at: position + 2)
                guard second >= 0xDC00 && second <= 0xDFFF else {
                    throw error(.invalidUnicodeEscape("a high surrogate must be followed by a low surrogate"))
                }
                position += 6
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(.invalidUnicodeEscape("a low surrogate without a high surrogate"))
            }
        default:
            throw error(.invalidEscape)
        }
    }

    func parseHexQuad(at offset: Int) throws(JSONParseError) -> UInt16 {
        guard offset + 4 <= end else { throw error(.unexpectedEnd, at: end) }
        var value: UInt16 = 0
        for index in 0..<4 {
            guard let digit = hexValue(base[offset + index]) else {
                throw error(.invalidUnicodeEscape("expected four hexadecimal digits"), at: offset + index)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
