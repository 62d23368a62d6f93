import JSONCore
import TestSupport
import Testing

@Suite struct PositionSetTests {
    @Test func holdsPositionsInTheFirstWordAndBeyondIt() {
        var set = PositionSet()
        for position in [0, 1, 63, 64, 65, 127, 128, 1000] {
            #expect(!set.contains(position))
            let inserted = set.insert(position)
            #expect(inserted, "\(position) is new")
            #expect(set.contains(position))
            let insertedAgain = set.insert(position)
            #expect(!insertedAgain, "\(position) is already there")
        }
        #expect(set.count == 8)
        #expect(!set.contains(2) && !set.contains(66) && !set.contains(999) && !set.contains(5000))
        #expect(!set.contains(-1))
    }

    @Test func agreesWithASetOfIntegers() {
        var random = SeededGenerator(seed: 64)
        for _ in 0..<20 {
            var set = PositionSet()
            var reference = Set<Int>()
            for _ in 0..<200 {
                let position = Int.random(in: 0..<300, using: &random)
                let inserted = set.insert(position)
                #expect(inserted == reference.insert(position).inserted)
            }
            #expect(set.count == reference.count)
            #expect((0..<400).filter(set.contains) == reference.sorted())
        }
    }
}
