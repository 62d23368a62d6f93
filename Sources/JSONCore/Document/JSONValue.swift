import Foundation

/// A read-only view of one value in a `JSONDocument`.
///
/// This is the only way the rest of backupctl reads JSON: object fields, array elements,
/// and scalars (numbers with their exact source text). The parser beneath can change
/// without touching a reader.
public struct JSONValue: Sendable {
    public let document: JSONDocument
    @usableFromInline let index: Int

    @inlinable
    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @inlinable var node: JSONNode { document.view.node(index) }

    /// The value's position on its document's tape, for `JSONView`.
    public var tapeIndex: Int { index }

    @inlinable public var kind: JSONKind { node.kind }

    @inlinable public var isNull: Bool { node.kind == .null }

    /// The boolean, when the value is `true` or `false`.
    @inlinable public var bool: Bool? { document.view.bool(index) }

    /// The byte range of the value's text in `document.source` (strings include their quotes).
    public var sourceRange: Range<Int> { document.view.sourceRange(index) }

    /// The number of elements (arrays) or fields (objects); 0 for scalars.
    public var count: Int { document.view.count(index) }

    /// Calls `body` with the raw text of the value (strings: between the quotes, escapes as
    /// written). The buffer is valid only during the call.
    @inlinable
    public func withRawBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try document.view.withRawBytes(index, body)
    }
}

extension JSONValue {
    /// The elements of an array, in order; empty for anything else.
    public var elements: JSONElements { JSONElements(value: self) }

    /// The fields of an object, in order (duplicates kept as written); empty for anything else.
    public var fields: JSONFields { JSONFields(value: self) }

    /// The value of the first field named `key`, when the value is an object that has it.
    public subscript(key: StaticString) -> JSONValue? {
        document.view.field(index, key).map { JSONValue(document: document, index: $0) }
    }

    /// The value of the first field named `key`, when the value is an object that has it.
    public subscript(key: String) -> JSONValue? {
        var key = key
        var position = 0
        return key.withUTF8 { document.view.field(index, $0, position: &position) }.map {
            JSONValue(document: document, index: $0)
        }
    }

    /// The element at `position`, when the value is an array that long.
    public subscript(position: Int) -> JSONValue? {
        guard position >= 0 else { return nil }
        var rest = elements.dropFirst(position).makeIterator()
        return rest.next()
    }
}

/// The elements of a JSON array.
public struct JSONElements: Sequence, Sendable {
    let value: JSONValue

    public struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var cursor: Int
        let end: Int

        public mutating func next() -> JSONValue? {
            guard cursor < end else { return nil }
            let current = cursor
            cursor = document.view.next(current)
            return JSONValue(document: document, index: current)
        }
    }

    public func makeIterator() -> Iterator {
        let node = value.node
        guard node.kind == .array else { return Iterator(document: value.document, cursor: 0, end: 0) }
        return Iterator(document: value.document, cursor: value.index + 1, end: Int(node.next))
    }

    public var underestimatedCount: Int { value.kind == .array ? value.count : 0 }
}

/// The fields of a JSON object.
public struct JSONFields: Sequence, Sendable {
    let value: JSONValue

    public struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var cursor: Int
        let end: Int

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard cursor < end else { return nil }
            let keyIndex = cursor
            let valueIndex = keyIndex + 1
            cursor = document.view.next(valueIndex)
            let key = JSONValue(document: document, index: keyIndex).string ?? ""
            return (key, JSONValue(document: document, index: valueIndex))
        }
    }

    public func makeIterator() -> Iterator {
        let node = value.node
        guard node.kind == .object else { return Iterator(document: value.document, cursor: 0, end: 0) }
        return Iterator(document: value.document, cursor: value.index + 1, end: Int(node.next))
    }

    public var underestimatedCount: Int { value.kind == .object ? value.count : 0 }
}

extension JSONElements {
    /// No elements: for optional arrays, `value["list"]?.elements ?? .empty`.
    public static let empty = JSONElements(value: JSONDocument.emptyObject.root)
}

extension JSONFields {
    /// No fields: for optional objects, `value["map"]?.fields ?? .empty`.
    public static let empty = JSONFields(value: JSONDocument.emptyObject.root)
}

extension JSONDocument {
    /// `{}`, the value behind the empty sequences.
    static let emptyObject: JSONDocument = try! JSONDocument(parsing: [UInt8(ascii: "{"), UInt8(ascii: "}")])
}
