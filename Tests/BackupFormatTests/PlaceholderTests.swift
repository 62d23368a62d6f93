import Testing

@Suite struct BackupFormatPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
