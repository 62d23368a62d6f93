import JSONCore
import Testing

/// Reading a document's structure through `JSONValue`: kinds, containers, lookups and the
/// source text behind each value. Scalar conversions are in `JSONValue+ScalarsTests`.
@Suite struct JSONValueTests {
    static func root(_ text: String) throws -> JSONValue {
        try JSONDocument(parsing: Array(text.utf8)).root
    }

    @Test func kindsNameThemselvesAsJSONSchemaDoes() throws {
        let value = try Self.root(#"[{}, [], "s", 1, true, false, null]"#)
        #expect(value.elements.map(\.kind) == [.object, .array, .string, .number, .true, .false, .null])
        #expect(
            value.elements.map(\.kind.description) == [
                "object", "array", "string", "number", "boolean", "boolean", "null",
            ])
    }

    @Test func accessorsAnswerOnlyForTheirOwnKind() throws {
        let value = try Self.root(#"[null, true, false, "1", 1, [], {}]"#)
        let elements = Array(value.elements)
        #expect(elements.map(\.isNull) == [true, false, false, false, false, false, false])
        #expect(elements.map(\.bool) == [nil, true, false, nil, nil, nil, nil])
        #expect(elements.map(\.string) == [nil, nil, nil, "1", nil, nil, nil])
        #expect(elements.map(\.int) == [nil, nil, nil, nil, 1, nil, nil])
        #expect(elements.map(\.numberText) == [nil, nil, nil, nil, "1", nil, nil])
        #expect(elements.map(\.count) == [0, 0, 0, 0, 0, 0, 0])
    }

    @Test func countsElementsAndFieldsIncludingDuplicates() throws {
        let value = try Self.root(#"{"a": [1, [2, 3], {"x": 4}], "b": {"k": 1, "k": 2, "j": [ ]}}"#)
        #expect(value.count == 2)
        #expect(value["a"]?.count == 3)
        #expect(value["b"]?.count == 3)
        #expect(value["b"]?["j"]?.count == 0)
    }

    @Test func elementsComeInOrderAndSkipNestedValues() throws {
        let value = try Self.root(#"[1, [2, [3]], {"a": 4, "b": [5]}, "six"]"#)
        let elements = Array(value.elements)
        #expect(elements.count == 4)
        #expect(elements[0].int == 1)
        #expect(elements[1].elements.map(\.kind) == [.number, .array])
        #expect(elements[2]["b"]?[0]?.int == 5)
        #expect(elements[3].string == "six")
        #expect(value.elements.underestimatedCount == 4)
    }

    @Test func fieldsComeInOrderWithDuplicatesKeptAndKeysDecoded() throws {
        let value = try Self.root(#"{"b": 1, "a": 2, "b": 3, "\u0063\n": 4, "": 5}"#)
        let fields = Array(value.fields)
        #expect(fields.map(\.key) == ["b", "a", "b", "c\n", ""])
        #expect(fields.map { $0.value.int } == [1, 2, 3, 4, 5])
        #expect(value.fields.underestimatedCount == 5)
    }

    @Test func sequencesOfTheWrongKindAreEmpty() throws {
        let object = try Self.root(#"{"a": 1}"#)
        let array = try Self.root("[1, 2]")
        let scalar = try Self.root("7")
        #expect(Array(object.elements).isEmpty)
        #expect(Array(array.fields).isEmpty)
        #expect(Array(scalar.elements).isEmpty && Array(scalar.fields).isEmpty)
        #expect(object.elements.underestimatedCount == 0 && array.fields.underestimatedCount == 0)
        #expect(Array(JSONElements.empty).isEmpty && Array(JSONFields.empty).isEmpty)
        let missing = object["missing"]?.elements ?? .empty
        #expect(Array(missing).isEmpty)
    }

    @Test func lookupByNameFindsTheFirstMatchingField() throws {
        let value = try Self.root(#"{"name": "first", "other": 0, "name": "second", "": "empty"}"#)
        let dynamic = "name"
        let staticKey: StaticString = "name"
        #expect(value[dynamic]?.string == "first")
        #expect(value[staticKey]?.string == "first")
        #expect(value[""]?.string == "empty")
        #expect(value["nam"] == nil && value["names"] == nil && value["Name"] == nil)
    }

    @Test func lookupMatchesEscapedKeysByTheirDecodedText() throws {
        let value = try Self.root(#"{"d\u006Fmain": 1, "caf\u00e9": 2, "\ud83d\ude00": 3, "a\/b": 4}"#)
        #expect(value["domain"]?.int == 1)
        #expect(value["café"]?.int == 2)
        #expect(value["😀"]?.int == 3)
        #expect(value["a/b"]?.int == 4)
        #expect(value[#"d\u006Fmain"#] == nil)
    }

    @Test func anEscapedDuplicateBeforeAPlainOneWinsLookup() throws {
        let value = try Self.root(#"{"\u0061": "escaped", "a": "plain"}"#)
        #expect(value["a"]?.string == "escaped")
        let plainFirst = try Self.root(#"{"a": "plain", "\u0061": "escaped"}"#)
        #expect(plainFirst["a"]?.string == "plain")
    }

    @Test func lookupsOnTheWrongKindOrOutOfRangeAreNil() throws {
        let array = try Self.root("[10, 20, 30]")
        #expect(array[0]?.int == 10 && array[2]?.int == 30)
        #expect(array[3] == nil && array[-1] == nil)
        #expect(array["0"] == nil)
        let object = try Self.root(#"{"0": 1}"#)
        #expect(object[0] == nil)
        #expect(try Self.root(#""text""#)["text"] == nil)
    }

    @Test func sourceRangeCoversEachValuesOwnText() throws {
        let text = #"  { "s" : "a\"b" , "n":-1.5e3, "l":[ true , null ], "o":{ } }  "#
        let document = try JSONDocument(parsing: Array(text.utf8))
        func slice(_ value: JSONValue?) -> String? {
            value.map { String(decoding: document.source[$0.sourceRange], as: UTF8.self) }
        }
        let root = document.root
        #expect(slice(root) == #"{ "s" : "a\"b" , "n":-1.5e3, "l":[ true , null ], "o":{ } }"#)
        #expect(slice(root["s"]) == #""a\"b""#)
        #expect(slice(root["n"]) == "-1.5e3")
        #expect(slice(root["l"]) == "[ true , null ]")
        #expect(slice(root["l"]?[0]) == "true")
        #expect(slice(root["l"]?[1]) == "null")
        #expect(slice(root["o"]) == "{ }")
    }

    @Test func rawBytesAreTheTextAsWritten() throws {
        let value = try Self.root(#"["a\nb", "plain", 1E+02]"#)
        #expect(value[0]?.withRawBytes { Array($0) } == Array(#"a\nb"#.utf8))
        #expect(value[1]?.withRawBytes { Array($0) } == Array("plain".utf8))
        #expect(value[2]?.withRawBytes { Array($0) } == Array("1E+02".utf8))
        #expect(value[0]?.isPlainString == false)
        #expect(value[1]?.isPlainString == true)
        #expect(value[2]?.isPlainString == false)
    }

    @Test func tapeIndicesFollowDocumentOrder() throws {
        let value = try Self.root(#"[[1, 2], {"k": 3}, 4]"#)
        #expect(value.tapeIndex == 0)
        // Children follow their container; an object's key takes a slot before its value.
        #expect(value.elements.map(\.tapeIndex) == [1, 4, 7])
        #expect(value[1]?["k"]?.tapeIndex == 6)
    }

    @Test func valuesKeepTheirDocumentAlive() throws {
        func firstDomain() throws -> JSONValue? {
            try JSONDocument(parsing: Array(#"{"domains": ["example.com", "example.org"]}"#.utf8)).root["domains"]?[0]
        }
        let value = try #require(try firstDomain())
        #expect(value.string == "example.com")
        #expect(value.document.root["domains"]?.count == 2)
    }

    @Test func agreesWithTheTreeItWasRenderedFrom() throws {
        for (tree, text) in JSONTree.corpus(count: 200, seed: 0x7A1_0E) {
            let root = try JSONDocument(parsing: text).root
            #expect(
                PythonJSONPeer.canonical(root) == tree.canonical,
                "\(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }
}
