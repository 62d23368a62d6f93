extension JSONParser {
    @inline(__always)
    func isDigit(_ offset: Int) -> Bool {
        offset < end && base[offset] &- UInt8(ascii: "0") < 10
    }

    /// Checks the RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// The tape flag marks integers (no fraction, no exponent) so they convert without `strtod`.
    mutating func parseNumber() throws(JSONParseError) {
        let start = position
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else {
            throw error(position < end ? .invalidNumber("a digit must follow '-'") : .unexpectedEnd)
        }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw error(.invalidNumber("leading zeros are not allowed")) }
        } else {
            while isDigit(position) { position += 1 }
        }
        var isInteger = true
        if position < end && base[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard isDigit(position) else {
                throw error(position < end ? .invalidNumber("a digit must follow '.'") : .unexpectedEnd)
            }
            while isDigit(position) { position += 1 }
        }
        if position < end && (base[position] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < end && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard isDigit(position) else {
                throw error(position < end ? .invalidNumber("the exponent needs digits") : .unexpectedEnd)
            }
            while isDigit(position) { position += 1 }
        }
        tape.append(
            JSONNode(kind: .number, flag: isInteger, start: start, length: position - start, next: tape.count + 1))
    }
}
