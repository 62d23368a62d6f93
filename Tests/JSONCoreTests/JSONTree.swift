import JSONCore
import TestSupport

/// A JSON value built by a test: rendered as text with chosen spacing and escapes, or written
/// with `JSONWriter`, then compared with what a reader made of it.
indirect enum JSONTree: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number given by its exact JSON text, such as `-0.5E+3`.
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])

    /// What the generator may produce.
    struct Shape {
        /// `.int`/`.double` (for writers) rather than `.number` text (for parsers).
        var nativeNumbers = false
        /// Whether `.double` values may appear (their text is the writer's own choice).
        var doubles = true
        /// Whether an object's keys are all different (Python's `dumps` needs that).
        var uniqueKeys = false
        var maxDepth = 4
    }

    static func random(_ shape: Shape, depth: Int = 0, using rng: inout SeededGenerator) -> JSONTree {
        let containers = depth < shape.maxDepth
        switch Int.random(in: 0..<(containers ? 9 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(rng.chance(1, in: 2))
        case 2, 3: return randomNumber(shape, using: &rng)
        case 4, 5: return .string(randomString(using: &rng))
        case 6:
            return .array(
                (0..<Int.random(in: 0...5, using: &rng)).map { _ in random(shape, depth: depth + 1, using: &rng) })
        default:
            var fields: [(key: String, value: JSONTree)] = []
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                var key = randomString(using: &rng)
                if !shape.uniqueKeys, let earlier = fields.last, rng.chance(1, in: 8) { key = earlier.key }
                if shape.uniqueKeys, fields.contains(where: { $0.key == key }) { continue }
                fields.append((key, random(shape, depth: depth + 1, using: &rng)))
            }
            return .object(fields)
        }
    }

    static func randomNumber(_ shape: Shape, using rng: inout SeededGenerator) -> JSONTree {
        if shape.nativeNumbers {
            if shape.doubles && rng.chance(1, in: 2) { return .double(randomDouble(using: &rng)) }
            return .int(
                rng.chance(1, in: 4)
                    ? rng.pick([0, -1, Int.max, Int.min]) : Int.random(in: -1_000_000...1_000_000, using: &rng))
        }
        if rng.chance(1, in: 4) {
            return .number(
                rng.pick([
                    "0", "-0", "-0.0", "1E400", "-1e400", "1e-400", "9223372036854775807", "9223372036854775808",
                    "-9223372036854775808", "-9223372036854775809", "4.9e-324", "2.4703282292062328e-324",
                    "1.7976931348623157e308", "9007199254740993", "0.1", "123456789012345678901234567890",
                ]))
        }
        let digits = "0123456789"
        var text = rng.chance(1, in: 3) ? "-" : ""
        if rng.chance(1, in: 5) {
            text += "0"
        } else {
            text.append(rng.pick(Array("123456789")))
            for _ in 0..<Int.random(in: 0...22, using: &rng) { text.append(rng.pick(Array(digits))) }
        }
        if rng.chance(1, in: 2) {
            text += "."
            for _ in 0...Int.random(in: 0...8, using: &rng) { text.append(rng.pick(Array(digits))) }
        }
        if rng.chance(1, in: 3) {
            text += rng.pick(["e", "E", "e+", "E-", "e-"])
            for _ in 0...Int.random(in: 0...2, using: &rng) { text.append(rng.pick(Array(digits))) }
        }
        return .number(text)
    }

    static func randomDouble(using rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return rng.pick([
                0.0, -0.0, 0.1, 1e15, 1e16, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity,
                -.infinity,
            ])
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 2: return Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &rng)) / 1000
        default:
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
            return value.isFinite ? value : 1.5
        }
    }

    /// Text mixing what needs escaping, what may be escaped, and every UTF-8 length.
    static func randomString(using rng: inout SeededGenerator) -> String {
        let pools: [[Unicode.Scalar]] = [
            Array("abcxyz ABC019-_.,:;{}[]".unicodeScalars),
            (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\"", "\\", "/", "\u{7F}"],
            ["é", "\u{80}", "\u{7FF}", "\u{800}", "中", "\u{2028}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}"],
            ["😀", "\u{10000}", "\u{10FFFF}", "𝄞"],
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let pool = rng.chance(3, in: 5) ? pools[0] : rng.pick(pools)
            scalars.append(rng.pick(pool))
        }
        return String(scalars)
    }
}

extension JSONTree {
    /// Renders the tree as JSON text with random whitespace and escape choices, all valid.
    func render(into text: inout [UInt8], using rng: inout SeededGenerator) {
        func space() {
            while rng.chance(1, in: 3) { text.append(rng.pick([0x20, 0x09, 0x0A, 0x0D])) }
        }
        /// `open`, then `count` members, a comma before each but the first, then `close`.
        func container(_ open: Unicode.Scalar, _ close: Unicode.Scalar, count: Int, member: (Int) -> Void) {
            text.append(UInt8(ascii: open))
            for position in 0..<count {
                if position > 0 {
                    space()
                    text.append(UInt8(ascii: ","))
                }
                member(position)
            }
            space()
            text.append(UInt8(ascii: close))
        }
        space()
        switch self {
        case .null: text += Array("null".utf8)
        case .bool(let value): text += Array((value ? "true" : "false").utf8)
        case .int(let value): text += Array(String(value).utf8)
        case .double(let value): text += Array((value.isFinite ? value.description : "null").utf8)
        case .number(let value): text += Array(value.utf8)
        case .string(let value): Self.renderString(value, into: &text, using: &rng)
        case .array(let elements):
            container("[", "]", count: elements.count) { elements[$0].render(into: &text, using: &rng) }
        case .object(let fields):
            container("{", "}", count: fields.count) { position in
                space()
                Self.renderString(fields[position].key, into: &text, using: &rng)
                space()
                text.append(UInt8(ascii: ":"))
                fields[position].value.render(into: &text, using: &rng)
            }
        }
        space()
    }

    static func renderString(_ value: String, into text: inout [UInt8], using rng: inout SeededGenerator) {
        func unicodeEscape(_ unit: UInt16) {
            let hex = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex
            text += Array(("\\u" + (rng.chance(1, in: 2) ? padded.uppercased() : padded)).utf8)
        }
        let short: [Unicode.Scalar: String] = [
            "\"": "\\\"", "\\": "\\\\", "\u{08}": "\\b", "\u{0C}": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
            "/": "\\/",
        ]
        text.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
            if let escape = short[scalar], mustEscape || rng.chance(1, in: 3), rng.chance(3, in: 4) {
                text += Array(escape.utf8)
            } else if mustEscape || rng.chance(1, in: 8) {
                for unit in String(scalar).utf16 { unicodeEscape(unit) }
            } else {
                text += Array(String(scalar).utf8)
            }
        }
        text.append(UInt8(ascii: "\""))
    }

    /// Writes the tree with `JSONWriter`'s typed calls.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .int(let value): writer.int(value)
        case .double(let value): writer.double(value)
        case .number(let value): writer.rawJSON(Array(value.utf8))
        case .string(let value): writer.string(value)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let fields):
            writer.beginObject()
            for field in fields {
                writer.key(field.key)
                field.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    /// The canonical form `PythonJSONPeer` uses. Doubles follow `JSONWriter.double`: integral
    /// values below 10^15 are integers, non-finite ones `null`.
    var canonical: String {
        switch self {
        case .null: return "n"
        case .bool(let value): return value ? "t" : "f"
        case .int(let value): return "i\(value)"
        case .double(let value):
            if !value.isFinite { return "n" }
            if value == value.rounded() && abs(value) < 1e15 { return "i\(Int(value))" }
            return "d" + String(value.bitPattern, radix: 16)
        case .number(let text):
            if !text.contains(where: { ".eE".contains($0) }) { return "i" + (text == "-0" ? "0" : text) }
            return "d" + String(Double(text)?.bitPattern ?? 0, radix: 16)
        case .string(let value): return "s" + PythonJSONPeer.hex(Array(value.utf8))
        case .array(let elements): return "[" + elements.map(\.canonical).joined(separator: ",") + "]"
        case .object(let fields):
            return "{"
                + fields.map { "s" + PythonJSONPeer.hex(Array($0.key.utf8)) + ":" + $0.value.canonical }.joined(
                    separator: ",") + "}"
        }
    }

    /// Seeded trees rendered as text, for parser corpora.
    /// `count` random documents as `JSONWriter` writes them, of a shape whose every byte Python's
    /// `json.dumps` writes alike: native numbers but no doubles (their spelling is the writer's
    /// choice), unique keys.
    static func writtenDocuments(count: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SeededGenerator(seed: seed)
        let shape = Shape(nativeNumbers: true, doubles: false, uniqueKeys: true)
        return (0..<count).map { _ in
            var writer = JSONWriter()
            random(shape, using: &rng).write(to: &writer)
            return writer.bytes
        }
    }

    static func corpus(count: Int, seed: UInt64, shape: Shape = Shape()) -> [(tree: JSONTree, text: [UInt8])] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let tree = random(shape, using: &rng)
            var text: [UInt8] = []
            tree.render(into: &text, using: &rng)
            return (tree, text)
        }
    }
}
