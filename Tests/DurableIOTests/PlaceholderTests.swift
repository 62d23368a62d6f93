import Testing

@Suite struct DurableIOPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
