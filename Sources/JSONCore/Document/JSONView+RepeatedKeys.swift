import Foundation

/// Repeated keys: RFC 8259 leaves an object with a repeated key to each reader, and readers
/// disagree — this package's lookups take the first value, Python's `json` and `jq` the last —
/// so a document holding one means different things to different tools.
extension JSONView {
    /// Calls `body` with each field of the object at `index` whose key repeats an earlier key
    /// of the same object. Keys are compared as decoded text, byte for byte: `"a"` and
    /// `"\u0061"` are one key, while differently normalised spellings of `é` are two, as for
    /// Python.
    /// - Parameter body: the repeated key's text and its value's index.
    public func forEachRepeatedKey(_ index: Int, _ body: (_ key: String, _ value: Int) throws -> Void) rethrows {
        let fieldCount = count(index)
        guard kind(index) == .object, fieldCount > 1 else { return }
        let end = next(index)
        // Few keys (every record): compare pairwise without allocating. Many: a set, so a
        // hostile object cannot make this quadratic.
        if fieldCount <= 16 {
            var later = index + 1
            while later < end {
                var earlier = index + 1
                while earlier < later {
                    if keysEqual(earlier, later) {
                        try body(string(later) ?? "", later + 1)
                        break
                    }
                    earlier = next(earlier + 1)
                }
                later = next(later + 1)
            }
        } else {
            var seen = Set<[UInt8]>()
            var key = index + 1
            while key < end {
                let text = string(key) ?? ""
                if !seen.insert(Array(text.utf8)).inserted { try body(text, key + 1) }
                key = next(key + 1)
            }
        }
    }

    /// Whether the keys at tape indices `first` and `second` are the same decoded text.
    func keysEqual(_ first: Int, _ second: Int) -> Bool {
        if isPlainString(first) && isPlainString(second) {
            return withRawBytes(first) { a in
                withRawBytes(second) { b in
                    a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
                }
            }
        }
        guard let left = string(first), let right = string(second) else { return false }
        return left.utf8.elementsEqual(right.utf8)
    }
}

extension JSONValue {
    /// The keys this object repeats, once for each repetition, in order, without looking into
    /// its values: none when it is not an object. See ``JSONView/forEachRepeatedKey(_:_:)``.
    public func repeatedKeys() -> [String] {
        var keys: [String] = []
        document.view.forEachRepeatedKey(index) { key, _ in keys.append(key) }
        return keys
    }

    /// The first repeated key in this value or anything it holds, depth first, with the
    /// JSONPath of the object that repeats it (`$` is this value): `nil` when every object's
    /// keys are distinct. See ``JSONView/forEachRepeatedKey(_:_:)``.
    public func firstRepeatedKey() -> (key: String, path: String)? {
        Self.firstRepeatedKey(in: document.view, at: index, path: "$")
    }

    private static func firstRepeatedKey(in view: JSONView, at index: Int, path: String) -> (
        key: String, path: String
    )? {
        switch view.kind(index) {
        case .object:
            var repeated: String?
            view.forEachRepeatedKey(index) { key, _ in if repeated == nil { repeated = key } }
            if let repeated { return (repeated, path) }
            var found: (key: String, path: String)?
            view.forEachField(index) { _, _, value in
                guard found == nil else { return }
                found = firstRepeatedKey(
                    in: view, at: value, path: path + JSONPathText.key(view.string(value - 1) ?? ""))
            }
            return found
        case .array:
            var found: (key: String, path: String)?
            var position = 0
            view.forEachElement(index) { element in
                if found == nil { found = firstRepeatedKey(in: view, at: element, path: path + "[\(position)]") }
                position += 1
            }
            return found
        default:
            return nil
        }
    }
}
