import Foundation

/// A parsed JSON text: its bytes and a tape of its values, read through `JSONValue`.
///
/// The document keeps the source bytes and converts strings and numbers only when asked,
/// so parsing costs one pass and one allocation for the tape.
///
///     let document = try JSONDocument(parsing: Array(#"{"domain": "example.com"}"#.utf8))
///     document.root["domain"]?.string  // "example.com"
public final class JSONDocument: Sendable {
    /// The source text, as given.
    public let source: [UInt8]
    @usableFromInline let tape: [JSONNode]

    /// Parses a complete JSON text.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - options: limits for untrusted input.
    /// - Throws: `JSONParseError` naming the line and column of the first problem.
    public init(parsing bytes: [UInt8], options: JSONParseOptions = .default) throws(JSONParseError) {
        let parsed = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) -> [JSONNode] in
            var parser = JSONParser(
                buffer: buffer, range: 0..<buffer.count, options: options, tapeCapacity: buffer.count / 12 + 4)
            try parser.parseDocument()
            return parser.tape
        }
        source = bytes
        tape = parsed
    }

    /// Parses a complete JSON text held in `Data`.
    public convenience init(parsing data: Data, options: JSONParseOptions = .default) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data), options: options)
    }

    /// A document over one value inside a larger source (used when streaming array elements).
    init(source: [UInt8], tape: [JSONNode]) {
        precondition(!tape.isEmpty, "a document holds at least one value")
        self.source = source
        self.tape = tape
    }

    /// The document read by tape index, for walks over many values.
    @inlinable public var view: JSONView { JSONView(document: self) }

    /// The top-level value: the first on the tape.
    public var root: JSONValue { JSONValue(document: self, index: 0) }

    /// Checks that `bytes` are one valid JSON text without keeping a tape.
    /// - Throws: `JSONParseError` for the first problem.
    public static func validate(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = .default)
        throws(JSONParseError)
    {
        var parser = JSONParser(buffer: bytes, range: 0..<bytes.count, options: options, tapeCapacity: 0)
        try parser.parseDocument()
    }
}
