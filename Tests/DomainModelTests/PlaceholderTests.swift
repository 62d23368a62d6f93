import Testing

@Suite struct DomainModelPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
