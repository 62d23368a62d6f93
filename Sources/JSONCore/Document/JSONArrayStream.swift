/// Reads a JSON text whose top level is an array one element at a time.
///
/// Memory for the tape grows with the largest element, not the whole array, so a section of
/// hundreds of megabytes is read with a few kilobytes of tape. Every element is a complete
/// `JSONValue` over the shared source bytes (no copy); consecutive small elements share one
/// document, so a record costs no allocation of its own.
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
            if parser.position < parser.end && parser.base[parser.position] == UInt8(ascii: "]") {
                parser.position += 1
            } else {
                try parseElements(&parser, of: source, from: 0, body) { parser throws(JSONParseError) in
                    try parser.consumeSeparator(closer: UInt8(ascii: "]"))
                }
            }
            parser.skipWhitespace()
            if parser.position < parser.end { throw parser.error(.trailingContent) }
        }
    }

    /// About how many tape nodes are parsed before the elements so far are handed out: a few
    /// hundred small records share one document (one allocation for the tape, one for the
    /// document), and the tape stays a few tens of kilobytes however long the array.
    static let batchNodes = 4096

    /// Parses elements from the parser's position, each followed by what `separator` consumes
    /// (it answers whether another element follows), and calls `body` with each, numbered from
    /// `firstIndex`. Elements are parsed in batches of about `batchNodes` tape nodes; when the
    /// text goes wrong, `body` still sees every element before the fault, then the error is thrown.
    static func parseElements(
        _ parser: inout JSONParser, of source: [UInt8], from firstIndex: Int,
        _ body: (_ index: Int, _ element: JSONValue) throws -> Void,
        separator: (inout JSONParser) throws(JSONParseError) -> Bool
    ) throws {
        var index = firstIndex
        var starts: [Int] = []
        var more = true
        while more {
            parser.tape = []
            parser.tape.reserveCapacity(min(batchNodes + batchNodes / 4, (parser.end - parser.position) / 8 + 16))
            starts.removeAll(keepingCapacity: true)
            var failure: JSONParseError?
            repeat {
                let start = parser.tape.count
                do {
                    try parser.parseValue(depth: 1)
                    starts.append(start)
                    more = try separator(&parser)
                } catch {
                    failure = error
                    more = false
                }
            } while more && parser.tape.count < batchNodes
            if !starts.isEmpty {
                let document = JSONDocument(source: source, tape: parser.tape)
                for start in starts {
                    try body(index, JSONValue(document: document, index: start))
                    index += 1
                }
            }
            if let failure { throw failure }
        }
    }
}
