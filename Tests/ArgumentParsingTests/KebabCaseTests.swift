import Testing

@testable import ArgumentParsing

@Suite struct KebabCaseTests {
    @Test func splitsCamelCaseWords() {
        #expect("noSafetySnapshot".kebabCased == "no-safety-snapshot")
        #expect("dryRun".kebabCased == "dry-run")
        #expect("store".kebabCased == "store")
    }

    @Test func keepsAcronymsTogether() {
        #expect("outputURL".kebabCased == "output-url")
        #expect("URLPath".kebabCased == "url-path")
        #expect("TestExport".kebabCased == "test-export")
    }

    @Test func handlesDigitsAndUnderscores() {
        #expect("keepLast2".kebabCased == "keep-last2")
        #expect("level2Mode".kebabCased == "level2-mode")
        #expect("snake_case".kebabCased == "snake-case")
    }
}
