import Foundation
import JSONCore
import Testing

@Suite struct JSONArraySplitterTests {
    @Test func runsCoverEveryElementOnceAndInOrder() throws {
        let elements = (0..<500).map { #"{"n":\#($0),"s":"a,b]}[{\"x\",y"}"# }
        let source = Array(("  [ " + elements.joined(separator: " , ") + " ]\n").utf8)
        let runs = try #require(JSONArraySplitter.split(source, into: 4))
        #expect(runs.count == 4)
        var seen: [Int] = []
        for run in runs {
            try JSONArrayStream.forEachElement(in: source, run: run) { index, element in
                #expect(element["n"]?.int == index)
                seen.append(index)
            }
        }
        #expect(seen == Array(0..<500))
    }

    @Test func theRestOfAnArrayFromAnElementIsSplitNumberedFromThere() throws {
        let elements = (0..<500).map { #"{"n":\#($0),"s":"a,b]}[{\"x\",y"}"# }
        let source = Array(("[" + elements.joined(separator: ",") + "] ").utf8)
        let from = try #require(source.firstRange(of: Array(#"{"n":200,"#.utf8))?.lowerBound)
        let runs = try #require(JSONArraySplitter.split(source, into: 4, elementsFrom: from))
        #expect(runs.count == 4 && runs.first?.bytes.lowerBound == from && runs.first?.firstIndex == 0)
        var seen: [Int] = []
        for run in runs {
            try JSONArrayStream.forEachElement(in: source, run: run) { index, element in
                #expect(element["n"]?.int == 200 + index)
                seen.append(index)
            }
        }
        #expect(seen == Array(0..<300))
    }

    @Test(arguments: ["", "{}", "[1,2", "1,2]", "[1]]"])
    func refusesWhatIsNotOneArray(_ text: String) {
        #expect(JSONArraySplitter.split(Array(text.utf8), into: 2) == nil)
    }

    @Test func anEmptyArrayHasNoRuns() {
        #expect(JSONArraySplitter.split(Array("[ ]".utf8), into: 3) == [])
    }

    @Test func aMisjudgedRunFailsToParse() throws {
        let source = Array("[1,,2]".utf8)
        let runs = try #require(JSONArraySplitter.split(source, into: 1))
        #expect(throws: JSONParseError.self) {
            for run in runs { try JSONArrayStream.forEachElement(in: source, run: run) { _, _ in } }
        }
    }
}
