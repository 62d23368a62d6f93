import Foundation
import JSONCore
import TestSupport
import Testing

/// Finding keys an object repeats, compared as decoded text the way Python's `json` compares
/// them (the peer: a repeated key is one the dict ends up with fewer entries than pairs for).
@Suite struct JSONRepeatedKeyTests {
    /// Each repeat of each object in the document, as `key=value text`, objects in tape order.
    private func repeats(_ json: String) throws -> [String] {
        let document = try JSONDocument(parsing: Array(json.utf8))
        var found: [String] = []
        let view = document.view
        func visit(_ index: Int) {
            view.forEachRepeatedKey(index) { key, value in
                found.append("\(key)=\(view.withRawBytes(value) { String(decoding: $0, as: UTF8.self) })")
            }
            view.forEachField(index) { _, _, value in visit(value) }
            view.forEachElement(index) { visit($0) }
        }
        visit(view.root)
        return found
    }

    @Test func eachRepeatOfAKeyIsFoundWithItsValue() throws {
        #expect(try repeats(#"{"a": 1, "b": 2, "a": 3, "a": 4}"#) == ["a=3", "a=4"])
        #expect(try repeats(#"{"a": 1, "b": 2}"#) == [])
        #expect(try repeats(#"[{"a": 1}, {"a": 2}]"#) == [], "keys repeat within one object only")
    }

    @Test func anEscapedSpellingIsTheSameKey() throws {
        #expect(try repeats(#"{"a": 1, "\u0061": 2}"#) == ["a=2"])
        #expect(try repeats(#"{"\u00e9": 1, "é": 2}"#) == ["é=2"])
    }

    @Test func differentlyNormalisedSpellingsAreDifferentKeys() throws {
        // Precomposed é and e + combining acute: equal as Swift Strings, different as keys.
        #expect(try repeats("{\"\u{E9}\": 1, \"e\u{301}\": 2}") == [])
    }

    @Test(arguments: [5, 16, 17, 300])
    func objectsOfAnySizeAgreeWithPython(keyCount: Int) throws {
        var random = SeededGenerator(seed: UInt64(keyCount))
        let names = (0..<keyCount).map { _ in "k\(Int.random(in: 0..<(keyCount * 2 / 3 + 1), using: &random))" }
        let json = "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let output = try ProcessRunner.python(
            """
            import json, sys
            pairs = json.loads(sys.stdin.read(), object_pairs_hook=lambda pairs: pairs)
            seen = set()
            for key, value in pairs:
                if key in seen: print('%s=%s' % (key, value))
                seen.add(key)
            """, [], stdin: Data(json.utf8))
        try #require(output.status == 0, "\(output.stderrText)")
        #expect(try repeats(json) == output.stdoutText.split(separator: "\n").map(String.init))
    }

    @Test func theFirstRepeatedKeyComesWithThePathOfItsObject() throws {
        let document = try JSONDocument(
            parsing: Array(
                #"{"a": {"b": [{"c": 1}, {"d": 1, "odd key": 2, "odd key": 3}]}, "e": {"f": 1, "f": 2}}"#.utf8))
        let repeated = try #require(document.root.firstRepeatedKey())
        #expect(repeated.key == "odd key")
        #expect(repeated.path == "$.a.b[1]")
        #expect(try JSONDocument(parsing: Array(#"{"a": [1, {"b": 2}]}"#.utf8)).root.firstRepeatedKey() == nil)
        #expect(try JSONDocument(parsing: Array(#"{"a": 1, "a": 1}"#.utf8)).root.firstRepeatedKey()?.path == "$")
    }
}
