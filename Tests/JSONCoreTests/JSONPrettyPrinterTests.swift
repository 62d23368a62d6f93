import JSONCore
import TestSupport
import Testing

/// Indenting compact JSON for people.
@Suite struct JSONPrettyPrinterTests {
    static func indent(_ text: String) -> String {
        String(decoding: JSONPrettyPrinter.indent(Array(text.utf8)), as: UTF8.self)
    }

    @Test func putsOneValuePerLineWithTwoSpacesPerLevel() {
        let expected = """
            {
              "a": [
                1,
                2
              ],
              "b": {
                "c": null
              },
              "d": true
            }

            """
        #expect(Self.indent(#"{"a":[1,2],"b":{"c":null},"d":true}"#) == expected)
    }

    @Test func keepsEmptyContainersOnOneLine() {
        #expect(Self.indent("{}") == "{}\n")
        #expect(Self.indent("[]") == "[]\n")
        #expect(Self.indent(#"[[],{},{"e":[]}]"#) == "[\n  [],\n  {},\n  {\n    \"e\": []\n  }\n]\n")
    }

    @Test func endsAScalarDocumentWithANewline() {
        #expect(Self.indent("1") == "1\n")
        #expect(Self.indent(#""text""#) == "\"text\"\n")
        #expect(Self.indent("null") == "null\n")
        #expect(JSONPrettyPrinter.indent([]) == [0x0A])
    }

    @Test func leavesStringContentsAlone() {
        // Brackets, commas, colons and escaped quotes inside strings are text, not structure.
        let key = #""k,{[:]}\"\\""#
        let value = #""v\\\",[]{}: \u0041""#
        let compact = "{" + key + ":" + value + "}"
        #expect(Self.indent(compact) == "{\n  " + key + ": " + value + "\n}\n")
        #expect(Self.indent(#"["\\",1]"#) == "[\n  \"\\\\\",\n  1\n]\n")
    }

    @Test func keepsTheValueTheSame() throws {
        var rng = SeededGenerator(seed: 0x9E771)
        for _ in 0..<200 {
            let tree = JSONTree.random(JSONTree.Shape(nativeNumbers: true), using: &rng)
            var writer = JSONWriter()
            tree.write(to: &writer)
            let pretty = JSONPrettyPrinter.indent(writer.bytes)
            #expect(try PythonJSONPeer.canonical(JSONDocument(parsing: pretty).root) == tree.canonical)
            #expect(pretty.last == 0x0A)
        }
    }

    @Test func matchesPythonsIndentedOutput() throws {
        // `json.dumps(..., indent=2, ensure_ascii=False)` lays out the same way, byte for byte.
        let documents = JSONTree.writtenDocuments(count: 200, seed: 0x9E772)
        let python = try PythonJSONPeer.evaluate(
            "json.dumps(json.loads(text), ensure_ascii=False, indent=2) + '\\n'", over: documents)
        for (index, document) in documents.enumerated() {
            #expect(python[index] == String(decoding: JSONPrettyPrinter.indent(document), as: UTF8.self))
        }
    }
}
