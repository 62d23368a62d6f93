/// Reads a JSON text whose top level is an array one element at a time.
///
/// Memory for the tape grows with the largest element, not the whole array, so a section of
/// hundreds of megabytes is read with a few kilobytes of tape. Every element is a complete
/// `JSONValue` over the shared source bytes (no copy).
///
///     try JSONArrayStream.forEachElement(in: bytes) { index, element in
///         print(index, element["domain"]?.string ?? "?")
///     }
public enum JSONArrayStream {
    /// Calls `body` with each element of the top-level array in `source`, in order.
    ///
    /// The whole text is checked: a syntax error after the last element still throws, after
    /// `body` has seen the elements before it.
    /// - Parameters:
    ///   - source: a JSON text whose top-level value must be an array.
    ///   - options: limits for untrusted input; the array itself counts as one level.
    ///   - body: called with the element's position and value.
    /// - Throws: `JSONParseError` for malformed text or a top level that is not an array;
    ///   anything `body` throws.
    public static func forEachElement(
        in source: [UInt8],
        options: JSONParseOptions = .default,
        _ body: (_ index: Int, _ element: JSONValue) throws -> Void
    ) throws {
        try source.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, range: 0..<buffer.count, options: options, tapeCapacity: 64)
            if buffer.count > Int(UInt32.max) { throw parser.error(.tooLarge, at: 0) }
            parser.skipWhitespace()
            guard parser.position < parser.end else { throw parser.error(.empty) }
            guard parser.base[parser.position] == UInt8(ascii: "[") else {
                throw parser.error(.unexpectedCharacter(parser.base[parser.position], expected: "'[' (an array)"))
            }
            parser.position += 1
            parser.skipWhitespace()
            var index = 0
            if parser.position < parser.end && parser.base[parser.position] == UInt8(ascii: "]") {
                parser.position += 1
            } else {
                while true {
                    let capacity = max(parser.tape.count, 16)
                    parser.tape = []
                    parser.tape.reserveCapacity(capacity)
                    try parser.parseValue(depth: 1)
                    let element = JSONDocument(source: source, tape: parser.tape)
                    try body(index, element.root)
                    index += 1
                    guard try parser.consumeSeparator(closer: UInt8(ascii: "]")) else { break }
                }
            }
            parser.skipWhitespace()
            if parser.position < parser.end { throw parser.error(.trailingContent) }
        }
    }
}
