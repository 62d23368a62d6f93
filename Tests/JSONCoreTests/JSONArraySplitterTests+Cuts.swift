import Foundation
import Testing

@testable import JSONCore

/// `JSONArraySplitter.cuts`: runs of a large array found without reading it through, checked
/// by the strict parse of the runs.
@Suite struct JSONArraySplitterCutsTests {
    /// A large array of objects, each holding a list of objects (`},{` inside an element) and
    /// strings with brackets and commas, with spaces and line breaks around the commas.
    static func records(_ count: Int) -> [UInt8] {
        let elements = (0..<count).map { n in
            #"{"n":\#(n),"list":[{"a":1},{"b":"],{"},{"c":[{"d":2} , {"e":3}]}],"s":"x},{y"}"#
        }
        return Array(("\n [ " + elements.joined(separator: " ,\n  ") + " ]\n").utf8)
    }

    /// Each run's elements, numbered across the runs, read with the strict parse.
    func numbers(in source: [UInt8], runs: [Range<Int>]) throws -> [Int?] {
        var numbers: [Int?] = []
        for run in runs {
            var count = 0
            try JSONArrayStream.forEachElement(in: source, elementsIn: run) { index, element in
                #expect(index == count, "numbered from 0 within the run")
                count += 1
                numbers.append(element["n"]?.int)
            }
        }
        return numbers
    }

    @Test(arguments: [2, 5, 16])
    func cutsFallBetweenElementsNotInsideThem(parts: Int) throws {
        let source = Self.records(20_000)
        try #require(source.count >= JSONArraySplitter.parallelThreshold)
        let runs = try #require(JSONArraySplitter.cuts(source, parts: parts))
        #expect(runs.count == parts)
        let numbers = try numbers(in: source, runs: runs)
        #expect(numbers == Array(0..<20_000))
        // About equal shares: none more than twice its share.
        let sizes = runs.map(\.count)
        #expect(sizes.allSatisfy { $0 < 2 * source.count / parts })
    }

    @Test(arguments: [
        "{\"a\":[1,2]}", "[1,2] x", "x [1,2]", "[{\"a\":1},{\"a\":2}", "{\"a\":1},{\"a\":2}]",
    ])
    func textThatIsNotBracketedAsOneArrayHasNoCuts(_ text: String) {
        // Padded past the size worth cutting, inside the array's text where it has one.
        let padding = String(repeating: " ", count: JSONArraySplitter.parallelThreshold)
        let source = Array(text.replacingOccurrences(of: ",", with: "," + padding).utf8)
        #expect(JSONArraySplitter.cuts(source, parts: 4) == nil)
    }

    @Test func anArrayWithNoObjectsSideBySideOrTooSmallHasNoCuts() {
        let strings = Array("[\((0..<200_000).map { "\"s\($0)\"" }.joined(separator: ","))]".utf8)
        let (small, large) = (Self.records(10), Self.records(20_000))
        #expect(JSONArraySplitter.cuts(strings, parts: 4) == nil, "no `},{` to cut at")
        #expect(JSONArraySplitter.cuts(small, parts: 4) == nil, "smaller than parallelThreshold")
        #expect(JSONArraySplitter.cuts(large, parts: 1) == nil, "one part")
    }

    @Test func anArrayOfListsOfObjectsHasNoCuts() {
        // Every `},{` is inside an element: the `]` closing its list follows within the check.
        let lists = (0..<40_000).map { #"[{"a":\#($0)},{"b":[{"c":1},{"d":2}]}]"# }
        let source = Array(("[" + lists.joined(separator: ",") + "]").utf8)
        #expect(JSONArraySplitter.cuts(source, parts: 8) == nil)
    }

    @Test func aShareHoldingNoCommaBetweenElementsGetsNoCut() throws {
        // Four elements over sixteen shares: only the three commas between them are cuts.
        let text = String(repeating: "x", count: JSONArraySplitter.parallelThreshold / 2)
        let elements = (0..<4).map { #"{"n":\#($0),"s":"\#(text)"}"# }
        let source = Array(("[" + elements.joined(separator: " , ") + "]").utf8)
        let runs = try #require(JSONArraySplitter.cuts(source, parts: 16))
        #expect(runs.count == 4)
        let numbers = try numbers(in: source, runs: runs)
        #expect(numbers == [0, 1, 2, 3])
    }

    @Test func aCommaBetweenObjectsInsideAStringIsNoCut() throws {
        // Every element's string holds `},{` followed by what looks like a key.
        let elements = (0..<40_000).map { #"{"n":\#($0),"s":"x},{\"n\":1, [ }"}"# }
        let source = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        let runs = try #require(JSONArraySplitter.cuts(source, parts: 4))
        let numbers = try numbers(in: source, runs: runs)
        #expect(numbers == Array(0..<40_000))
    }

    @Test func aCutInsideAListLongerThanTheCheckMakesTheRunBeforeItFailToParse() throws {
        // Each element's list of objects is longer than the text parsed to confirm a cut.
        let list = Array(repeating: #"{"x":1}"#, count: JSONArraySplitter.cutCheckBytes / 4).joined(separator: ",")
        let elements = (0..<12).map { #"{"n":\#($0),"list":[\#(list)]}"# }
        let source = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        let runs = try #require(JSONArraySplitter.cuts(source, parts: 4))
        let misjudged = runs.dropFirst().contains { Array(source[$0.prefix(4)]) != Array(#"{"n""#.utf8) }
        #expect(misjudged, "a cut fell inside an element")
        #expect(throws: JSONParseError.self) { try numbers(in: source, runs: runs) }
    }
}
