import JSONCore
import TestSupport
import Testing

/// `JSONArraySplitter.Scanner`: the bytes arrive in pieces, cut anywhere — inside strings,
/// between a backslash and what it escapes, between brackets — and the runs are exactly those
/// of splitting the whole text at once.
extension JSONArraySplitterTests {
    /// The runs of `text` scanned in pieces whose ends `cuts` gives.
    static func scanned(_ text: [UInt8], parts: Int, cuts: [Int]) -> [JSONArraySplitter.Run]? {
        text.withUnsafeBufferPointer { buffer -> [JSONArraySplitter.Run]? in
            var scanner = JSONArraySplitter.Scanner(count: buffer.count, parts: parts)
            guard let base = buffer.baseAddress else { return scanner.finish() }
            for cut in cuts { scanner.scan(base, upTo: cut) }
            scanner.scan(base, upTo: buffer.count)
            return scanner.finish()
        }
    }

    @Test(arguments: [UInt64(4), 5])
    func scanningInPiecesGivesTheRunsOfTheWholeText(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var compared = 0
        for text in Self.trickyArrays(count: 1_000, seed: seed) where !text.isEmpty {
            var cuts: [Int] = []
            var at = 0
            while at < text.count {
                cuts.append(at)
                at += random.chance(1, in: 3) ? 1 : Int.random(in: 0...9, using: &random)
            }
            for parts in 1...5 {
                let whole = JSONArraySplitter.split(text, into: parts)
                #expect(
                    Self.scanned(text, parts: parts, cuts: cuts) == whole,
                    "\(String(decoding: text, as: UTF8.self)) into \(parts)")
                compared += 1
            }
        }
        #expect(compared > 4_000)
    }

    @Test func everyByteAPieceOfItsOwn() throws {
        let text = Array(#" [ {"a":"x\\\"],[","b":[1,{"c":"\\\\"}]} , "\u0022]" ,[[]] ,-1.5e3 ] "#.utf8)
        let whole = try #require(JSONArraySplitter.split(text, into: 3))
        #expect(whole.count >= 2)
        #expect(Self.scanned(text, parts: 3, cuts: Array(0...text.count)) == whole)
    }

    @Test(arguments: ["", "   ", "[1,2", #"["a]"#, #"["a\"]"#, "[1]]", "[1] x", "x[1]", "[1}", "[,]"])
    func textThatIsNotOneArrayHasNoRunsHoweverItArrives(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(JSONArraySplitter.split(bytes, into: 2) == nil)
        #expect(Self.scanned(bytes, parts: 2, cuts: Array(0...bytes.count)) == nil)
    }

    @Test func runsFoundAheadAreUsedOnlyForTheSamePartCount() throws {
        let elements = (0..<40_000).map { #"{"n":\#($0),"s":"a,b]}[{\"x\",y"}"# }
        let source = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        try #require(source.count >= JSONArraySplitter.parallelThreshold)
        // Runs that differ from what splitting for 4 gives, to see which ones come back.
        let three = try #require(JSONArraySplitter.split(source, into: 3))
        #expect(three != JSONArraySplitter.split(source, into: 4))
        let found = JSONArraySplitter.Split(parts: 4, runs: three)
        #expect(JSONArraySplitter.parallelRuns(source, parts: 4, found: found) == three)
        #expect(
            JSONArraySplitter.parallelRuns(source, parts: 2, found: found) == JSONArraySplitter.split(source, into: 2))
        #expect(
            JSONArraySplitter.parallelRuns(source, parts: 4, found: JSONArraySplitter.Split(parts: 4, runs: nil))
                == nil,
            "text found not to be one array is parsed sequentially")
        #expect(JSONArraySplitter.parallelRuns(source, parts: 1, found: found) == nil, "one part is never split")
    }
}

extension JSONArraySplitterTests {
    @Test func runsFoundForOtherBytesStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let source = Array(("[" + String(repeating: "1,", count: 600_000) + "1]").utf8)
            let longer = Array(("[" + String(repeating: "1,", count: 1_200_000) + "1]").utf8)
            // Runs of a longer text: the second lies past the end of `source`.
            let beyond = JSONArraySplitter.split(longer, into: 2) ?? []
            _ = JSONArraySplitter.parallelRuns(source, parts: 2, found: JSONArraySplitter.Split(parts: 2, runs: beyond))
        }
    }
}
