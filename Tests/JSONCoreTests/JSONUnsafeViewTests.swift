import JSONCore
import Testing

/// The borrowed, index-based view: it must read every value exactly as `JSONValue` does.
@Suite struct JSONUnsafeViewTests {
    static func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(parsing: Array(text.utf8))
    }

    @Test func readsScalarsByIndex() throws {
        let document = try Self.document(#"[null, true, false, "a\tb", "plain", -12, 2.5, 1e400]"#)
        document.root.withUnsafeView { view, root in
            var indices: [Int] = []
            view.forEachElement(root) { indices.append($0) }
            #expect(indices.map(view.kind) == [.null, .true, .false, .string, .string, .number, .number, .number])
            #expect(indices.map(view.isNull) == [true, false, false, false, false, false, false, false])
            #expect(indices.map(view.bool) == [nil, true, false, nil, nil, nil, nil, nil])
            #expect(indices.map(view.string) == [nil, nil, nil, "a\tb", "plain", nil, nil, nil])
            #expect(indices.map(view.isPlainString) == [false, false, false, false, true, false, false, false])
            #expect(indices.map(view.int) == [nil, nil, nil, nil, nil, -12, nil, nil])
            #expect(indices.map(view.double) == [nil, nil, nil, nil, nil, -12, 2.5, .infinity])
            #expect(String(decoding: view.rawBytes(indices[3]), as: UTF8.self) == #"a\tb"#)
            #expect(String(decoding: view.rawBytes(indices[7]), as: UTF8.self) == "1e400")
        }
    }

    @Test func nextSkipsAWholeSubtree() throws {
        let document = try Self.document(#"[[1, [2]], {"k": [3, 4]}, 5]"#)
        let view = document.unsafeView
        // Tape: 0 [ · 1 [ · 2 1 · 3 [ · 4 2 · 5 { · 6 "k" · 7 [ · 8 3 · 9 4 · 10 5
        #expect(view.next(0) == 11)
        #expect(view.next(1) == 5)
        #expect(view.next(5) == 10)
        #expect(view.next(7) == 10)
        #expect(view.next(10) == 11)
        withExtendedLifetime(document) {}
    }

    @Test func walksElementsAndFieldsInOrder() throws {
        let document = try Self.document(#"{"a": [10, 20, 30], "b\n": {"c": 1}, "d": null}"#)
        document.root.withUnsafeView { view, root in
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
    }

    @Test func fieldFindsPlainEscapedAndEmptyKeys() throws {
        let document = try Self.document(#"{"domain": 1, "t\u0061gs": 2, "": 3, "caf\u00E9": 4}"#)
        document.root.withUnsafeView { view, root in
            #expect(view.field(root, "domain").flatMap(view.int) == 1)
            #expect(view.field(root, "tags").flatMap(view.int) == 2)
            #expect(view.field(root, "").flatMap(view.int) == 3)
            #expect(view.field(root, "café").flatMap(view.int) == 4)
            #expect(view.field(root, "domai") == nil)
            #expect(view.field(root, "missing") == nil)
            #expect(view.field(view.field(root, "domain")!, "domain") == nil)
        }
    }

    @Test func fieldReturnsTheFirstOfDuplicateKeysAsJSONValueDoes() throws {
        // The validator reads through the view and decoders through `JSONValue`: with a
        // duplicate key spelled once with an escape, both must still pick the same field.
        for text in [
            #"{"\u0061": "first", "a": "second"}"#, #"{"a": "first", "\u0061": "second"}"#,
            #"{"a": "first", "a": "second"}"#, #"{"\u0061": "first", "\u0061": "second"}"#,
        ] {
            let document = try Self.document(text)
            let viaView = document.root.withUnsafeView { view, root in view.field(root, "a").flatMap(view.string) }
            #expect(viaView == "first", "\(text)")
            #expect(document.root["a"]?.string == "first", "\(text)")
        }
    }

    @Test func valueWrapsAnIndexForAPIsThatTakeJSONValue() throws {
        let document = try Self.document(#"{"list": [1, 2]}"#)
        let list = document.root.withUnsafeView { view, root in view.value(view.field(root, "list")!, in: document) }
        #expect(list.kind == .array)
        #expect(list.count == 2)
        #expect(list.tapeIndex == document.root["list"]?.tapeIndex)
    }

    @Test func readsEveryValueAsJSONValueDoes() throws {
        for (_, text) in JSONTree.corpus(count: 150, seed: 0x0B5E_55ED) {
            let document = try JSONDocument(parsing: text)
            var mismatches: [String] = []
            func compare(_ value: JSONValue, _ view: JSONUnsafeView) {
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
                    if Array(view.rawBytes(index)) != value.withRawBytes({ Array($0) }) {
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
            document.root.withUnsafeView { view, _ in compare(document.root, view) }
            #expect(
                mismatches.isEmpty,
                "\(mismatches.prefix(5)) in \(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }
}
