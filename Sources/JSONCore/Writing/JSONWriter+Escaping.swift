extension JSONWriter {
    /// Appends the pending comma, if any, and `text` as a quoted JSON string: `"` and `\`
    /// escaped, control characters as their short escape or `\u00XX`, everything else
    /// (non-ASCII included) as UTF-8. A string with nothing to escape is one write.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var index = JSONWriter.firstByteNeedingEscape(utf8, from: 0)
            guard index < utf8.count else { return appendQuoted(utf8) }
            separate()
            append(UInt8(ascii: "\""))
            var runStart = 0
            while index < utf8.count {
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: utf8[index])
                runStart = index + 1
                index = JSONWriter.firstByteNeedingEscape(utf8, from: runStart)
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
            append(UInt8(ascii: "\""))
        }
    }

    /// The position of the first byte from `start` that must be escaped, or `count`.
    @inline(__always)
    static func firstByteNeedingEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = utf8.count
        guard let base = utf8.baseAddress else { return count }
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self).littleEndian
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // Bytes >= 0x80 are fine (UTF-8 is written as is); mask them out of the "< 0x20" test.
            let control = (word &- ones &* 0x20) & ~word & high
            let special = control | ((quote &- ones) & ~quote & high) | ((backslash &- ones) & ~backslash & high)
            if special != 0 { return index + special.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return count
    }

    mutating func appendEscape(for byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            append("u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
