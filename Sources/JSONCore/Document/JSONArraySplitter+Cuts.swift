import Foundation

extension JSONArraySplitter {
    /// How far past a cut the text is parsed to confirm the cut is between two elements.
    static let cutCheckBytes = 64 << 10

    /// Cuts a large array of objects into about `parts` runs without reading it through, as
    /// `split(_:into:)` does: a stored array is in memory whole, and reading 170 MB only to find
    /// its commas took as long as one core's share of parsing it.
    ///
    /// Each cut is the first comma in its share of the bytes that stands between two objects
    /// (`}`, `,`, `{`, spaces allowed) and after which the next `cutCheckBytes` parse strictly as
    /// values separated by commas: a comma between the objects of a list inside an element is
    /// followed, within that element, by the `]` closing the list, and one inside a string most
    /// often by text that is not JSON. A share where no comma passes within `cutSearchBytes` of
    /// checking gets no cut, so the checks cost at most that much parsing a share (and finding
    /// the commas, a `memchr` over the share). What the check lets
    /// through (a list inside an element longer than `cutCheckBytes`, a string that reads as JSON
    /// from a comma inside it) the parse of the runs catches: a run starting where an element
    /// starts is parsed strictly up to its cut, so a cut that is not between two elements ends
    /// that run inside an element, and the parse fails there (`ParallelCollectionDecoder.accumulate`
    /// then cuts the rest of the array by reading it).
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
                let shareStart = start + part * share
                guard let comma = cut(buffer, in: shareStart..<(shareStart + share), end: end) else {
                    continue
                }
                runs.append(runStart..<comma)
                runStart = comma + 1
            }
            guard !runs.isEmpty else { return nil }
            return runs + [runStart..<end]
        }
    }

    /// How much text, in all, checking the commas of one share may parse before the share is
    /// given no cut.
    static let cutSearchBytes = 4 * cutCheckBytes

    /// The first comma in `range` that stands between two objects and is confirmed (see
    /// `cuts`), the text being checked up to `end` (the array's closing bracket); nil when
    /// none is, or checking has parsed `cutSearchBytes`.
    private static func cut(_ buffer: UnsafeBufferPointer<UInt8>, in range: Range<Int>, end: Int) -> Int? {
        let base = buffer.baseAddress!
        var position = range.lowerBound
        var checked = 0
        while position < range.upperBound, checked < cutSearchBytes,
            let found = memchr(base + position, Int32(UInt8(ascii: ",")), range.upperBound - position)
        {
            let comma = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            position = comma + 1
            var before = comma - 1
            while before > 0, isSpace(base[before]) { before -= 1 }
            var after = comma + 1
            while after < end, isSpace(base[after]) { after += 1 }
            guard base[before] == UInt8(ascii: "}"), after < end, base[after] == UInt8(ascii: "{") else { continue }
            let (isElement, parsed) = startsElements(UnsafeBufferPointer(rebasing: buffer[after..<end]))
            if isElement { return comma }
            checked += parsed
        }
        return nil
    }

    /// Whether the first `cutCheckBytes` of `text` parse strictly as values separated by commas
    /// (a value they end inside counting as sound so far), or the whole of it when shorter: true
    /// of text that starts at an element of the array and ends at its closing bracket; and how
    /// much of it was parsed, `cutCheckBytes` at most. The text starts at the comma's next
    /// object, so a parse error (which counts the lines before it) costs what was parsed, not
    /// the array's size.
    private static func startsElements(_ text: UnsafeBufferPointer<UInt8>) -> (Bool, parsed: Int) {
        let limit = min(text.count, cutCheckBytes)
        var parser = JSONParser(buffer: text, range: 0..<limit, options: .default, tapeCapacity: 64)
        do {
            while true {
                parser.tape.removeAll(keepingCapacity: true)
                try parser.parseValue(depth: 1)
                parser.skipWhitespace()
                if parser.position >= limit { return (true, limit) }
                guard parser.base[parser.position] == UInt8(ascii: ",") else { return (false, parser.position) }
                parser.position += 1
                parser.skipWhitespace()
            }
        } catch {
            // Only the end of what was parsed, short of the array's own end, is no fault of the text.
            guard case .unexpectedEnd = error.reason, limit < text.count else { return (false, parser.position) }
            return (true, limit)
        }
    }
}
