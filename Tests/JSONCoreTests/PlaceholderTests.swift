import Testing

@Suite struct JSONCorePlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
