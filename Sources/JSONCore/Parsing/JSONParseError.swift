/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        case empty
        case unexpectedEnd
        case unexpectedCharacter(UInt8, expected: String)
        case invalidLiteral
        case invalidNumber(String)
        case controlCharacterInString
        case invalidEscape
        case invalidUnicodeEscape(String)
        case invalidUTF8
        case trailingContent
        case tooDeep(limit: Int)
        case tooLarge
    }

    public var reason: Reason
    /// The byte offset of the problem in the source.
    public var offset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column (in bytes) of the problem.
    public var column: Int

    /// Creates an error, locating the offset as a line and column in `source`.
    init(_ reason: Reason, at offset: Int, in source: UnsafeBufferPointer<UInt8>) {
        self.reason = reason
        self.offset = offset
        let before = source[..<min(offset, source.count)]
        line = before.count { $0 == 0x0A } + 1
        column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    }

    /// A sentence naming the problem and its place.
    public var description: String {
        "JSON syntax error at line \(line), column \(column) (byte \(offset)): \(reasonText)."
    }

    private var reasonText: String {
        switch reason {
        case .empty:
            "the document is empty"
        case .unexpectedEnd:
            "the text ends before the value is complete"
        case .unexpectedCharacter(let byte, let expected):
            "found \(Self.describe(byte)) where \(expected) was expected"
        case .invalidLiteral:
            "a literal must be exactly true, false or null"
        case .invalidNumber(let detail):
            "invalid number: \(detail)"
        case .controlCharacterInString:
            "a control character must be escaped inside a string"
        case .invalidEscape:
            "invalid escape sequence; allowed are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        case .invalidUnicodeEscape(let detail):
            "invalid \\u escape: \(detail)"
        case .invalidUTF8:
            "the text is not valid UTF-8"
        case .trailingContent:
            "unexpected content after the end of the document"
        case .tooDeep(let limit):
            "arrays and objects are nested deeper than the limit of \(limit)"
        case .tooLarge:
            "the document is larger than 4 GiB"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
