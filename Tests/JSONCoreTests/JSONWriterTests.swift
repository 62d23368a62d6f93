import JSONCore
import TestSupport
import Testing

/// Compact JSON output: commas, escaping, numbers, verbatim copies, and agreement with Python.
@Suite struct JSONWriterTests {
    static func text(_ build: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        build(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A plain, byte-at-a-time reference for the writer's escaping.
    static func referenceEscape(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u00" + (hex.count == 1 ? "0" : "") + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    @Test func writesEmptyContainersAndScalars() {
        #expect(
            Self.text {
                $0.beginObject()
                $0.endObject()
            } == "{}")
        #expect(
            Self.text {
                $0.beginArray()
                $0.endArray()
            } == "[]")
        #expect(Self.text { $0.null() } == "null")
        #expect(
            Self.text {
                $0.bool(true)
                $0.bool(false)
            } == "true,false")
        #expect(Self.text { $0.string("") } == #""""#)
    }

    @Test func placesCommasBetweenMembersOnly() {
        let text = Self.text { writer in
            writer.beginObject()
            writer.key("a")
            writer.beginArray()
            writer.int(1)
            writer.beginArray()
            writer.endArray()
            writer.beginObject()
            writer.key("b")
            writer.null()
            writer.endObject()
            writer.endArray()
            writer.key("c")
            writer.beginObject()
            writer.key("d")
            writer.bool(true)
            writer.key("e")
            writer.bool(false)
            writer.endObject()
            writer.key("f")
            writer.beginArray()
            writer.beginArray()
            writer.endArray()
            writer.beginArray()
            writer.endArray()
            writer.endArray()
            writer.endObject()
        }
        #expect(text == #"{"a":[1,[],{"b":null}],"c":{"d":true,"e":false},"f":[[],[]]}"#)
    }

    @Test func writesAnArrayOfRecords() throws {
        let domains = ["example.com", "exa\"mple.org", "例え.jp"]
        let text = Self.text { writer in
            writer.beginArray()
            for (index, domain) in domains.enumerated() {
                writer.beginObject()
                writer.key("id")
                writer.int(index)
                writer.key("domain")
                writer.string(domain)
                writer.key("tags")
                writer.beginArray()
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
        }
        #expect(text.hasPrefix(#"[{"id":0,"domain":"example.com","tags":[]},{"id":1,"#))
        let records = try JSONDocument(parsing: Array(text.utf8)).root
        #expect(records.elements.map { $0["domain"]?.string } == domains)
        #expect(records.elements.map { $0["id"]?.int } == [0, 1, 2])
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() {
        for byte in UInt8(0)..<0x20 {
            let text = String(decoding: [byte], as: UTF8.self)
            #expect(Self.text { $0.string(text) } == Self.referenceEscape(text), "byte \(byte)")
        }
        #expect(Self.text { $0.string("\u{0}\u{1F}\u{08}\u{0C}\n\r\t") } == #""\u0000\u001f\b\f\n\r\t""#)
        #expect(Self.text { $0.string(#"say "hi" \ bye"#) } == #""say \"hi\" \\ bye""#)
        #expect(Self.text { $0.string("a/b\u{7F}") } == "\"a/b\u{7F}\"")
    }

    @Test func passesNonASCIIThroughAsUTF8() {
        let text = "é中😀\u{2028}\u{FEFF}\u{10FFFF}"
        var writer = JSONWriter()
        writer.string(text)
        #expect(writer.bytes == [UInt8(ascii: "\"")] + Array(text.utf8) + [UInt8(ascii: "\"")])
    }

    @Test func findsBytesToEscapeAtEveryPositionOfAnEightByteWord() {
        // Escaping scans eight bytes at a time; a special byte may fall anywhere in a word.
        for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "😀"] {
            for prefix in 0..<20 {
                let text =
                    String(repeating: "a", count: prefix) + special + String(repeating: "b", count: 19 - prefix)
                    + special
                #expect(
                    Self.text { $0.string(text) } == Self.referenceEscape(text),
                    "\(special.debugDescription) after \(prefix)")
                #expect(
                    Self.text {
                        $0.key(text)
                        $0.null()
                    } == Self.referenceEscape(text) + ":null")
            }
        }
    }

    @Test func writesIntegersExactly() {
        #expect(
            Self.text {
                $0.int(0)
                $0.int(-1)
                $0.int(42)
            } == "0,-1,42")
        #expect(
            Self.text {
                $0.int(.max)
                $0.int(.min)
            } == "9223372036854775807,-9223372036854775808")
    }

    @Test func writesDoublesAsTheShortestTextThatReadsBack() {
        let cases: [(Double, String)] = [
            (1, "1"), (-0.0, "0"), (0.5, "0.5"), (-123.456, "-123.456"), (999_999_999_999_999, "999999999999999"),
            (1e15, "1000000000000000.0"), (1e16, "1e+16"), (0.1, "0.1"), (1e-7, "1e-07"),
            (.leastNonzeroMagnitude, "5e-324"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.nan, "null"), (.infinity, "null"),
            (-.infinity, "null"),
        ]
        for (value, expected) in cases {
            #expect(Self.text { $0.double(value) } == expected, "\(value)")
        }
    }

    @Test func doublesReadBackBitForBit() throws {
        var rng = SeededGenerator(seed: 0xF10A7)
        let values = (0..<2000).map { _ in JSONTree.randomDouble(using: &rng) }.filter(\.isFinite)
        let text = Self.text { writer in
            writer.beginArray()
            for value in values { writer.double(value) }
            writer.endArray()
        }
        let parsed = try JSONDocument(parsing: Array(text.utf8)).root.elements.map { $0.double ?? .nan }
        // Negative zero is written as `0`; every other value keeps its exact bits.
        #expect(parsed.map(\.bitPattern) == values.map { ($0 == 0 ? 0.0 : $0).bitPattern })
    }

    @Test func keysAndPlainStringsAreWrittenVerbatim() {
        let stamp = Array("2024-05-01T12:00:00Z".utf8)
        let text = Self.text { writer in
            let staticKey: StaticString = "at"
            writer.beginObject()
            writer.key(staticKey)
            stamp.withUnsafeBufferPointer { writer.plainString($0) }
            writer.key("n")
            writer.int(1)
            writer.endObject()
        }
        #expect(text == #"{"at":"2024-05-01T12:00:00Z","n":1}"#)
    }

    @Test func rawJSONIsInsertedVerbatimWithCommasManaged() {
        let text = Self.text { writer in
            writer.beginArray()
            writer.rawJSON(Array(#"{"x": 1}"#.utf8))
            writer.rawJSON(Array("2".utf8))
            writer.beginObject()
            writer.key("k")
            writer.rawJSON(Array("[true]".utf8))
            writer.key("l")
            writer.int(3)
            writer.endObject()
            writer.endArray()
        }
        #expect(text == #"[{"x": 1},2,{"k":[true],"l":3}]"#)
    }

    @Test func rawCopiesAParsedValuesSourceText() throws {
        let document = try JSONDocument(parsing: Array(#"{"a": [1, 2.50], "s": "\u0041\n", "n": 1E+02}"#.utf8))
        let text = Self.text { writer in
            writer.beginArray()
            writer.raw(document.root["a"]!)
            writer.raw(document.root["s"]!)
            writer.raw(document.root["n"]!)
            writer.endArray()
        }
        #expect(text == #"[[1, 2.50],"\u0041\n",1E+02]"#)
    }

    @Test func valueRewritesAParsedValueCompactly() throws {
        let document = try JSONDocument(
            parsing: Array(#" { "k\u0065y" : [ 1E+02 , "\u0041\/" , {"d":1, "d":2} ] , "t" : true } "#.utf8))
        #expect(Self.text { $0.value(document.root) } == #"{"key":[1E+02,"A/",{"d":1,"d":2}],"t":true}"#)
    }

    @Test func takingOrClearingTheBytesStartsAFreshDocument() {
        var writer = JSONWriter(capacity: 16)
        writer.int(1)
        #expect(writer.takeBytes() == Array("1".utf8))
        #expect(writer.bytes.isEmpty)
        writer.int(2)
        #expect(writer.bytes == Array("2".utf8))
        writer.removeAll()
        writer.string("x")
        #expect(writer.bytes == Array(#""x""#.utf8))
    }

    @Test func pythonReadsWhatTheWriterWrote() throws {
        var rng = SeededGenerator(seed: 0x3217E)
        let shape = JSONTree.Shape(nativeNumbers: true)
        let trees = (0..<300).map { _ in JSONTree.random(shape, using: &rng) }
        let documents = trees.map { tree in
            var writer = JSONWriter()
            tree.write(to: &writer)
            return writer.bytes
        }
        let python = try PythonJSONPeer.canonicalForms(of: documents)
        for (index, tree) in trees.enumerated() {
            #expect(
                python[index] == tree.canonical, "\(String(decoding: documents[index], as: UTF8.self).debugDescription)"
            )
            #expect(try PythonJSONPeer.canonical(JSONDocument(parsing: documents[index]).root) == tree.canonical)
        }
    }

    @Test func escapesExactlyAsPythonDoes() throws {
        // Without doubles (whose spelling is the writer's choice), the output is byte for
        // byte what `json.dumps(..., ensure_ascii=False, separators=(',', ':'))` writes.
        let documents = JSONTree.writtenDocuments(count: 300, seed: 0xE5CA9E)
        let python = try PythonJSONPeer.evaluate(
            "json.dumps(json.loads(text), ensure_ascii=False, separators=(',', ':'))", over: documents)
        for (index, document) in documents.enumerated() {
            #expect(python[index] == String(decoding: document, as: UTF8.self))
        }
    }
}
