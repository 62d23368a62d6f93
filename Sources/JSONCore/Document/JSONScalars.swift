/// Conversions of a scalar's raw text, shared by `JSONValue` and `JSONView`.
enum JSONScalars {
    /// A string's text from the bytes between its quotes.
    @inline(__always)
    static func string(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        escaped ? JSONValue.unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// A number as an `Int` when integral and in range (`3`, `3.0`, `3e2`).
    static func int(_ raw: UnsafeBufferPointer<UInt8>, isIntegerLiteral: Bool) -> Int? {
        guard isIntegerLiteral else {
            // `Int(exactly:)` takes every integral value in range, up to the last one below 2^63.
            guard let double = Double(String(decoding: raw, as: UTF8.self)) else { return nil }
            return Int(exactly: double)
        }
        var index = 0
        let negative = raw[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value = 0
        while index < raw.count {
            let digit = Int(raw[index] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// A number as the nearest `Double`.
    static func double(_ raw: UnsafeBufferPointer<UInt8>, isIntegerLiteral: Bool) -> Double? {
        if isIntegerLiteral, let int = int(raw, isIntegerLiteral: true) {
            // `Double(0)` has no sign; `-0` must read as strtod reads it, like `-0.0`.
            return int == 0 && raw[0] == UInt8(ascii: "-") ? -0.0 : Double(int)
        }
        return Double(String(decoding: raw, as: UTF8.self))
    }
}
