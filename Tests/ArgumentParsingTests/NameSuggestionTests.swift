import Testing

@testable import ArgumentParsing

@Suite struct NameSuggestionTests {
    private let options = ["--store", "--output", "--compression", "--level", "--json", "--quiet", "--help"]

    @Test func suggestsNameOneTypoAway() {
        #expect(NameSuggestion.closest(to: "--levle", among: options) == "--level")
        #expect(NameSuggestion.closest(to: "--jsn", among: options) == "--json")
    }

    @Test func suggestsUniqueAbbreviation() {
        #expect(NameSuggestion.closest(to: "--out", among: options) == "--output")
    }

    @Test func ambiguousAbbreviationFallsBackToEditDistance() {
        #expect(NameSuggestion.closest(to: "--st", among: ["--store", "--status"]) == nil)
    }

    @Test func suggestsNothingForDistantNames() {
        #expect(NameSuggestion.closest(to: "--verbose", among: options) == nil)
        #expect(NameSuggestion.closest(to: "xyz", among: ["export", "import"]) == nil)
    }

    @Test func suggestsNothingWhenTwoNamesAreEquallyClose() {
        #expect(NameSuggestion.closest(to: "--ab", among: ["--ax", "--ay"]) == nil)
    }

    @Test func countsSwappedLettersAsOneEdit() {
        #expect(NameSuggestion.editDistance(Array("exprot"), Array("export")) == 1)
        #expect(NameSuggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(NameSuggestion.editDistance([], Array("abc")) == 3)
    }
}
