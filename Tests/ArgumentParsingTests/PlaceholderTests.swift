import Testing

@Suite struct ArgumentParsingPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
