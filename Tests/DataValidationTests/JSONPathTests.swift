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
        #expect(JSONPath.keyText("snake_case9") == ".snake_case9")
        #expect(JSONPath.keyText("x-count") == #"["x-count"]"#)
        #expect(JSONPath.keyText("odd key") == #"["odd key"]"#)
        #expect(JSONPath.keyText(#"say "hi"\"#) == #"["say \"hi\"\\"]"#)
        #expect(JSONPath.keyText("") == #"[""]"#)
        #expect(JSONPath.keyText("café") == #"["café"]"#)
    }
}
