import Foundation
import TestSupport
import Testing

@testable import DomainModel

/// `ByteChunks` and the array `RecordArrayEncoder.array` makes of encoded parts.
@Suite struct ByteChunksTests {
    /// Parts of elements separated by commas, some empty, and verbatim elements become one
    /// array: the JSON one writer would write, with no empty chunk.
    @Test(arguments: [UInt64(1), 2, 3])
    func partsBecomeTheArrayOneWriterWouldWrite(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let elements = (0..<Int.random(in: 0...6, using: &random)).map { part in
                random.chance(1, in: 3) ? [] : (0..<Int.random(in: 1...3, using: &random)).map { "\(part)\($0)" }
            }
            let verbatim = (0..<Int.random(in: 0...2, using: &random)).map { #"{"v":\#($0)}"# }
            let array = RecordArrayEncoder.array(
                elements.map { Array($0.joined(separator: ",").utf8) }, verbatim: verbatim.map { Array($0.utf8) })
            var drained: [[UInt8]] = []
            array.drain { drained.append($0) }
            let expected = "[" + (elements.flatMap { $0 } + verbatim).joined(separator: ",") + "]"
            #expect(String(decoding: drained.joined(), as: UTF8.self) == expected, "\(elements) + \(verbatim)")
            #expect(!drained.contains { $0.isEmpty }, "no empty chunk is handed on")
        }
    }

    @Test func noPartsAreAnEmptyArrayAndPartsAreMovedNotJoined() {
        var none: [String] = []
        RecordArrayEncoder.array([[], []]).drain { none.append(String(decoding: $0, as: UTF8.self)) }
        #expect(none == ["[", "]"])
        var some: [String] = []
        RecordArrayEncoder.array([Array("1,2".utf8), [], Array("3".utf8)]).drain {
            some.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(some == ["[", "1,2", ",", "3", "]"])
    }

    @Test func chunksCountJoinAndCompareAsTheirConcatenation() {
        let chunks = ByteChunks(chunks: [Array("[1".utf8), [], Array(",2]".utf8)])
        let count = chunks.count
        let comparisons = [
            chunks.elementsEqual(Array("[1,2]".utf8)), chunks.elementsEqual(Data("[1,2]".utf8)),
            chunks.elementsEqual(Array("[1,3]".utf8)), chunks.elementsEqual(Array("[1,2".utf8)),
        ]
        let joined = chunks.joined(as: Data.self)
        #expect(count == 5)
        #expect(comparisons == [true, true, false, false])
        #expect(joined == Data("[1,2]".utf8))
        let none = ByteChunks()
        let noneCount = none.count
        let noneJoined = none.joined()
        #expect(noneJoined.isEmpty && noneCount == 0)
    }

    /// A single chunk is handed on as it is, without a copy.
    @Test func oneChunkJoinsWithoutACopy() {
        let bytes = Array("[1,2]".utf8)
        let joined = ByteChunks(bytes).joined()
        #expect(joined == bytes)
        joined.withUnsafeBufferPointer { joinedBuffer in
            bytes.withUnsafeBufferPointer { #expect($0.baseAddress == joinedBuffer.baseAddress) }
        }
    }

    @Test func aThrowingBodyStopsTheDrain() {
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try ByteChunks(chunks: [[1], [2], [3]]).drain { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(seen == 2)
    }
}
