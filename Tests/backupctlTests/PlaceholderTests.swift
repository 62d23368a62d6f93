import Testing

@Suite struct backupctlPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
