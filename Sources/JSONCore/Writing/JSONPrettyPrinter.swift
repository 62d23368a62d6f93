/// Indents compact JSON for people: two spaces per level, one value per line, empty
/// containers kept as `{}` and `[]`. The input must be valid JSON (as `JSONWriter` makes).
public enum JSONPrettyPrinter {
    /// The indented text, ending with a newline.
    public static func indent(_ compact: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(compact.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline() {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < compact.count {
            let byte = compact[index]
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                let next = index + 1 < compact.count ? compact[index + 1] : 0
                if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") {
                    output.append(next)
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                output.append(byte)
            }
            index += 1
        }
        output.append(0x0A)
        return output
    }
}
