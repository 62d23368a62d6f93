@testable import JSONCore

extension JSONValue {
    /// Whether the number is written as an integer (no fraction, no exponent).
    var isIntegerLiteral: Bool {
        let node = self.node
        return node.kind == .number && node.flag
    }

    /// Whether the value is a string written without escapes (its raw bytes are its text).
    var isPlainString: Bool {
        let node = self.node
        return node.kind == .string && !node.flag
    }
}

extension JSONView {
    /// The index of the document's top-level value.
    var root: Int { document.root.tapeIndex }

    /// A `JSONValue` for `index`.
    func value(_ index: Int) -> JSONValue {
        JSONValue(document: document, index: index)
    }
}
