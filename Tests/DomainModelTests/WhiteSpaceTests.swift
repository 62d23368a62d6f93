import DomainModel
import Foundation
import JSONCore
import TestSupport
import Testing

@Suite struct WhiteSpaceTests {
    /// Blank is judged scalar by scalar: a space followed by a combining mark is one `Character`
    /// whose `isWhitespace` is true, but it holds a mark, so the schema's pattern finds it not
    /// blank — and so does the decoder now.
    @Test(arguments: [
        ("", true), (" ", true), ("\t\n\r\u{0B}\u{0C}", true), ("\u{85}\u{A0}\u{1680}\u{2000}\u{200A}", true),
        ("\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}", true), (" \u{301}", false), ("\u{301}", false),
        ("\t\u{20DD}", false), ("\u{1C}", false), ("\u{1F}", false), ("\u{FEFF}", false), ("\u{200B}", false),
        ("\u{180E}", false), (" x ", false),
    ])
    func blankMeansOnlyWhiteSpaceScalars(text: String, blank: Bool) {
        #expect(WhiteSpace.isBlank(text) == blank, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Checked over the Basic Multilingual Plane, where every `White_Space` character has
    /// always been (the Python test below covers every plane for the schema's class).
    @Test func theListIsUnicodesWhiteSpaceProperty() {
        var disagreements: [Unicode.Scalar] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if WhiteSpace.contains(scalar) != scalar.properties.isWhitespace { disagreements.append(scalar) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.map { "U+" + String($0.value, radix: 16) })")
    }

    /// The class the schema's patterns spell out matches, under Python's `re`, exactly the
    /// scalars `contains` accepts — none of `re`'s own idea of `\s` (U+001C–U+001F) comes in.
    @Test func theCharacterClassMatchesTheSameScalarsUnderPythonRe() throws {
        let script = """
            import json, re, sys
            space = re.compile("[" + sys.argv[1] + "]")
            blank = re.compile(sys.argv[2])
            every = "".join(chr(value) for value in range(0x110000) if not 0xD800 <= value < 0xE000)
            matched = [ord(character) for character in space.findall(every)]
            texts = json.loads(sys.stdin.read())
            print(json.dumps({"matched": matched, "nonBlank": [blank.search(text) is not None for text in texts]}))
            """
        let texts = ["", " ", " \u{301}", "\u{1C}", "\u{3000}\u{85}", "\u{FEFF}", "a", "\t\u{20DD}"]
        let output = try ProcessRunner.python(
            script, [WhiteSpace.characterClass, WhiteSpace.nonBlankPattern],
            stdin: try JSONSerialization.data(withJSONObject: texts))
        try #require(output.status == 0, "\(output.stderrText)")
        let answer = try JSONDocument(parsing: output.stdout).root
        let matched = try #require(answer["matched"]).elements.compactMap(\.int)
        let expected = (UInt32(0)...0x10FFFF).filter { Unicode.Scalar($0).map(WhiteSpace.contains) ?? false }
        #expect(matched == expected.map(Int.init))
        let nonBlank = try #require(answer["nonBlank"]).elements.compactMap(\.bool)
        #expect(nonBlank == texts.map { !WhiteSpace.isBlank($0) })
    }

    @Test func aNameOfASpaceAndACombiningMarkIsReadAsWritten() throws {
        let text = #"{"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","name":" \u0301","createdAt":"2026-01-01T00:00:00Z"}"#
        let (workflow, issues) = try RecordJSON.decode(text, as: Workflow.self)
        #expect(issues.isEmpty)
        #expect(workflow.name.unicodeScalars.map(\.value) == [0x20, 0x301])
        let blank =
            #"{"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","name":" \u3000","createdAt":"2026-01-01T00:00:00Z"}"#
        #expect(throws: (any Error).self) { try RecordJSON.decode(blank, as: Workflow.self) }
    }
}
