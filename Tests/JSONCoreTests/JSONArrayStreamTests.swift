import TestSupport
import Testing

@testable import JSONCore

/// Reading a top-level array one element at a time.
@Suite struct JSONArrayStreamTests {
    /// The elements seen, in canonical form, and the error thrown (if any).
    static func stream(_ text: String) -> (seen: [String], error: JSONParseError?) {
        var seen: [String] = []
        var expectedIndex = 0
        do {
            try JSONArrayStream.forEachElement(in: Array(text.utf8)) { index, element in
                #expect(index == expectedIndex)
                expectedIndex += 1
                seen.append(PythonJSONPeer.canonical(element))
            }
            return (seen, nil)
        } catch let error as JSONParseError {
            return (seen, error)
        } catch {
            Issue.record("unexpected error \(error)")
            return (seen, nil)
        }
    }

    @Test func callsBackForEachElementInOrder() throws {
        let source = Array(#"[1, "two", {"n": 3}, [4], null, true, false, -0.5]"#.utf8)
        var kinds: [JSONKind] = []
        var indices: [Int] = []
        try JSONArrayStream.forEachElement(in: source) { index, element in
            indices.append(index)
            kinds.append(element.kind)
            if index == 0 { #expect(element.int == 1) }
            if index == 1 { #expect(element.string == "two") }
            if index == 2 { #expect(element["n"]?.int == 3) }
            if index == 3 { #expect(element[0]?.int == 4) }
        }
        #expect(indices == Array(0..<8))
        #expect(kinds == [.number, .string, .object, .array, .null, .true, .false, .number])
    }

    @Test(arguments: ["[]", "[ ]", " \n[\t\r\n ]\n "])
    func anEmptyArrayCallsNothing(_ text: String) {
        let result = Self.stream(text)
        #expect(result.seen.isEmpty)
        #expect(result.error == nil)
    }

    @Test func whitespaceAnywhereBetweenTokensIsAccepted() {
        let result = Self.stream(" \r\n[\n 1 \t,\r\n\"a\" , [ ] ,{ }\n]\n\n")
        #expect(result.error == nil)
        #expect(result.seen == ["i1", "s61", "[]", "{}"])
    }

    @Test(arguments: ["{}", "1", "\"a\"", "null", "{\"a\": [1]}"])
    func rejectsATopLevelThatIsNotAnArray(_ text: String) {
        let result = Self.stream(text)
        #expect(result.seen.isEmpty)
        #expect(result.error?.reason == .unexpectedCharacter(text.utf8.first!, expected: "'[' (an array)"))
        #expect(result.error?.offset == 0)
        #expect(result.error?.description.hasSuffix("where '[' (an array) was expected.") == true)
    }

    @Test(arguments: ["", "  \n"])
    func rejectsAnEmptyText(_ text: String) {
        #expect(Self.stream(text).error?.reason == .empty)
    }

    @Test func errorsAfterSomeElementsAreStillThrown() {
        let cases: [(String, [String], JSONParseError.Reason, Int)] = [
            ("[1,2,x]", ["i1", "i2"], .unexpectedCharacter(UInt8(ascii: "x"), expected: "a value"), 5),
            ("[1,2", ["i1", "i2"], .unexpectedEnd, 4),
            ("[1,2,", ["i1", "i2"], .unexpectedEnd, 5),
            ("[1,2,]", ["i1", "i2"], .unexpectedCharacter(UInt8(ascii: "]"), expected: "a value"), 5),
            ("[1 2]", ["i1"], .unexpectedCharacter(UInt8(ascii: "2"), expected: "',' or ']'"), 3),
            ("[1,2] 3", ["i1", "i2"], .trailingContent, 6),
            ("[1,2]]", ["i1", "i2"], .trailingContent, 5),
            (
                "[{\"a\":1},{\"a\" 2}]", ["{s61:i1}"],
                .unexpectedCharacter(UInt8(ascii: "2"), expected: "':' after the key"), 14
            ),
            ("[\"ok\",\"bad\\q\"]", ["s6f6b"], .invalidEscape, 11),
            ("[", [], .unexpectedEnd, 1),
        ]
        for (text, seen, reason, offset) in cases {
            let result = Self.stream(text)
            #expect(result.seen == seen, "\(text)")
            #expect(result.error?.reason == reason, "\(text)")
            #expect(result.error?.offset == offset, "\(text)")
        }
    }

    @Test func reportsTheSameErrorAsWholeDocumentParsing() {
        for text in [
            "[1,2,x]", "[1,2", "[1,]", "[1 2]", "[1] 2", "[\"\\uD800\"]", "[01]", "[[1,2],{\"a\":tru}]", "[\"a\nb\"]",
        ] {
            let streamed = Self.stream(text).error
            #expect(streamed != nil, "\(text)")
            #expect(streamed == JSONParseError(reasonOf: text), "\(text)")
        }
    }

    @Test func anErrorFromTheBodyStopsTheWalkAndPropagates() {
        struct Stop: Error, Equatable { var index: Int }
        var seen: [Int] = []
        #expect(throws: Stop(index: 1)) {
            try JSONArrayStream.forEachElement(in: Array("[10, 11, 12]".utf8)) { index, _ in
                seen.append(index)
                if index == 1 { throw Stop(index: index) }
            }
        }
        #expect(seen == [0, 1])
    }

    @Test func smallElementsShareADocumentOverTheSharedSource() throws {
        let source = Array(#"[ {"a": [1, 2]} , "s" , 3 ]"#.utf8)
        var ranges: [String] = []
        var tapeSpans: [Range<Int>] = []
        var documents: Set<ObjectIdentifier> = []
        try JSONArrayStream.forEachElement(in: source) { _, element in
            #expect(element.document.source == source)
            documents.insert(ObjectIdentifier(element.document))
            ranges.append(String(decoding: source[element.sourceRange], as: UTF8.self))
            tapeSpans.append(element.tapeIndex..<element.document.view.next(element.tapeIndex))
        }
        #expect(ranges == [#"{"a": [1, 2]}"#, #""s""#, "3"])
        // Each element's values are its own stretch of the shared tape.
        #expect(tapeSpans == [0..<5, 5..<6, 6..<7])
        #expect(documents.count == 1)
    }

    @Test func aLongArrayIsReadInBatchesOfBoundedTape() throws {
        let count = 3 * JSONArrayStream.batchNodes
        let text = "[" + (0..<count).map { #"{"n": \#($0), "list": [\#($0), "x"]}"# }.joined(separator: ",") + "]"
        var numbers: [Int] = []
        var documents: [JSONDocument] = []
        try JSONArrayStream.forEachElement(in: Array(text.utf8)) { index, element in
            #expect(element["n"]?.int == index)
            numbers.append(index)
            if documents.last !== element.document { documents.append(element.document) }
        }
        #expect(numbers == Array(0..<count))
        // Seven nodes a record (keys count): several documents, none over a batch and a record.
        #expect(documents.count > 3 && documents.count <= count * 7 / JSONArrayStream.batchNodes + 1)
        #expect(documents.allSatisfy { $0.tape.count < JSONArrayStream.batchNodes + 7 })
    }

    @Test func anErrorPastABatchStillHandsOverEveryElementBeforeIt() {
        let count = JSONArrayStream.batchNodes + 10
        let text = "[" + (0..<count).map(String.init).joined(separator: ",") + ",x]"
        var seen = 0
        #expect(throws: JSONParseError.self) {
            try JSONArrayStream.forEachElement(in: Array(text.utf8)) { index, element in
                #expect(element.int == index)
                seen += 1
            }
        }
        #expect(seen == count)
    }

    @Test func elementsStayReadableAfterTheWalk() throws {
        var kept: [JSONValue] = []
        try JSONArrayStream.forEachElement(in: Array(#"[{"d": "a.com"}, {"d": "b.org"}]"#.utf8)) { _, element in
            kept.append(element)
        }
        #expect(kept.map { $0["d"]?.string } == ["a.com", "b.org"])
    }

    @Test func agreesWithWholeDocumentParsingOnGeneratedArrays() throws {
        var rng = SeededGenerator(seed: 0xA11A7)
        for _ in 0..<100 {
            let elements = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                JSONTree.random(JSONTree.Shape(), depth: 1, using: &rng)
            }
            var text: [UInt8] = []
            JSONTree.array(elements).render(into: &text, using: &rng)
            var streamed: [String] = []
            try JSONArrayStream.forEachElement(in: text) { _, element in
                streamed.append(PythonJSONPeer.canonical(element))
            }
            #expect(streamed == elements.map(\.canonical))
            #expect(try JSONDocument(parsing: text).root.elements.map(PythonJSONPeer.canonical) == streamed)
        }
    }
}
