import Foundation
import TestSupport
import Testing

@testable import DomainModel

extension RecordArrayEncoderTests {
    /// `arrayPieces` is `join` without the copy: concatenated, the pieces are the joined
    /// array, whatever parts are empty; the parts are moved out.
    @Test(arguments: [UInt64(1), 2, 3])
    func arrayPiecesConcatenateToTheJoinedArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let parts = (0..<Int.random(in: 0...6, using: &random)).map { part -> [UInt8] in
                random.chance(1, in: 3)
                    ? []
                    : Array(
                        (0..<Int.random(in: 1...3, using: &random)).map { "\(part)\($0)" }
                            .joined(separator: ",").utf8)
            }
            let verbatim = (0..<Int.random(in: 0...2, using: &random)).map { Array(#"{"v":\#($0)}"#.utf8) }
            var joinedParts = parts
            var pieceParts = parts
            let joined = RecordArrayEncoder.join(&joinedParts, verbatim: verbatim, as: [UInt8].self)
            let pieces = RecordArrayEncoder.arrayPieces(&pieceParts, verbatim: verbatim)
            #expect(
                Array(pieces.joined()) == joined,
                "\(parts.map { String(decoding: $0, as: UTF8.self) }) + \(verbatim.count)")
            #expect(pieceParts.isEmpty && joinedParts.allSatisfy(\.isEmpty))
            #expect(!pieces.contains { $0.isEmpty }, "no empty piece is handed on")
        }
    }

    @Test func noPartsAreAnEmptyArray() {
        var parts: [[UInt8]] = [[], []]
        #expect(RecordArrayEncoder.arrayPieces(&parts).map { String(decoding: $0, as: UTF8.self) } == ["[", "]"])
        var some = [Array("1,2".utf8), [], Array("3".utf8)]
        #expect(
            RecordArrayEncoder.arrayPieces(&some).map { String(decoding: $0, as: UTF8.self) } == [
                "[", "1,2", ",", "3", "]",
            ])
    }

    @Test func piecesJoinIntoOneBufferAndAreLetGo() {
        var pieces = [Array("[1".utf8), [], Array(",2]".utf8)]
        #expect(pieces.joinedCount == 5)
        #expect(pieces.takeJoined(as: [UInt8].self, capacity: 64) == Array("[1,2]".utf8))
        #expect(pieces.isEmpty)
        #expect(pieces.takeJoined(as: [UInt8].self).isEmpty)
    }
}
