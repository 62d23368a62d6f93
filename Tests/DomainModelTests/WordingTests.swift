import DomainModel
import Testing

@Suite struct WordingTests {
    @Test func oneTakesTheSingularEveryOtherCountThePlural() {
        #expect(Wording.count(1, "error") == "1 error")
        #expect(Wording.count(0, "error") == "0 errors")
        #expect(Wording.count(2, "good backup") == "2 good backups")
        #expect(Wording.count(Int64(1), "byte") == "1 byte")
        #expect(Wording.count(-1, "step") == "-1 steps")
    }

    @Test func aNounThatDoesNotTakeAnSGivesItsPlural() {
        #expect(Wording.count(1, "entry", plural: "entries") == "1 entry")
        #expect(Wording.count(3, "entry", plural: "entries") == "3 entries")
    }
}
