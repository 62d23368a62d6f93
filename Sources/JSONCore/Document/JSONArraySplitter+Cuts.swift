import Foundation

extension JSONArraySplitter {
    /// How far past a cut the text is parsed to confirm the cut is between two elements.
    static let cutCheckBytes = 64 << 10

    /// Cuts a large array of objects into about `parts` runs without reading it through, as
    /// `split(_:into:)` does: a stored array is in memory whole, and reading 170 MB only to find
    /// its commas took as long as one core's share of parsing it.
    ///
    /// Each cut is the first comma past its share of the bytes that stands between two objects
    /// (`}`, `,`, `{`, spaces allowed) and after which the next `cutCheckBytes` parse strictly as
    /// values separated by commas: a comma between the objects of a list inside an element is
    /// followed, within that element, by the `]` closing the list, and one inside a string by
    /// text that is not JSON. What this does not rule out (a list inside an element longer than
    /// `cutCheckBytes`) the parse of the runs does: a run starting where an element starts is
    /// parsed strictly up to its cut, so a cut that is not between two elements ends that run
    /// inside an element, and the parse fails there (`ParallelCollectionDecoder.accumulate` then
    /// reads on from the last run known good, on one thread).
    ///
    /// The runs hold no element positions: those are known only once the runs before them are
    /// read. Parse them with `JSONArrayStream.forEachElement(in:elementsIn:)`.
    /// - Returns: each run's bytes (elements and the commas between them, no brackets), in
    ///   order; nil when the text is smaller than `parallelThreshold`, too large for the
    ///   parser's offsets, not bracketed as one array, or no cut was found.
    public static func cuts(_ source: [UInt8], parts: Int) -> [Range<Int>]? {
        guard parts > 1, source.count >= parallelThreshold, source.count <= Int(UInt32.max) else { return nil }
        return source.withUnsafeBufferPointer { buffer -> [Range<Int>]? in
            guard let base = buffer.baseAddress else { return nil }
            var first = 0
            while first < buffer.count, isSpace(base[first]) { first += 1 }
            var last = buffer.count - 1
            while last > first, isSpace(base[last]) { last -= 1 }
            guard first < last, base[first] == UInt8(ascii: "["), base[last] == UInt8(ascii: "]") else { return nil }
            let (start, end) = (first + 1, last)
            let share = (end - start) / parts
            var runs: [Range<Int>] = []
            var runStart = start
            for part in 1..<parts {
                let target = max(start + part * share, runStart)
                guard let comma = cut(buffer, from: target, end: end), comma > runStart else { continue }
                runs.append(runStart..<comma)
                runStart = comma + 1
            }
            guard !runs.isEmpty else { return nil }
            return runs + [runStart..<end]
        }
    }

    /// The first comma from `position` that stands between two objects and is confirmed (see
    /// `cuts`), before `end` (the array's closing bracket).
    private static func cut(_ buffer: UnsafeBufferPointer<UInt8>, from position: Int, end: Int) -> Int? {
        let base = buffer.baseAddress!
        var position = position
        while position < end, let found = memchr(base + position, Int32(UInt8(ascii: ",")), end - position) {
            let comma = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            position = comma + 1
            var before = comma - 1
            while before > 0, isSpace(base[before]) { before -= 1 }
            var after = comma + 1
            while after < end, isSpace(base[after]) { after += 1 }
            guard base[before] == UInt8(ascii: "}"), after < end, base[after] == UInt8(ascii: "{") else { continue }
            if startsElements(buffer, at: after, end: end) { return comma }
        }
        return nil
    }

    /// Whether the text from `start` parses strictly as values separated by commas for
    /// `cutCheckBytes`, or up to `end`: true of text that starts at an element of the array.
    private static func startsElements(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Bool {
        var parser = JSONParser(buffer: buffer, range: start..<end, options: .default, tapeCapacity: 64)
        let limit = min(end, start + cutCheckBytes)
        do {
            while true {
                parser.tape.removeAll(keepingCapacity: true)
                try parser.parseValue(depth: 1)
                parser.skipWhitespace()
                if parser.position >= limit { return true }
                guard parser.base[parser.position] == UInt8(ascii: ",") else { return false }
                parser.position += 1
                parser.skipWhitespace()
            }
        } catch {
            return false
        }
    }
}
