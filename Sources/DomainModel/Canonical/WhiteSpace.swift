/// What white space is, the one definition behind "not blank" (workflow names, step and check
/// ids, product ids) and "no white space" (the resolver URL) in the decoders, the validator and
/// the published JSON Schema: the Unicode `White_Space` characters, scalar by scalar.
///
/// Listed here rather than taken from a library, because each reader of the schema has its own
/// idea: ECMA 262's `\s` adds U+FEFF and lacks U+0085, Python's adds U+001C–U+001F, and Swift's
/// `Character.isWhitespace` judges a whole grapheme by its first scalar, so a space followed by a
/// combining mark (`" \u{301}"`) would count as blank. The schema's patterns spell this list out
/// (`characterClass`), so every validator reads them alike.
public enum WhiteSpace {
    /// The `White_Space` scalars (Unicode 16, unchanged since 6.3): tab, LF, VT, FF, CR, space,
    /// NEL, no-break space, Ogham space mark, the spaces U+2000–U+200A, line and paragraph
    /// separators, narrow no-break space, medium mathematical space, ideographic space.
    static let ranges: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// Whether `scalar` is white space.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Nearly every scalar read is above the ASCII controls and not a space: one comparison.
        if value > 0x20 && value < 0x85 { return false }
        return ranges.contains { $0.contains(value) }
    }

    /// Whether `text` is empty or holds nothing but white space.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(contains)
    }

    /// The contents of a regular-expression character class (ECMA 262 and Python `re` read it
    /// alike) matching one white-space scalar: `[` + `characterClass` + `]`.
    public static let characterClass: String = ranges.map { range in
        range.count == 1
            ? escaped(range.lowerBound) : escaped(range.lowerBound) + "-" + escaped(range.upperBound)
    }.joined()

    /// A pattern that finds a scalar that is not white space: the schema's "not blank".
    public static let nonBlankPattern = "[^" + characterClass + "]"

    private static func escaped(_ value: UInt32) -> String {
        switch value {
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x20: return " "
        default:
            let hex = String(value, radix: 16, uppercase: true)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
