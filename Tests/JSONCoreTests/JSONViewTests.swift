import JSONCore
import Testing

/// The index-based view: it must read every value exactly as `JSONValue` does.
@Suite struct JSONViewTests {
    static func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(parsing: Array(text.utf8))
    }

    @Test func readsScalarsByIndex() throws {
        let document = try Self.document(#"[null, true, false, "a\tb", "plain", -12, 2.5, 1e400]"#)
        let view = document.view
        var indices: [Int] = []
        view.forEachElement(view.root) { indices.append($0) }
        #expect(indices.map(view.kind) == [.null, .true, .false, .string, .string, .number, .number, .number])
        #expect(indices.map(view.isNull) == [true, false, false, false, false, false, false, false])
        #expect(indices.map(view.bool) == [nil, true, false, nil, nil, nil, nil, nil])
        #expect(indices.map(view.string) == [nil, nil, nil, "a\tb", "plain", nil, nil, nil])
        #expect(indices.map(view.isPlainString) == [false, false, false, false, true, false, false, false])
        #expect(indices.map(view.int) == [nil, nil, nil, nil, nil, -12, nil, nil])
        #expect(indices.map(view.double) == [nil, nil, nil, nil, nil, -12, 2.5, .infinity])
        #expect(view.withRawBytes(indices[3]) { String(decoding: $0, as: UTF8.self) } == #"a\tb"#)
        #expect(view.withRawBytes(indices[7]) { String(decoding: $0, as: UTF8.self) } == "1e400")
        #expect(String(decoding: view.text(indices[3]), as: UTF8.self) == #""a\tb""#, "the text keeps the quotes")
    }

    @Test func aViewKeepsItsDocumentAlive() throws {
        // The view owns its document: kept after every other reference is gone, it still reads
        // the tape and the source (under the address sanitizer, freed memory would be reported).
        weak var released: JSONDocument?
        let view = try { () throws -> JSONView in
            let document = try Self.document(#"{"domain": "example.com", "tags": ["a"]}"#)
            released = document
            return document.view
        }()
        #expect(released != nil)
        #expect(view.field(view.root, "domain").flatMap(view.string) == "example.com")
        #expect(view.field(view.root, "tags").map(view.count) == 1)
        withExtendedLifetime(view) {}
    }

    @Test func nextSkipsAWholeSubtree() throws {
        let document = try Self.document(#"[[1, [2]], {"k": [3, 4]}, 5]"#)
        let view = document.view
        // Tape: 0 [ · 1 [ · 2 1 · 3 [ · 4 2 · 5 { · 6 "k" · 7 [ · 8 3 · 9 4 · 10 5
        #expect(view.next(0) == 11)
        #expect(view.next(1) == 5)
        #expect(view.next(5) == 10)
        #expect(view.next(7) == 10)
        #expect(view.next(10) == 11)
    }

    @Test func walksElementsAndFieldsInOrder() throws {
        let document = try Self.document(#"{"a": [10, 20, 30], "b\n": {"c": 1}, "d": null}"#)
        let view = document.view
        let root = view.root
        var keys: [String] = []
        var escaped: [Bool] = []
        var values: [Int] = []
        view.forEachField(root) { key, hasEscapes, value in
            keys.append(String(decoding: key, as: UTF8.self))
            escaped.append(hasEscapes)
            values.append(value)
        }
        #expect(keys == ["a", #"b\n"#, "d"])
        #expect(escaped == [false, true, false])
        #expect(values.map(view.kind) == [.array, .object, .null])
        var numbers: [Int?] = []
        view.forEachElement(values[0]) { numbers.append(view.int($0)) }
        #expect(numbers == [10, 20, 30])
        // Walking the wrong kind visits nothing.
        var visits = 0
        view.forEachElement(root) { _ in visits += 1 }
        view.forEachField(values[0]) { _, _, _ in visits += 1 }
        #expect(visits == 0)
    }

    @Test func fieldFindsPlainEscapedAndEmptyKeys() throws {
        let document = try Self.document(#"{"domain": 1, "t\u0061gs": 2, "": 3, "caf\u00E9": 4}"#)
        let view = document.view
        let root = view.root
        #expect(view.field(root, "domain").flatMap(view.int) == 1)
        #expect(view.field(root, "tags").flatMap(view.int) == 2)
        #expect(view.field(root, "").flatMap(view.int) == 3)
        #expect(view.field(root, "café").flatMap(view.int) == 4)
        #expect(view.field(root, "domai") == nil)
        #expect(view.field(root, "missing") == nil)
        #expect(view.field(view.field(root, "domain")!, "domain") == nil)
    }

    @Test func fieldReturnsTheFirstOfDuplicateKeysAsJSONValueDoes() throws {
        // The validator reads through the view and decoders through `JSONValue`: with a
        // duplicate key spelled once with an escape, both must still pick the same field.
        for text in [
            #"{"\u0061": "first", "a": "second"}"#, #"{"a": "first", "\u0061": "second"}"#,
            #"{"a": "first", "a": "second"}"#, #"{"\u0061": "first", "\u0061": "second"}"#,
        ] {
            let document = try Self.document(text)
            let view = document.view
            let viaView = view.field(view.root, "a").flatMap(view.string)
            #expect(viaView == "first", "\(text)")
            #expect(document.root["a"]?.string == "first", "\(text)")
        }
    }

    @Test func valueWrapsAnIndexForAPIsThatTakeJSONValue() throws {
        let document = try Self.document(#"{"list": [1, 2]}"#)
        let view = document.view
        let list = view.value(view.field(view.root, "list")!)
        #expect(list.kind == .array)
        #expect(list.count == 2)
        #expect(list.tapeIndex == document.root["list"]?.tapeIndex)
    }

    @Test func readsEveryValueAsJSONValueDoes() throws {
        for (_, text) in JSONTree.corpus(count: 150, seed: 0x0B5E_55ED) {
            let document = try JSONDocument(parsing: text)
            var mismatches: [String] = []
            func compare(_ value: JSONValue, _ view: JSONView) {
                let index = value.tapeIndex
                if view.kind(index) != value.kind || view.bool(index) != value.bool
                    || view.isNull(index) != value.isNull
                    || view.string(index) != value.string || view.int(index) != value.int
                    || view.double(index)?.bitPattern != value.double?.bitPattern
                    || view.isPlainString(index) != value.isPlainString
                {
                    mismatches.append("value at \(index)")
                }
                if value.kind == .string || value.kind == .number {
                    if view.withRawBytes(index, { Array($0) }) != value.withRawBytes({ Array($0) }) {
                        mismatches.append("raw bytes at \(index)")
                    }
                }
                var elements: [Int] = []
                view.forEachElement(index) { elements.append($0) }
                if elements != value.elements.map(\.tapeIndex) { mismatches.append("elements at \(index)") }
                var fields: [(String, Int)] = []
                view.forEachField(index) { _, _, child in fields.append((view.string(child - 1) ?? "?", child)) }
                if fields.map(\.0) != value.fields.map(\.key) || fields.map(\.1) != value.fields.map(\.value.tapeIndex)
                {
                    mismatches.append("fields at \(index)")
                }
                for element in value.elements { compare(element, view) }
                for field in value.fields { compare(field.value, view) }
            }
            compare(document.root, document.view)
            #expect(
                mismatches.isEmpty,
                "\(mismatches.prefix(5)) in \(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }
}
