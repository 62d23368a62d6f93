import JSONCore
import TestSupport
import Testing

/// Scalar conversions on `JSONValue`: strings with every escape, and numbers as `Int`,
/// `Double` and their exact text.
@Suite struct JSONValueScalarsTests {
    static func root(_ text: String) throws -> JSONValue {
        try JSONDocument(parsing: Array(text.utf8)).root
    }

    static func error(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONDocument(parsing: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""""#, ""), (#""\"\\\/""#, "\"\\/"), (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u00E9\u20AC""#, "Aéé€"), (#""\u0000x""#, "\u{0}x"), (#""\u001f\u007F""#, "\u{1F}\u{7F}"),
        (#""\ud83d\ude00""#, "😀"), (#""\uD834\uDD1E""#, "𝄞"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""\uD800\uDC00""#, "\u{10000}"),
        (#""\uFFFF\uFEFF""#, "\u{FFFF}\u{FEFF}"), (#""héllo 中文 😀""#, "héllo 中文 😀"), (#""a\u0062c\nd😀e""#, "abc\nd😀e"),
    ])
    func decodesStringsAndEveryEscape(_ text: String, _ expected: String) throws {
        let value = try Self.root(text)
        #expect(value.string == expected)
        #expect(value.string?.unicodeScalars.elementsEqual(expected.unicodeScalars) == true)
    }

    @Test(arguments: [
        #""\uD800""#, #""\uDBFF x""#, #""\uD800\u0041""#, #""\uD800\uD800""#, #""\uDC00""#, #""\uDFFF\uD800""#,
        #""\uD800\n""#,
    ])
    func rejectsLoneSurrogatesInsteadOfReplacingThem(_ text: String) {
        guard case .invalidUnicodeEscape = Self.error(text)?.reason else {
            Issue.record("\(text) was not rejected as a bad \\u escape: \(String(describing: Self.error(text)))")
            return
        }
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("42", 42), ("-42", -42), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min),
        ("3.0", 3), ("3e2", 300), ("1E2", 100), ("-2.5e1", -25), ("0.0", 0), ("-0.0", 0), ("1.5e3", 1500),
        // Integral values written with an exponent count up to the edge of `Int`'s range.
        ("9.21e18", 9_210_000_000_000_000_000), ("-9.223372036854775808e18", Int.min),
        ("9.2233720368547748e18", 9_223_372_036_854_774_784),
    ])
    func readsIntegersAsJSONSchemaCountsThem(_ text: String, _ expected: Int) throws {
        #expect(try Self.root(text).int == expected)
    }

    @Test(arguments: [
        "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "1.5", "1e-2", "9.3e18",
        "9.223372036854775807e18", "-9.3e18", "1e400", "-1e400",
    ])
    func hasNoIntegerForFractionsOrWhatDoesNotFit(_ text: String) throws {
        let value = try Self.root(text)
        #expect(value.int == nil)
        #expect(value.numberText == text)
        #expect(value.double != nil)
    }

    @Test(
        arguments: [
            ("0.5", 0.5), ("-1.25e-3", -0.00125), ("1E+2", 100), ("1e400", .infinity), ("-1e400", -.infinity),
            ("1e-400", 0),
            ("4.9e-324", .leastNonzeroMagnitude), ("1.7976931348623157e308", .greatestFiniteMagnitude), ("0.1", 0.1),
            ("9007199254740993", 9_007_199_254_740_992), ("123456789012345678901234567890", 1.2345678901234568e29),
            ("-9223372036854775809", -9.223372036854776e18), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
        ] as [(String, Double)])
    func readsTheNearestDouble(_ text: String, _ expected: Double) throws {
        #expect(try Self.root(text).double == expected)
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        // `-0` and `-0.0` are the same number, so both read as negative zero, as strtod reads them.
        #expect(try Self.root("-0").double?.sign == .minus)
        #expect(try Self.root("-0.0").double?.sign == .minus)
        #expect(try Self.root("-0e5").double?.sign == .minus)
        #expect(try Self.root("0").double?.sign == .plus)
        #expect(try Self.root("-0").double == 0)
        #expect(try Self.root("-0").int == 0)
    }

    @Test func integersReadAsDoublesMatchTheirTextExactly() throws {
        // Integer literals skip strtod; the result must still be the correctly rounded one.
        var rng = SeededGenerator(seed: 0xD0_0B1E)
        var texts: [String] = ["9007199254740993", "9007199254740995", "-9007199254740993", "18014398509481985"]
        for _ in 0..<500 { texts.append(String(Int.random(in: Int.min...Int.max, using: &rng))) }
        let document = try JSONDocument(parsing: Array(("[" + texts.joined(separator: ",") + "]").utf8))
        for (text, value) in zip(texts, document.root.elements) {
            #expect(value.double == Double(text), "\(text)")
            #expect(value.int == Int(text), "\(text)")
        }
    }

    @Test func keepsTheExactNumberText() throws {
        let value = try Self.root("[1E+02, -0, 0.000100, 123456789012345678901234567890, 1e-7]")
        #expect(
            value.elements.map(\.numberText) == ["1E+02", "-0", "0.000100", "123456789012345678901234567890", "1e-7"])
        #expect(value.elements.map(\.isIntegerLiteral) == [false, true, false, true, false])
        #expect(try Self.root(#""12""#).isIntegerLiteral == false)
    }

    @Test func bigIntegersStayExactInTheirText() throws {
        let digits = "-" + String(repeating: "1234567890", count: 4)
        let value = try Self.root(digits)
        #expect(value.numberText == digits)
        #expect(value.isIntegerLiteral)
        #expect(value.int == nil)
        #expect(value.double == Double(digits))
    }
}
