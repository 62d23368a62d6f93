import DataPortability
import Testing

@Suite struct SeededRandomTests {
    @Test func theSameSeedGivesTheSameSequence() {
        var first = SeededRandom(seed: 7)
        var second = SeededRandom(seed: 7)
        #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    }

    @Test func followsSplitMix64() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func drawsStayInTheirRanges() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<1000 {
            #expect((3...9).contains(random.int(in: 3...9)))
            #expect(["a", "b"].contains(random.pick(["a", "b"])))
        }
        let never = random.chance(0)
        let always = random.chance(1)
        #expect(!never && always)
    }
}
