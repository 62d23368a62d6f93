import JSONCore

extension FuzzHarness {
    /// Parses the bytes every way the tool does, and checks that the ways agree: the document
    /// parser and the validating pass, the whole array and its streamed and split elements,
    /// and a document and its re-written text.
    static func fuzzJSON(_ input: UnsafeRawBufferPointer) -> Verdict {
        let bytes = Array(input)
        let options = JSONParseOptions(maxDepth: 64)
        let document = try? JSONDocument(parsing: bytes, options: options)
        let validates = bytes.withUnsafeBufferPointer { (try? JSONDocument.validate($0, options: options)) != nil }
        precondition(validates == (document != nil), "JSONDocument and JSONDocument.validate disagree")
        guard let document else {
            // A text that does not parse may still be split: the splitter must not crash on it.
            _ = JSONArraySplitter.split(bytes, into: 4)
            return .keep
        }
        let root = document.root
        visit(root)
        _ = root.firstRepeatedKey()

        // Re-written compactly, the document parses again and re-writes to the same text.
        var writer = JSONWriter()
        writer.value(root)
        let text = writer.takeBytes()
        guard let again = try? JSONDocument(parsing: text, options: JSONParseOptions(maxDepth: 65)) else {
            preconditionFailure("JSONWriter wrote text the parser refuses")
        }
        var second = JSONWriter()
        second.value(again.root)
        precondition(second.takeBytes() == text, "re-writing a re-written document changed it")

        if root.kind == .array { checkArrayReaders(bytes, root: root, options: options) }
        return .keep
    }

    /// Reads every value as the record readers do: kinds, counts, scalars, fields by name.
    private static func visit(_ value: JSONValue) {
        switch value.kind {
        case .object:
            var count = 0
            for field in value.fields {
                precondition(value[field.key] != nil, "a field is not found by its own key")
                visit(field.value)
                count += 1
            }
            precondition(count == value.count, "an object's count differs from its fields")
        case .array:
            var count = 0
            for element in value.elements {
                visit(element)
                count += 1
            }
            precondition(count == value.count, "an array's count differs from its elements")
            if count > 0 { precondition(value[count - 1] != nil, "the last element is not found by position") }
        case .string:
            _ = value.string
        case .number:
            _ = value.int
            _ = value.double
            _ = value.numberText
        case .true, .false, .null:
            break
        }
    }

    /// The streamed elements and the split runs' elements are the document's elements.
    private static func checkArrayReaders(_ bytes: [UInt8], root: JSONValue, options: JSONParseOptions) {
        let expected = root.elements.map(\.sourceRange)
        var streamed: [Range<Int>] = []
        do {
            try JSONArrayStream.forEachElement(in: bytes, options: options) { _, element in
                streamed.append(element.sourceRange)
            }
        } catch {
            preconditionFailure("JSONArrayStream refused an array the parser accepts: \(error)")
        }
        precondition(streamed == expected, "JSONArrayStream and the parser see different elements")
        guard let runs = JSONArraySplitter.split(bytes, into: 3) else { return }
        var split: [Range<Int>] = []
        for run in runs {
            // The splitter does not validate: a run it misjudged may fail to parse, and the
            // callers then read the array in one pass. Runs that parse must hold the elements.
            do {
                try JSONArrayStream.forEachElement(in: bytes, run: run, options: options) { index, element in
                    precondition(index == split.count, "a run's element has the wrong position")
                    split.append(element.sourceRange)
                }
            } catch {
                return
            }
        }
        precondition(split == expected, "the split runs and the parser see different elements")
    }
}
