import ArgumentParsing
import Testing

/// The property wrappers keep commands values: a copy never sees another copy's writes.
@Suite struct OptionTests {
    @Test func writingACopyLeavesTheOriginalUnchanged() throws {
        let original = try #require(parse(["export", "--level", "5", "--store", "a"]).command as? TestExport)
        var copy = original
        copy.level = 9
        copy.store = nil
        copy.common.json = true
        #expect(original.level == 5)
        #expect(original.store == "a")
        #expect(!original.common.json)
        #expect(copy.level == 9)
        #expect(copy.store == nil)
        #expect(copy.common.json)
    }

    @Test func writingAnArgumentAndFlagOfACopyLeavesTheOriginalUnchanged() throws {
        let original = try #require(parse(["import", "a.tar"]).command as? TestImport)
        var copy = original
        copy.file = "b.tar"
        copy.dryRun = true
        #expect(original.file == "a.tar")
        #expect(!original.dryRun)
        #expect(copy.file == "b.tar")
        #expect(copy.dryRun)
    }
}
