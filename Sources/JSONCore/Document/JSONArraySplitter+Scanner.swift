import Foundation

extension JSONArraySplitter {
    /// Finds the runs of an array while its bytes are still arriving: `scan` takes each newly
    /// filled stretch of one buffer that does not move, `finish` gives the runs, as
    /// `split(_:into:)` would for the whole buffer.
    ///
    ///     var scanner = JSONArraySplitter.Scanner(count: size, parts: 4)
    ///     scanner.scan(base, upTo: filled)      // as often as bytes arrive
    ///     let runs = scanner.finish()
    ///
    /// It follows strings and brackets only, as `split` does; the text stops being looked at
    /// as soon as it is clearly not one array.
    public struct Scanner: Sendable {
        private enum State: Sendable { case beforeArray, insideArray, afterArray, refused }

        private let parts: Int
        private let targetRunBytes: Int
        private var state = State.beforeArray
        private var position = 0
        private var depth = 0
        /// Where the text of the string being read starts; nil outside strings.
        private var openString: Int?
        private var runs: [Run] = []
        private var runStart = 0
        private var runFirstIndex = 0
        private var elementIndex = 0
        private var arrayEnd = 0
        private var sawValue = false

        /// A scanner for an array of `count` bytes in all, to be cut into at most `parts` runs;
        /// with `start`, for the rest of the array from there, where one of its elements begins
        /// (its runs' elements numbered from 0 at `start`).
        public init(count: Int, parts: Int, elementsFrom start: Int? = nil) {
            precondition(parts >= 1, "an array is cut into at least one part")
            self.parts = parts
            // The elements' bytes: all but the brackets, or the rest from `start`.
            targetRunBytes = max(1, (start.map { count - $0 } ?? count - 2) / parts)
            if let start { (state, position, runStart) = (.insideArray, start, start) }
        }

        /// Reads the bytes from where the last call stopped up to `end`, which must not lie
        /// before it; the bytes before `end` must not change afterwards.
        public mutating func scan(_ base: UnsafePointer<UInt8>, upTo end: Int) {
            precondition(end >= position, "scanned backwards")
            while position < end {
                switch state {
                case .beforeArray:
                    let byte = base[position]
                    if byte == UInt8(ascii: "[") {
                        state = .insideArray
                        runStart = position + 1
                    } else if !JSONArraySplitter.isSpace(byte) {
                        return refuse()
                    }
                    position += 1
                case .insideArray:
                    scanInside(base, upTo: end)
                case .afterArray:
                    guard JSONArraySplitter.isSpace(base[position]) else { return refuse() }
                    position += 1
                case .refused:
                    return
                }
            }
        }

        /// The runs, or nil when the text was not one array.
        public func finish() -> [Run]? {
            // Commas with no value at all (`[,]`) are not an empty array.
            guard state == .afterArray, sawValue || elementIndex == 0 else { return nil }
            guard sawValue else { return [] }
            return runs + [Run(bytes: runStart..<arrayEnd, firstIndex: runFirstIndex)]
        }

        private mutating func refuse() {
            state = .refused
            runs = []
        }

        /// The array's own text: strings skipped whole, brackets counted, commas between
        /// elements marking where runs may end. Returns at `end` or when the array closes.
        private mutating func scanInside(_ base: UnsafePointer<UInt8>, upTo end: Int) {
            // The loop works on copies, written back once: stored properties of `self` would be
            // loaded and stored again around every byte.
            var position = self.position
            var depth = self.depth
            var sawValue = self.sawValue
            defer { (self.position, self.depth, self.sawValue) = (position, depth, sawValue) }
            while position < end {
                if let textStart = openString {
                    guard let quote = Self.closingQuote(base, from: position, end: end, textStart: textStart) else {
                        position = end
                        return
                    }
                    openString = nil
                    position = quote + 1
                    continue
                }
                let byte = base[position]
                switch byte {
                case UInt8(ascii: "\""):
                    sawValue = true
                    // Skipped at once, the common case: its closing quote is already here.
                    guard let quote = Self.closingQuote(base, from: position + 1, end: end, textStart: position + 1)
                    else {
                        openString = position + 1
                        position = end
                        return
                    }
                    position = quote
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    sawValue = true
                case UInt8(ascii: "]") where depth == 0:
                    arrayEnd = position
                    state = .afterArray
                    position += 1
                    return
                case UInt8(ascii: "}") where depth == 0:
                    return refuse()
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 {
                        elementIndex += 1
                        if position - runStart >= targetRunBytes, runs.count < parts - 1 {
                            runs.append(Run(bytes: runStart..<position, firstIndex: runFirstIndex))
                            runStart = position + 1
                            runFirstIndex = elementIndex
                        }
                    }
                default:
                    if !JSONArraySplitter.isSpace(byte) { sawValue = true }
                }
                position += 1
            }
        }

        /// The position of the unescaped quote closing a string whose text starts at
        /// `textStart`, searching from `start` up to `end`; nil when there is none yet. Strings
        /// are most of a record array, so they are skipped with `memchr`.
        private static func closingQuote(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, textStart: Int)
            -> Int?
        {
            var searchFrom = start
            while searchFrom < end {
                guard let found = memchr(base + searchFrom, Int32(UInt8(ascii: "\"")), end - searchFrom) else {
                    return nil
                }
                let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                // A quote after an odd number of backslashes is escaped.
                var backslashes = 0
                while quote - 1 - backslashes >= textStart, base[quote - 1 - backslashes] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return quote }
                searchFrom = quote + 1
            }
            return nil
        }
    }
}
