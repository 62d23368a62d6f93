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
    /// The tape index of this document's root value.
    @usableFromInline let rootIndex: Int
    /// The tape and source as raw buffers. Both arrays are immutable and owned by this
    /// document, so their storage stays put for as long as the document lives.
    @usableFromInline let view: JSONUnsafeView

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
        rootIndex = 0
        view = JSONDocument.makeView(tape: parsed, source: bytes)
    }

    /// Parses a complete JSON text held in `Data`.
    public convenience init(parsing data: Data, options: JSONParseOptions = .default) throws(JSONParseError) {
        try self.init(parsing: [UInt8](data), options: options)
    }

    /// A document over one value inside a larger source (used when streaming array elements).
    init(source: [UInt8], tape: [JSONNode]) {
        self.source = source
        self.tape = tape
        self.rootIndex = 0
        view = JSONDocument.makeView(tape: tape, source: source)
    }

    private static let emptySource: [UInt8] = [0]
    private static let emptyTape: [JSONNode] = [JSONNode(kind: .null, flag: false, start: 0, length: 0, next: 1)]

    /// Buffers over the arrays' storage, which outlives the call because the arrays are
    /// held, unmodified, by the document being built.
    private static func makeView(tape: [JSONNode], source: [UInt8]) -> JSONUnsafeView {
        let tapeBuffer = tape.isEmpty ? emptyTape.withUnsafeBufferPointer { $0 } : tape.withUnsafeBufferPointer { $0 }
        let sourceBuffer =
            source.isEmpty
            ? emptySource.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[0..<0]) }
            : source.withUnsafeBufferPointer { $0 }
        return JSONUnsafeView(tape: tapeBuffer, source: sourceBuffer)
    }

    /// A borrowed view of the tape, valid for as long as this document is alive: callers
    /// must hold the document while they use it (as `RecordReader` does).
    public var unsafeView: JSONUnsafeView { view }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: rootIndex) }

    /// Checks that `bytes` are one valid JSON text without keeping a tape.
    /// - Throws: `JSONParseError` for the first problem.
    public static func validate(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = .default)
        throws(JSONParseError)
    {
        var parser = JSONParser(buffer: bytes, range: 0..<bytes.count, options: options, tapeCapacity: 0)
        try parser.parseDocument()
    }
}
