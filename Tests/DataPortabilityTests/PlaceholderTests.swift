import Testing

@Suite struct DataPortabilityPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
