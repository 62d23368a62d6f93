import JSONCore
import TestSupport
import Testing

extension JSONArraySplitterTests {
    /// Texts built to fool a splitter that follows only strings and brackets: escaped quotes
    /// and runs of backslashes next to string ends, brackets and commas inside strings,
    /// nested arrays, odd whitespace, numbers next to the commas — and, mutated, the same
    /// texts with one byte changed, dropped or doubled.
    static func trickyArrays(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let strings = [
            #""""#, #""\\""#, #""\\\\""#, #""a\"""#, #""\"]""#, #""],[""#, #""\\\",\"""#, #""{\"a\":[1,2]}""#,
            #""\u005C""#, #""\u0022,""#, #""\ud83d\ude00""#, #"",""#, #""[""#, #""]""#, #""é, ]""#,
            // Longer than the eight bytes scanned at once, escapes on either side of the boundary.
            #""0123456\"89abcdef""#, #""01234567\\""#, #""0123456789abcdef\\\"x\\""#, #""abcdefg\\\\""#,
        ]
        let scalars = ["0", "-0", "1e5", "-12.5E-3", "true", "false", "null", "123456789012345678901234567890"]
        let spaces = ["", " ", "\n", "\t", "\r\n", "  \n\t "]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 2 : 4), using: &random) {
            case 0: return random.pick(strings)
            case 1: return random.pick(scalars)
            case 2:
                return "["
                    + (0..<Int.random(in: 0...3, using: &random)).map { _ in random.pick(spaces) + value(depth + 1) }
                    .joined(separator: ",") + random.pick(spaces) + "]"
            default:
                return "{"
                    + (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        random.pick(strings) + random.pick(spaces) + ":" + random.pick(spaces) + value(depth + 1)
                    }.joined(separator: "," + random.pick(spaces)) + "}"
            }
        }
        var texts: [[UInt8]] = []
        for _ in 0..<count {
            let elements = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                random.pick(spaces) + value(0) + random.pick(spaces)
            }
            var bytes = Array(
                (random.pick(spaces) + "[" + elements.joined(separator: ",") + "]" + random.pick(spaces)).utf8)
            if random.chance(1, in: 2), !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = random.pick(Array(#"[]{}",\: 0a"#.utf8))
                case 1: bytes.remove(at: at)
                default: bytes.insert(bytes[at], at: at)
                }
            }
            texts.append(bytes)
        }
        return texts
    }

    /// Whatever the text and the number of parts: when every run parses, the elements, their
    /// positions and their bytes are exactly those of one sequential pass; when the text is
    /// not one valid array, some run fails (or the splitter declines).
    @Test(arguments: [UInt64(1), 2, 3])
    func runsThatAllParseGiveExactlyTheSequentialElements(seed: UInt64) throws {
        var splitAndParsed = 0
        for text in Self.trickyArrays(count: 1_500, seed: seed) {
            var sequential: [(Int, Range<Int>)] = []
            let sequentialIsValid =
                (try? JSONArrayStream.forEachElement(in: text) { index, element in
                    sequential.append((index, element.sourceRange))
                }) != nil
            for parts in 1...6 {
                guard let runs = JSONArraySplitter.split(text, into: parts) else { continue }
                var parallel: [(Int, Range<Int>)] = []
                var runsParse = true
                for run in runs where runsParse {
                    runsParse =
                        (try? JSONArrayStream.forEachElement(in: text, run: run) { index, element in
                            parallel.append((index, element.sourceRange))
                        }) != nil
                }
                guard runsParse else { continue }
                splitAndParsed += 1
                let shown = String(decoding: text, as: UTF8.self)
                #expect(sequentialIsValid, "runs of an invalid text all parsed: \(shown) into \(parts)")
                if sequentialIsValid {
                    #expect(parallel.map(\.0) == sequential.map(\.0), "\(shown) into \(parts)")
                    #expect(parallel.map(\.1) == sequential.map(\.1), "\(shown) into \(parts)")
                }
            }
        }
        #expect(splitAndParsed > 1_000)
    }
}

extension JSONArraySplitterTests {
    /// `split` is public and promises nil for text that is not one array, leaving the rest to
    /// the strict parse of each run; an empty list of runs means "an empty array", so text with
    /// separators but no value must not come back as one.
    @Test(arguments: ["[,]", "[ , ]", "[,,]", "[\n,\n]"])
    func separatorsWithoutValuesAreNotAnEmptyArray(_ text: String) throws {
        #expect(throws: JSONParseError.self) { try JSONArrayStream.forEachElement(in: Array(text.utf8)) { _, _ in } }
        let runs = JSONArraySplitter.split(Array(text.utf8), into: 1)
        #expect(runs != [], "\(text) split as an empty array")
    }
}
