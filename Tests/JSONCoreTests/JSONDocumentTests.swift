import Foundation
import JSONCore
import TestSupport
import Testing

/// Parsing through the public entry point, `JSONDocument(parsing:options:)`: what strict
/// RFC 8259 accepts, what it rejects and where, and agreement with Python's `json`.
@Suite struct JSONDocumentTests {
    static func parse(_ text: String) throws(JSONParseError) -> JSONDocument {
        try JSONDocument(parsing: Array(text.utf8))
    }

    @Test(arguments: [
        ("null", JSONKind.null), ("true", .true), ("false", .false), ("0", .number), ("-1.5e3", .number),
        ("\"\"", .string), ("[]", .array), ("{}", .object),
    ])
    func acceptsEveryKindOfValueAtTheTopLevel(_ text: String, _ kind: JSONKind) throws {
        #expect(try Self.parse(text).root.kind == kind)
    }

    @Test func acceptsTheFourWhitespaceBytesAroundAndBetweenTokens() throws {
        let document = try Self.parse(" \t\r\n{ \"a\" \n:\t[ 1 ,\r\n2 ] ,\"b\":{ } } \n")
        #expect(document.root["a"]?.count == 2)
        #expect(document.root["b"]?.kind == .object)
    }

    @Test(arguments: ["\u{0B}1", "\u{0C}1", "\u{A0}1", "\u{FEFF}{}", "1\u{0}"])
    func rejectsOtherWhitespaceByteOrderMarksAndNUL(_ text: String) {
        let error = parseFailure(Array(text.utf8))
        #expect(error != nil)
        if text.hasPrefix("1") {
            #expect(error?.reason == .trailingContent)
        } else {
            #expect(error?.reason == .unexpectedCharacter(text.utf8.first!, expected: "a value"))
        }
    }

    struct Malformed: Sendable, CustomTestStringConvertible {
        var text: String
        var reason: JSONParseError.Reason
        var offset: Int
        var testDescription: String { text.debugDescription }
    }

    static let malformed: [Malformed] = [
        Malformed(text: "", reason: .empty, offset: 0),
        Malformed(text: " \n\t", reason: .empty, offset: 3),
        Malformed(text: "[1,]", reason: .unexpectedCharacter(UInt8(ascii: "]"), expected: "a value"), offset: 3),
        Malformed(text: "[1 2]", reason: .unexpectedCharacter(UInt8(ascii: "2"), expected: "',' or ']'"), offset: 3),
        Malformed(
            text: "{\"a\" 1}", reason: .unexpectedCharacter(UInt8(ascii: "1"), expected: "':' after the key"), offset: 5
        ),
        Malformed(
            text: "{\"a\":1,}", reason: .unexpectedCharacter(UInt8(ascii: "}"), expected: "a string key"), offset: 7),
        Malformed(text: "{a:1}", reason: .unexpectedCharacter(UInt8(ascii: "a"), expected: "a string key"), offset: 1),
        Malformed(
            text: "{\"a\":1 \"b\":2}", reason: .unexpectedCharacter(UInt8(ascii: "\""), expected: "',' or '}'"),
            offset: 7),
        Malformed(text: "['a']", reason: .unexpectedCharacter(UInt8(ascii: "'"), expected: "a value"), offset: 1),
        Malformed(text: "[1", reason: .unexpectedEnd, offset: 2),
        Malformed(text: "{\"a\":", reason: .unexpectedEnd, offset: 5),
        Malformed(text: "{\"a\"", reason: .unexpectedEnd, offset: 4),
        Malformed(text: "tru", reason: .unexpectedEnd, offset: 3),
        Malformed(text: "trUe", reason: .invalidLiteral, offset: 0),
        Malformed(text: "[nul l]", reason: .invalidLiteral, offset: 1),
        Malformed(text: "NaN", reason: .unexpectedCharacter(UInt8(ascii: "N"), expected: "a value"), offset: 0),
        Malformed(text: "01", reason: .invalidNumber("leading zeros are not allowed"), offset: 1),
        Malformed(text: "-00", reason: .invalidNumber("leading zeros are not allowed"), offset: 2),
        Malformed(text: "-", reason: .unexpectedEnd, offset: 1),
        Malformed(text: "-x", reason: .invalidNumber("a digit must follow '-'"), offset: 1),
        Malformed(text: "1.", reason: .unexpectedEnd, offset: 2),
        Malformed(text: "1.e3", reason: .invalidNumber("a digit must follow '.'"), offset: 2),
        Malformed(text: "1e", reason: .unexpectedEnd, offset: 2),
        Malformed(text: "1e+x", reason: .invalidNumber("the exponent needs digits"), offset: 3),
        Malformed(text: "+1", reason: .unexpectedCharacter(UInt8(ascii: "+"), expected: "a value"), offset: 0),
        Malformed(text: ".5", reason: .unexpectedCharacter(UInt8(ascii: "."), expected: "a value"), offset: 0),
        Malformed(text: "0x10", reason: .trailingContent, offset: 1),
        Malformed(text: "\"a\tb\"", reason: .controlCharacterInString, offset: 2),
        Malformed(text: "\"a\nb\"", reason: .controlCharacterInString, offset: 2),
        Malformed(text: "\"abc", reason: .unexpectedEnd, offset: 4),
        Malformed(text: "\"\\x\"", reason: .invalidEscape, offset: 2),
        Malformed(text: "\"\\U0041\"", reason: .invalidEscape, offset: 2),
        Malformed(text: "\"\\", reason: .unexpectedEnd, offset: 2),
        Malformed(text: "\"\\u12G4\"", reason: .invalidUnicodeEscape("expected four hexadecimal digits"), offset: 5),
        Malformed(text: "\"\\u12", reason: .unexpectedEnd, offset: 5),
        Malformed(text: "1 2", reason: .trailingContent, offset: 2),
        Malformed(text: "[1]]", reason: .trailingContent, offset: 3),
        Malformed(text: "{}{}", reason: .trailingContent, offset: 2),
    ]

    @Test(arguments: malformed)
    func rejectsMalformedTextWithReasonAndOffset(_ sample: Malformed) {
        let error = parseFailure(Array(sample.text.utf8))
        #expect(error?.reason == sample.reason)
        #expect(error?.offset == sample.offset)
    }

    @Test(
        arguments: [
            [0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xC3], [0xE4, 0xB8], [0xE4, 0xB8, 0x41],
            [0xF0, 0x9F, 0x98],
        ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8]) {
        let error = parseFailure([UInt8(ascii: "\""), UInt8(ascii: "a")] + sequence + [UInt8(ascii: "\"")])
        #expect(error?.reason == .invalidUTF8)
        #expect(error?.offset == 2)
        // At the very end of the text too, where the sequence cannot be complete.
        #expect(parseFailure([UInt8(ascii: "\"")] + sequence)?.reason == .invalidUTF8)
    }

    @Test func acceptsEveryUTF8BoundarySequence() throws {
        let scalars: [Unicode.Scalar] = [
            "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
        ]
        for scalar in scalars {
            let text = "\"" + String(scalar) + "\""
            #expect(try Self.parse(text).root.string == String(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func findsSpecialBytesAtEveryPositionOfAnEightByteWord() throws {
        // Strings are scanned eight bytes at a time; each special byte must be seen wherever it falls.
        for prefix in 0..<20 {
            let padding = String(repeating: "a", count: prefix)
            let tail = String(repeating: "z", count: 19 - prefix)
            #expect(try Self.parse("\"\(padding)\\\"\(tail)\"").root.string == padding + "\"" + tail)
            #expect(try Self.parse("\"\(padding)é\(tail)\"").root.string == padding + "é" + tail)
            #expect(try Self.parse("\"\(padding)\"").root.string == padding)
            let control = parseFailure(Array("\"\(padding)\u{1F}\(tail)\"".utf8))
            #expect(control?.reason == .controlCharacterInString)
            #expect(control?.offset == 1 + prefix)
            let invalid = parseFailure(Array("\"\(padding)".utf8) + [0xFF] + Array("\(tail)\"".utf8))
            #expect(invalid?.offset == 1 + prefix)
        }
    }

    @Test func keepsTheSourceBytesAsGiven() throws {
        let bytes = Array(" {\"a\" : [1, 2.50]} ".utf8)
        let document = try JSONDocument(parsing: bytes)
        #expect(document.source == bytes)
        #expect(document.root.sourceRange == 1..<(bytes.count - 1))
    }

    @Test func dataInitializerParsesLikeTheByteArrayOne() throws {
        let text = #"{"domain":"example.com","ports":[80,443]}"#
        let fromData = try JSONDocument(parsing: Data(text.utf8))
        #expect(fromData.source == Array(text.utf8))
        #expect(fromData.root["ports"]?[1]?.int == 443)
        #expect(throws: JSONParseError(reasonOf: "[1,]")) { try JSONDocument(parsing: Data("[1,]".utf8)) }
    }

    @Test func validateAgreesWithParsing() {
        let texts = ["{}", "[1, {\"a\": null}]", " \"x\" ", "", "[1,]", "{\"a\" 1}", "\"\\uDC00\"", "1 2", "tru"]
        for text in texts {
            let bytes = Array(text.utf8)
            #expect(validationFailure(bytes) == parseFailure(bytes), "\(text.debugDescription)")
        }
    }

    @Test func agreesWithPythonOnGeneratedDocuments() throws {
        let corpus = JSONTree.corpus(count: 400, seed: 0x5EED_0001)
        let python = try PythonJSONPeer.canonicalForms(of: corpus.map(\.text))
        for (index, (tree, text)) in corpus.enumerated() {
            let document = try JSONDocument(parsing: text)
            let mine = PythonJSONPeer.canonical(document.root)
            #expect(
                mine == tree.canonical, "document \(index): \(String(decoding: text, as: UTF8.self).debugDescription)")
            #expect(
                mine == python[index], "document \(index): \(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }

    @Test func agreesWithPythonOnMutatedDocuments() throws {
        // Byte-level damage to valid documents: both readers must accept exactly the same
        // texts, and read the accepted ones the same way.
        var rng = SeededGenerator(seed: 0x5EED_0002)
        let interesting: [UInt8] =
            Array("\"\\,:[]{}0-.eE+ \nutfn".utf8) + [0x00, 0x0B, 0x0C, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]
        let mutated: [[UInt8]] = JSONTree.corpus(count: 2000, seed: 0x5EED_0003).map { _, text in
            var bytes = text
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let position = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1 where position < bytes.count: bytes[position] = rng.pick(interesting)
                default: bytes.insert(rng.pick(interesting), at: position)
                }
            }
            return bytes
        }
        let python = try PythonJSONPeer.canonicalForms(of: mutated)
        var accepted = 0
        for (index, bytes) in mutated.enumerated() {
            let mine = (try? JSONDocument(parsing: bytes)).map { PythonJSONPeer.canonical($0.root) }
            if mine != nil { accepted += 1 }
            #expect(mine == python[index], "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        // The corpus exercises both verdicts, or the comparison would prove little.
        #expect(accepted > 100 && accepted < 1900)
    }
}

extension JSONParseError {
    /// The error parsing `text` throws, for comparisons.
    init(reasonOf text: String) {
        do {
            _ = try JSONDocument(parsing: Array(text.utf8))
            preconditionFailure("\(text) parsed")
        } catch {
            self = error
        }
    }
}
