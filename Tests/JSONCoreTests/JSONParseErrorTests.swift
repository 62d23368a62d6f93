import JSONCore
import Testing

/// Parse errors read as sentences that say where (line, column, byte) and what went wrong.
@Suite struct JSONParseErrorTests {
    static func error(_ bytes: [UInt8], options: JSONParseOptions = .default) throws -> JSONParseError {
        do {
            _ = try JSONDocument(parsing: bytes, options: options)
        } catch {
            return error
        }
        throw Unexpected.parsed
    }

    static func error(_ text: String) throws -> JSONParseError {
        try error(Array(text.utf8))
    }

    enum Unexpected: Error { case parsed }

    @Test func describesPlaceAndProblemInOneSentence() throws {
        let error = try Self.error("[1,\n  x]")
        #expect(error.offset == 6)
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(
            error.description == "JSON syntax error at line 2, column 3 (byte 6): found 'x' where a value was expected."
        )
    }

    @Test func countsLinesAtLineFeedsOnly() throws {
        // A carriage return alone does not start a line; CRLF counts once.
        let carriageReturns = try Self.error("\r\r?")
        #expect((carriageReturns.line, carriageReturns.column, carriageReturns.offset) == (1, 3, 2))
        let crlf = try Self.error("[\r\n1,\r\n]")
        #expect((crlf.line, crlf.column, crlf.offset) == (3, 1, 7))
    }

    @Test func countsColumnsInBytes() throws {
        // "é" is two bytes, so 'x' is the seventh byte of its line though the sixth character.
        let error = try Self.error("[\"é\" x]")
        #expect(error.offset == 6)
        #expect(error.column == 7)
        #expect(error.reason == .unexpectedCharacter(UInt8(ascii: "x"), expected: "',' or ']'"))
    }

    @Test func pointsJustPastTheTextWhenItEndsEarly() throws {
        let error = try Self.error("{\"a\": [1,\n")
        #expect(error.reason == .unexpectedEnd)
        #expect((error.line, error.column, error.offset) == (2, 1, 10))
        #expect(
            error.description
                == "JSON syntax error at line 2, column 1 (byte 10): the text ends before the value is complete.")
    }

    static let messages: [(String, String)] = [
        ("", "the document is empty"),
        ("[", "the text ends before the value is complete"),
        ("?", "found '?' where a value was expected"),
        ("{\"a\":1]", "found ']' where ',' or '}' was expected"),
        ("{\"a\" 1}", "found '1' where ':' after the key was expected"),
        ("{1:2}", "found '1' where a string key was expected"),
        ("tx", "a literal must be exactly true, false or null"),
        ("-a", "invalid number: a digit must follow '-'"),
        ("1.x", "invalid number: a digit must follow '.'"),
        ("1ex", "invalid number: the exponent needs digits"),
        ("012", "invalid number: leading zeros are not allowed"),
        ("\"\t\"", "a control character must be escaped inside a string"),
        ("\"\\q\"", "invalid escape sequence; allowed are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
        ("\"\\u00G0\"", "invalid \\u escape: expected four hexadecimal digits"),
        ("\"\\uDC00\"", "invalid \\u escape: a low surrogate without a high surrogate"),
        ("\"\\uD800x\"", "invalid \\u escape: a high surrogate must be followed by a \\u low surrogate"),
        ("\"\\uD800\\u0041\"", "invalid \\u escape: a high surrogate must be followed by a low surrogate"),
        ("1 1", "unexpected content after the end of the document"),
        ("[" + String(repeating: "[", count: 64) + "]", "arrays and objects are nested deeper than the limit of 64"),
    ]

    @Test(arguments: messages)
    func namesEachProblemPlainly(_ text: String, _ message: String) throws {
        let error = try Self.error(text)
        let description = error.description
        #expect(
            description.hasPrefix(
                "JSON syntax error at line \(error.line), column \(error.column) (byte \(error.offset)): "))
        #expect(description.hasSuffix(": \(message)."), "\(description)")
    }

    @Test func invalidUTF8IsNamed() throws {
        let error = try Self.error([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
        #expect(error.description == "JSON syntax error at line 1, column 2 (byte 1): the text is not valid UTF-8.")
    }

    @Test func namesUnprintableBytesInHexadecimal() throws {
        #expect(try Self.error([0x01]).description.hasSuffix("found byte 0x01 where a value was expected."))
        #expect(try Self.error([0x7F]).description.hasSuffix("found byte 0x7F where a value was expected."))
        #expect(try Self.error([0xFF]).description.hasSuffix("found byte 0xFF where a value was expected."))
        #expect(
            try Self.error([UInt8(ascii: "["), 0xC3, 0xA9]).description.hasSuffix(
                "found byte 0xC3 where a value was expected."))
    }

    @Test func equalErrorsCompareEqual() throws {
        #expect(try Self.error("[1,]") == Self.error("[1,]"))
        #expect(try Self.error("[1,]") != Self.error("[1,,]"))
        #expect(try Self.error("[1,]") != Self.error("[ 1,]"))
    }

    @Test func fieldsAreReadableForCallersThatFormatTheirOwnMessages() throws {
        let error = try Self.error(Array("[1,\n{\"a\":tru}]".utf8))
        #expect(error.reason == .invalidLiteral)
        #expect(error.line == 2)
        #expect(error.column == 6)
        let deep = try Self.error(Array("[[[]]]".utf8), options: JSONParseOptions(maxDepth: 2))
        #expect(deep.reason == .tooDeep(limit: 2))
        #expect(deep.description.hasSuffix("nested deeper than the limit of 2."))
    }
}
