import Testing

@Suite struct DataMigrationPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
