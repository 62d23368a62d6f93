import Foundation

/// An index-addressed view of a parsed document, for code that walks millions of values
/// (validation, record decoding) without making a `JSONValue` for each.
///
/// Values are addressed by tape index (`JSONValue.tapeIndex`). The view holds its
/// document, which owns the tape and the source, so it is valid for as long as it exists and
/// may be stored (a `RecordReader` keeps one). Raw bytes are lent to a closure
/// (`withRawBytes`, `forEachField`) and are valid only inside it: no pointer into the
/// document's storage leaves the call that made it.
///
///     let view = document.view
///     if let name = view.field(document.root.tapeIndex, "domain") { print(view.string(name) ?? "") }
public struct JSONView: Sendable {
    public let document: JSONDocument

    @inlinable init(document: JSONDocument) {
        self.document = document
    }

    /// The tape's node at `index`. Indices come from the tape (`JSONValue.tapeIndex`, `next`, `field`, the
    /// walks), so they are in range; as for any unsafe buffer, that is checked in debug builds.
    @inlinable func node(_ index: Int) -> JSONNode {
        document.tape.withUnsafeBufferPointer { $0[index] }
    }

    @inlinable public func kind(_ index: Int) -> JSONKind { node(index).kind }

    @inlinable public func isNull(_ index: Int) -> Bool { node(index).kind == .null }

    /// The boolean, for `true` and `false`.
    @inlinable public func bool(_ index: Int) -> Bool? {
        switch node(index).kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// Calls `body` with the value's raw text: a string's bytes between the quotes (escapes
    /// as written), a number's text. The buffer is valid only during the call.
    @inlinable
    public func withRawBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        let node = node(index)
        return try document.source.withUnsafeBufferPointer { source in
            try body(UnsafeBufferPointer(rebasing: source[Int(node.start)..<Int(node.start + node.length)]))
        }
    }

    /// Whether the value is a string written without escapes (its raw bytes are its text).
    @inlinable public func isPlainString(_ index: Int) -> Bool {
        let node = node(index)
        return node.kind == .string && !node.flag
    }

    /// The decoded string, for strings.
    public func string(_ index: Int) -> String? {
        let node = node(index)
        guard node.kind == .string else { return nil }
        return withRawBytes(index) { JSONScalars.string($0, escaped: node.flag) }
    }

    /// The number as an `Int` when integral and in range.
    public func int(_ index: Int) -> Int? {
        let node = node(index)
        guard node.kind == .number else { return nil }
        return withRawBytes(index) { JSONScalars.int($0, isIntegerLiteral: node.flag) }
    }

    /// The number as the nearest `Double`.
    public func double(_ index: Int) -> Double? {
        let node = node(index)
        guard node.kind == .number else { return nil }
        return withRawBytes(index) { JSONScalars.double($0, isIntegerLiteral: node.flag) }
    }

    /// The index just past the value and its children.
    @inlinable public func next(_ index: Int) -> Int { Int(node(index).next) }

    /// Calls `body` with each element's index.
    @inlinable public func forEachElement(_ index: Int, _ body: (Int) throws -> Void) rethrows {
        try document.tape.withUnsafeBufferPointer { tape in
            let node = tape[index]
            guard node.kind == .array else { return }
            var child = index + 1
            let end = Int(node.next)
            while child < end {
                try body(child)
                child = Int(tape[child].next)
            }
        }
    }

    /// Calls `body` with each field: the key's raw bytes (valid only during the call), whether
    /// they hold escapes, the value's index.
    @inlinable public func forEachField(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool, Int) throws -> Void)
        rethrows
    {
        let node = node(index)
        guard node.kind == .object else { return }
        try document.tape.withUnsafeBufferPointer { tape in
            try document.source.withUnsafeBufferPointer { source in
                var child = index + 1
                let end = Int(node.next)
                while child < end {
                    let key = tape[child]
                    try body(
                        UnsafeBufferPointer(rebasing: source[Int(key.start)..<Int(key.start + key.length)]), key.flag,
                        child + 1)
                    child = Int(tape[child + 1].next)
                }
            }
        }
    }

    /// The index of the first field named `name`, when the value is an object that has it.
    @inlinable public func field(_ index: Int, _ name: StaticString) -> Int? {
        var position = 0
        return field(index, name, position: &position)
    }

    /// The index of the first field named `name`, when the value is an object that has it;
    /// `position` is set to the field's place among the object's fields (0 for the first).
    @inlinable public func field(_ index: Int, _ name: StaticString, position: inout Int) -> Int? {
        field(index, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), position: &position)
    }

    /// `field(_:_:position:)` for a name given as UTF-8 bytes.
    @inlinable func field(_ index: Int, _ name: UnsafeBufferPointer<UInt8>, position: inout Int) -> Int? {
        let node = node(index)
        guard node.kind == .object else { return nil }
        let length = name.count
        let end = Int(node.next)
        position = 0
        return document.tape.withUnsafeBufferPointer { tape in
            document.source.withUnsafeBufferPointer { source -> Int? in
                var child = index + 1
                // Keys are matched in document order, escaped or not, so a duplicate key finds the
                // same field here as through `JSONValue`. An escape never makes text longer, so an
                // escaped key written shorter than `name` cannot match and is not decoded.
                while child < end {
                    let key = tape[child]
                    if !key.flag {
                        if Int(key.length) == length,
                            length == 0 || memcmp(source.baseAddress! + Int(key.start), name.baseAddress!, length) == 0
                        {
                            return child + 1
                        }
                    } else if Int(key.length) >= length, let text = string(child),
                        text.utf8.elementsEqual(name)
                    {
                        return child + 1
                    }
                    child = Int(tape[child + 1].next)
                    position += 1
                }
                return nil
            }
        }
    }

    /// The number of elements (arrays) or fields (objects); 0 for scalars.
    public func count(_ index: Int) -> Int {
        let tape = document.tape
        let node = node(index)
        guard node.kind == .object || node.kind == .array else { return 0 }
        if node.storedCount < JSONNode.maxStoredCount { return Int(node.storedCount) }
        var total = 0
        var child = index + 1
        let stride = node.kind == .object ? 2 : 1
        while child < Int(node.next) {
            total += 1
            for _ in 0..<stride { child = Int(tape[child].next) }
        }
        return total
    }

    /// The byte range of the value's whole text in the source (strings include their quotes).
    @inlinable public func sourceRange(_ index: Int) -> Range<Int> {
        let node = node(index)
        let start = Int(node.start)
        if node.kind == .string { return (start - 1)..<(start + Int(node.length) + 1) }
        return start..<(start + Int(node.length))
    }

    /// The value's whole text as written (strings with their quotes).
    @inlinable public func text(_ index: Int) -> ArraySlice<UInt8> {
        document.source[sourceRange(index)]
    }
}
