/// One recipient stanza of an age header: its arguments (the first names the recipient type,
/// such as `X25519` or `scrypt`) and its body (the wrapped file key).
///
///     -> X25519 TEiF0ypqr+bpvcqXNyCVJpL7OuwPdVwPL7KQEbFDOCc
///     hjabGXwSLQ9c3S6Lw2i+S2Tu2fiwQHHslbBN6B41FLE
public struct AgeStanza: Equatable, Sendable {
    /// One or more arguments, each one or more printable ASCII characters (`!`…`~`).
    public var arguments: [String]
    /// The decoded body.
    public var body: [UInt8]

    /// The recipient type: the first argument.
    public var type: String { arguments[0] }

    /// - Precondition: at least one argument; each non-empty and printable ASCII without spaces.
    public init(arguments: [String], body: [UInt8]) {
        precondition(!arguments.isEmpty, "AgeStanza: a stanza has at least one argument")
        precondition(
            arguments.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(AgeHeader.isArgumentCharacter) },
            "AgeStanza: arguments are printable ASCII without spaces")
        self.arguments = arguments
        self.body = body
    }

    /// The stanza as it appears in a header: its argument line, then its body in base64 lines
    /// of 64 characters, the last one shorter (empty when the body fills whole lines).
    var encoded: [UInt8] {
        var text = Array("-> ".utf8) + Array(arguments.joined(separator: " ").utf8) + [0x0A]
        let body = UnpaddedBase64.encodedCharacters(body)
        for start in stride(from: 0, through: body.count, by: AgeHeader.bodyLineLength) {
            text += body[start..<min(start + AgeHeader.bodyLineLength, body.count)] + [0x0A]
        }
        return text
    }
}
