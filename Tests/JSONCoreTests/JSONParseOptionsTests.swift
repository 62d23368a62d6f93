import JSONCore
import Testing

/// The parser's limits on untrusted input: nesting depth is bounded (an error, never a stack
/// overflow); strings and numbers have no limit of their own.
@Suite struct JSONParseOptionsTests {
    /// `depth` arrays inside one another, the innermost holding `1`.
    static func nestedArrays(_ depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + [UInt8(ascii: "1")]
            + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    /// `depth` objects inside one another, each under the key `a`.
    static func nestedObjects(_ depth: Int) -> [UInt8] {
        Array(String(repeating: #"{"a":"#, count: depth).utf8) + [UInt8(ascii: "1")]
            + Array(repeating: UInt8(ascii: "}"), count: depth)
    }

    @Test func defaultsAllowSixtyFourLevels() {
        #expect(JSONParseOptions.default.maxDepth == 64)
        #expect(JSONParseOptions() == .default)
        #expect(JSONParseOptions(maxDepth: 3) == JSONParseOptions(maxDepth: 3))
        #expect(JSONParseOptions(maxDepth: 3) != .default)
    }

    @Test func acceptsNestingExactlyAtTheLimit() throws {
        var value = try JSONDocument(parsing: Self.nestedArrays(64)).root
        for _ in 1..<64 { value = try #require(value[0]) }
        #expect(value[0]?.int == 1)
        let objects = try JSONDocument(parsing: Self.nestedObjects(64))
        #expect(objects.root.kind == .object)
    }

    @Test func rejectsOneLevelBeyondTheLimitAtTheOffendingBracket() {
        let arrays = parseFailure(Self.nestedArrays(65))
        #expect(arrays?.reason == .tooDeep(limit: 64))
        #expect(arrays?.offset == 64)
        let objects = parseFailure(Self.nestedObjects(65))
        #expect(objects?.reason == .tooDeep(limit: 64))
        #expect(objects?.offset == 64 * 5)
    }

    @Test func aHundredThousandOpenBracketsThrowInsteadOfOverflowingTheStack() {
        let brackets = Array(repeating: UInt8(ascii: "["), count: 100_000)
        #expect(parseFailure(brackets)?.reason == .tooDeep(limit: 64))
        let mixed = Array(String(repeating: #"[{"k":"#, count: 50_000).utf8)
        #expect(parseFailure(mixed)?.reason == .tooDeep(limit: 64))
        #expect(validationFailure(brackets)?.reason == .tooDeep(limit: 64))
        #expect(throws: JSONParseError(reasonOf: String(repeating: "[", count: 100_000))) {
            try JSONArrayStream.forEachElement(in: brackets) { _, _ in }
        }
    }

    @Test func aLowerLimitIsHonoured() throws {
        let one = JSONParseOptions(maxDepth: 1)
        #expect(try JSONDocument(parsing: Array("[1,2,3]".utf8), options: one).root.count == 3)
        #expect(try JSONDocument(parsing: Array("\"scalar\"".utf8), options: one).root.string == "scalar")
        let array = parseFailure(Array("[1,[2]]".utf8), one)
        #expect(array?.reason == .tooDeep(limit: 1))
        #expect(array?.offset == 3)
        let object = parseFailure(Array(#"{"a":{}}"#.utf8), one)
        #expect(object?.reason == .tooDeep(limit: 1))
        #expect(object?.offset == 5)
        // An empty container is a level too.
        #expect(parseFailure(Array("[1,2,{}]".utf8), one)?.offset == 5)
    }

    @Test func siblingsDoNotAddDepth() throws {
        let two = JSONParseOptions(maxDepth: 2)
        let wide = try JSONDocument(parsing: Array(#"[[1],[2],{"a":3},[],{}]"#.utf8), options: two)
        #expect(wide.root.count == 5)
        #expect(parseFailure(Array(#"[[1],[2],{"a":[]}]"#.utf8), two)?.reason == .tooDeep(limit: 2))
    }

    @Test func aRaisedLimitAcceptsDeeperDocuments() throws {
        let options = JSONParseOptions(maxDepth: 300)
        #expect(try JSONDocument(parsing: Self.nestedArrays(300), options: options).root.count == 1)
        #expect(parseFailure(Self.nestedArrays(301), options)?.reason == .tooDeep(limit: 300))
        #expect(parseFailure(Self.nestedArrays(65))?.reason == .tooDeep(limit: 64))
    }

    @Test func streamingCountsTheTopLevelArrayAsOneLevel() throws {
        var seen: [Int] = []
        #expect(throws: JSONParseError.self) {
            try JSONArrayStream.forEachElement(in: Array("[[1],[[2]]]".utf8), options: JSONParseOptions(maxDepth: 2)) {
                index, _ in
                seen.append(index)
            }
        }
        #expect(seen == [0])
        var count = 0
        try JSONArrayStream.forEachElement(in: Self.nestedArrays(64)) { _, _ in count += 1 }
        #expect(count == 1)
    }

    @Test func stringsAndNumbersHaveNoLengthLimitOfTheirOwn() throws {
        let digits = "9" + String(repeating: "0", count: 9_999)
        let number = try JSONDocument(parsing: Array(digits.utf8)).root
        #expect(number.numberText == digits)
        #expect(number.int == nil)
        #expect(number.double == .infinity)
        let long = String(repeating: "abcdefgh", count: 128 * 1024)
        let string = try JSONDocument(parsing: Array("\"\(long)\"".utf8)).root
        #expect(string.string == long)
        #expect(string.sourceRange == 0..<(long.utf8.count + 2))
    }
}
