import Dispatch
import Foundation

/// Splits a top-level JSON array into runs of whole elements, so the runs can be parsed on
/// several cores at once.
///
/// It only follows strings and brackets to find the commas between elements; it does not
/// validate. Each run is then parsed strictly (`JSONArrayStream.forEachElement(in:run:)`), and
/// text the splitter misjudged fails there — callers then fall back to one sequential pass,
/// which reports the error exactly.
public enum JSONArraySplitter {
    /// A run of consecutive elements.
    public struct Run: Sendable, Equatable {
        /// The bytes of the elements and the commas between them (no brackets).
        public var bytes: Range<Int>
        /// The position of the run's first element in the array.
        public var firstIndex: Int
    }

    /// Splits `source` into at most `parts` runs of about equal size.
    /// - Returns: nil when `source` does not look like one array (then parse it sequentially).
    public static func split(_ source: [UInt8], into parts: Int) -> [Run]? {
        source.withUnsafeBufferPointer { buffer -> [Run]? in
            guard let base = buffer.baseAddress, parts >= 1 else { return nil }
            let count = buffer.count
            var start = 0
            while start < count, isSpace(base[start]) { start += 1 }
            var end = count
            while end > start, isSpace(base[end - 1]) { end -= 1 }
            guard start < end, base[start] == UInt8(ascii: "["), base[end - 1] == UInt8(ascii: "]") else { return nil }
            let innerStart = start + 1
            let innerEnd = end - 1
            let target = max(1, (innerEnd - innerStart) / parts)
            var runs: [Run] = []
            var runStart = innerStart
            var runFirstIndex = 0
            var elementIndex = 0
            var depth = 0
            var position = innerStart
            var sawValue = false
            while position < innerEnd {
                let byte = base[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position = closingQuote(base, from: position + 1, end: innerEnd)
                    sawValue = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    sawValue = true
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: ","):
                    if depth == 0 {
                        elementIndex += 1
                        if position - runStart >= target, runs.count < parts - 1 {
                            runs.append(Run(bytes: runStart..<position, firstIndex: runFirstIndex))
                            runStart = position + 1
                            runFirstIndex = elementIndex
                        }
                    }
                default:
                    if !isSpace(byte) { sawValue = true }
                }
                position += 1
            }
            // Commas with no value at all (`[,]`) are not an empty array.
            guard depth == 0, sawValue || elementIndex == 0 else { return nil }
            if sawValue { runs.append(Run(bytes: runStart..<innerEnd, firstIndex: runFirstIndex)) }
            return runs
        }
    }

    /// The position of the quote closing a string whose text starts at `start` (`end` when
    /// none does). Strings are most of a record array, so they are skipped with `memchr`.
    private static func closingQuote(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        var searchFrom = start
        while searchFrom < end {
            guard let found = memchr(base + searchFrom, Int32(UInt8(ascii: "\"")), end - searchFrom) else { return end }
            let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            // A quote after an odd number of backslashes is escaped.
            var backslashes = 0
            while quote - 1 - backslashes >= searchFrom, base[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            searchFrom = quote + 1
        }
        return end
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
        try source.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, range: run.bytes, options: options, tapeCapacity: 64)
            // The tape's offsets are 32-bit, as in the sequential parse.
            if buffer.count > Int(UInt32.max) { throw parser.error(.tooLarge, at: run.bytes.lowerBound) }
            var index = run.firstIndex
            parser.skipWhitespace()
            while true {
                let capacity = max(parser.tape.count, 16)
                parser.tape = []
                parser.tape.reserveCapacity(capacity)
                try parser.parseValue(depth: 1)
                try body(index, JSONDocument(source: source, tape: parser.tape).root)
                index += 1
                parser.skipWhitespace()
                guard parser.position < parser.end else { return }
                let byte = parser.base[parser.position]
                guard byte == UInt8(ascii: ",") else {
                    throw parser.error(.unexpectedCharacter(byte, expected: "',' or ']'"))
                }
                parser.position += 1
                parser.skipWhitespace()
            }
        }
    }
}

extension JSONArraySplitter {
    /// Arrays smaller than this are not worth splitting: the threads cost more than they save.
    public static let parallelThreshold = 1 << 20

    /// How many parts to cut work into: two per core, so one slow part does not hold up the
    /// rest; 1 on a single core, where cutting only costs.
    public static var defaultParts: Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores > 1 ? cores * 2 : 1
    }

    /// Runs for `parts` workers, or nil when splitting is not worth it (fewer than two parts,
    /// a small array), the text is too large for the parser's offsets, or it does not look
    /// like one array — the caller then takes its sequential path.
    public static func parallelRuns(_ source: [UInt8], parts: Int = defaultParts) -> [Run]? {
        guard parts > 1, source.count >= parallelThreshold, source.count <= Int(UInt32.max),
              let runs = split(source, into: parts), runs.count > 1
        else { return nil }
        return runs
    }

    /// Calls `body` once per run, on every core at once, and returns the results in run order.
    ///
    /// `body` runs on several threads at the same time: each call must touch only what
    /// belongs to its own run (its own result, visitor or buffers) and read shared data only.
    /// - Returns: nil when `body` threw for any run.
    public static func mapRuns<Element: Sendable, Result>(_ runs: [Element], _ body: (Element) throws -> Result) -> [Result]? {
        let slots = RunSlots<Result>(count: runs.count)
        withoutActuallyEscaping(body) { body in
            let shared = SharedBody(body: body)
            DispatchQueue.concurrentPerform(iterations: runs.count) { index in
                slots.store(try? shared.body(runs[index]), at: index)
            }
        }
        return slots.all
    }

    /// The body handed to the worker threads; `mapRuns` states what it may touch.
    private struct SharedBody<Element, Result>: @unchecked Sendable {
        let body: (Element) throws -> Result
    }

    /// Per-run results, filled from several threads, each slot by exactly one.
    private final class RunSlots<Result>: @unchecked Sendable {
        private var slots: [Result?]
        private let lock = NSLock()

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        func store(_ result: Result?, at index: Int) {
            lock.lock()
            slots[index] = result
            lock.unlock()
        }

        var all: [Result]? {
            lock.lock()
            defer { lock.unlock() }
            var results: [Result] = []
            results.reserveCapacity(slots.count)
            for slot in slots {
                guard let slot else { return nil }
                results.append(slot)
            }
            return results
        }
    }
}
