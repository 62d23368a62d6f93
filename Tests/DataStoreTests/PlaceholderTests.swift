import Testing

@Suite struct DataStorePlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
