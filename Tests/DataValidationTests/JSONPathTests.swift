import JSONCore
import Testing

@testable import DataValidation

@Suite struct JSONPathTests {
    @Test func theRootAloneIsItsText() {
        #expect(JSONPath(root: "$").text() == "$")
        #expect(JSONPath(root: "$.trackedDomains").text() == "$.trackedDomains")
    }

    @Test func keysAndIndicesAreWrittenInJSONPathNotation() {
        var path = JSONPath(root: "$.trackedDomains")
        path.push(.index(12))
        path.push(.key("domain"))
        #expect(path.text() == "$.trackedDomains[12].domain")
        path.pop()
        #expect(path.text(appending: "addedAt") == "$.trackedDomains[12].addedAt")
        #expect(path.text() == "$.trackedDomains[12]")
    }

    @Test func keysThatAreNotIdentifiersAreQuotedAndEscaped() {
        #expect(JSONPathText.key("snake_case9") == ".snake_case9")
        #expect(JSONPathText.key("x-count") == #"["x-count"]"#)
        #expect(JSONPathText.key("odd key") == #"["odd key"]"#)
        #expect(JSONPathText.key(#"say "hi"\"#) == #"["say \"hi\"\\"]"#)
        #expect(JSONPathText.key("") == #"[""]"#)
        #expect(JSONPathText.key("café") == #"["café"]"#)
    }

    @Test func controlCharactersInAKeyAreEscapedAsANormalizedPathEscapesThem() {
        #expect(JSONPathText.key("two\nlines") == #"["two\nlines"]"#)
        #expect(JSONPathText.key("\u{1B}[31mred") == #"["\u001b[31mred"]"#)
        #expect(JSONPathText.key("\u{08}\u{0C}\r\t\u{00}\u{1F}") == #"["\b\f\r\t\u0000\u001f"]"#)
        // DEL is not a control character to JSON: the terminal's escaping is the console's.
        #expect(JSONPathText.key("del\u{7F}") == "[\"del\u{7F}\"]")
    }
}
