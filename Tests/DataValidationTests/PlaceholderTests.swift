import Testing

@Suite struct DataValidationPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
