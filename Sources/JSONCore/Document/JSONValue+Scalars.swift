extension JSONValue {
    /// The decoded string, when the value is a string.
    public var string: String? { document.view.string(index) }

    /// The number's exact source text, when the value is a number.
    public var numberText: String? {
        guard node.kind == .number else { return nil }
        return withRawBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The number as an `Int`, when it is integral and fits: `3`, and also `3.0` or `3e2`, as
    /// JSON Schema counts integers.
    public var int: Int? { document.view.int(index) }

    /// The number as a `Double` (the nearest one; huge exponents give ±infinity).
    public var double: Double? { document.view.double(index) }

    /// Decodes the text between a string's quotes, escapes included. The parser has already
    /// checked every escape, so this only converts.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let code = raw[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexQuad(raw, at: index))
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = UInt32(hexQuad(raw, at: index + 2))
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                output.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: output.append(code) // '"', '\\' and '/' stand for themselves
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 { value = value << 4 | UInt16(hexValue(raw[index + offset]) ?? 0) }
        return value
    }
}
