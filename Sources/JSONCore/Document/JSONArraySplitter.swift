/// Splits a top-level JSON array into runs of whole elements, so the runs can be parsed on
/// several cores at once (by the caller's threads: this module has none).
///
/// `split` only follows strings and brackets to find the commas between elements; `cuts`
/// (`JSONArraySplitter+Cuts.swift`) does not even read the array through. Neither validates:
/// each run is then parsed strictly (`JSONArrayStream.forEachElement(in:run:)`), and text they
/// misjudged fails there — callers then cut again by reading, or fall back to one sequential
/// pass, which reports the error exactly.
public enum JSONArraySplitter {
    /// A run of consecutive elements.
    public struct Run: Sendable, Equatable {
        /// The bytes of the elements and the commas between them (no brackets).
        public var bytes: Range<Int>
        /// The position of the run's first element in the array.
        public var firstIndex: Int

        public init(bytes: Range<Int>, firstIndex: Int) {
            self.bytes = bytes
            self.firstIndex = firstIndex
        }
    }

    /// Splits `source` into at most `parts` runs of about equal size; with `start`, only the
    /// rest of the array from there, where one of its elements begins (its runs' elements
    /// numbered from 0 at `start`).
    /// - Returns: nil when `source` does not look like one array (then parse it sequentially).
    public static func split(_ source: [UInt8], into parts: Int, elementsFrom start: Int? = nil) -> [Run]? {
        guard parts >= 1 else { return nil }
        return source.withUnsafeBufferPointer { buffer -> [Run]? in
            guard let base = buffer.baseAddress else { return nil }
            var scanner = Scanner(count: buffer.count, parts: parts, elementsFrom: start)
            scanner.scan(base, upTo: buffer.count)
            return scanner.finish()
        }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension JSONArrayStream {
    /// Calls `body` with each element of one run of an array, parsed strictly.
    /// - Throws: `JSONParseError` when the run is not a comma-separated list of JSON values;
    ///   anything `body` throws.
    public static func forEachElement(
        in source: [UInt8], run: JSONArraySplitter.Run, options: JSONParseOptions = .default,
        _ body: (_ index: Int, _ element: JSONValue) throws -> Void
    ) throws {
        try forEachElement(in: source, elementsIn: run.bytes, options: options) { try body(run.firstIndex + $0, $1) }
    }

    /// Calls `body` with each element of `run`, the bytes of consecutive elements of an array
    /// and the commas between them (`JSONArraySplitter.cuts`), parsed strictly, numbered from 0.
    /// - Throws: `JSONParseError` when the run is not a comma-separated list of JSON values —
    ///   among others when it ends inside an element; anything `body` throws.
    public static func forEachElement(
        in source: [UInt8], elementsIn run: Range<Int>, options: JSONParseOptions = .default,
        _ body: (_ index: Int, _ element: JSONValue) throws -> Void
    ) throws {
        try source.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, range: run, options: options, tapeCapacity: 64)
            // The tape's offsets are 32-bit, as in the sequential parse.
            if buffer.count > Int(UInt32.max) { throw parser.error(.tooLarge, at: run.lowerBound) }
            parser.skipWhitespace()
            try parseElements(&parser, of: source, from: 0, body) { parser throws(JSONParseError) in
                parser.skipWhitespace()
                guard parser.position < parser.end else { return false }
                let byte = parser.base[parser.position]
                guard byte == UInt8(ascii: ",") else {
                    throw parser.error(.unexpectedCharacter(byte, expected: "',' or ']'"))
                }
                parser.position += 1
                parser.skipWhitespace()
                return true
            }
        }
    }
}

extension JSONArraySplitter {
    /// Arrays smaller than this are not worth splitting: the threads cost more than they save.
    public static let parallelThreshold = 1 << 20

    /// The runs of an array found ahead of time — while its bytes were read — and how many
    /// parts they were cut for.
    public struct Split: Sendable, Equatable {
        /// The `parts` the runs were cut for.
        public var parts: Int
        /// What `split(_:into:)` gives for them: nil when the text is not one array.
        public var runs: [Run]?

        public init(parts: Int, runs: [Run]?) {
            self.parts = parts
            self.runs = runs
        }
    }

    /// Runs for `parts` workers, or nil when splitting is not worth it (fewer than two parts,
    /// a small array), the text is too large for the parser's offsets, or it does not look
    /// like one array — the caller then takes its sequential path.
    /// - Parameter found: the runs of `source` found ahead of time, if any; used instead of
    ///   splitting again when they were cut for the same `parts`.
    public static func parallelRuns(_ source: [UInt8], parts: Int, found: Split? = nil) -> [Run]? {
        guard parts > 1, source.count >= parallelThreshold, source.count <= Int(UInt32.max) else { return nil }
        let runs: [Run]?
        if let found, found.parts == parts {
            runs = found.runs
            precondition(runs?.allSatisfy { $0.bytes.upperBound <= source.count } ?? true, "runs found for other bytes")
        } else {
            runs = split(source, into: parts)
        }
        guard let runs, runs.count > 1 else { return nil }
        return runs
    }
}
