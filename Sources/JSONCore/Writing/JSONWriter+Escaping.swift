extension JSONWriter {
    /// Appends `text` as a quoted JSON string: `"` and `\` escaped, control characters as
    /// their short escape or `\u00XX`, everything else (non-ASCII included) as UTF-8.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            let count = utf8.count
            while index < count {
                index = JSONWriter.firstByteNeedingEscape(utf8, from: index)
                guard index < count else { break }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                appendEscape(for: utf8[index])
                index += 1
                runStart = index
            }
            if runStart < count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
            }
            bytes.append(UInt8(ascii: "\""))
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
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        }
    }
}
