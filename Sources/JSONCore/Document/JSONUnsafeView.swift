import Foundation

/// A borrowed view of a parsed document — its tape and source as raw buffers — for code
/// that walks millions of values (validation, record decoding) without reference counting.
///
/// Values are addressed by tape index. A view is valid only inside the closure that
/// `JSONValue.withUnsafeView` calls: never store it, or an index, beyond that.
///
///     value.withUnsafeView { view, root in
///         if let name = view.field(root, "domain") { print(view.string(name)) }
///     }
public struct JSONUnsafeView: @unchecked Sendable {
    @usableFromInline let tape: UnsafeBufferPointer<JSONNode>
    @usableFromInline let source: UnsafeBufferPointer<UInt8>

    @inlinable init(tape: UnsafeBufferPointer<JSONNode>, source: UnsafeBufferPointer<UInt8>) {
        self.tape = tape
        self.source = source
    }

    /// The value's type.
    @inlinable public func kind(_ index: Int) -> JSONKind { tape[index].kind }

    /// Whether the value is `null`.
    @inlinable public func isNull(_ index: Int) -> Bool { tape[index].kind == .null }

    /// The boolean, for `true` and `false`.
    @inlinable public func bool(_ index: Int) -> Bool? {
        switch tape[index].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The raw text: a string's bytes between the quotes (escapes as written), a number's text.
    @inlinable public func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let node = tape[index]
        return UnsafeBufferPointer(rebasing: source[Int(node.start)..<Int(node.start + node.length)])
    }

    /// Whether the value is a string written without escapes (its raw bytes are its text).
    @inlinable public func isPlainString(_ index: Int) -> Bool {
        let node = tape[index]
        return node.kind == .string && !node.flag
    }

    /// The decoded string, for strings.
    public func string(_ index: Int) -> String? {
        let node = tape[index]
        guard node.kind == .string else { return nil }
        return JSONScalars.string(rawBytes(index), escaped: node.flag)
    }

    /// The number as an `Int` when integral and in range.
    public func int(_ index: Int) -> Int? {
        let node = tape[index]
        guard node.kind == .number else { return nil }
        return JSONScalars.int(rawBytes(index), isIntegerLiteral: node.flag)
    }

    /// The number as the nearest `Double`.
    public func double(_ index: Int) -> Double? {
        let node = tape[index]
        guard node.kind == .number else { return nil }
        return JSONScalars.double(rawBytes(index), isIntegerLiteral: node.flag)
    }

    /// The index just past the value and its children.
    @inlinable public func next(_ index: Int) -> Int { Int(tape[index].next) }

    /// Calls `body` with each element's index.
    @inlinable public func forEachElement(_ index: Int, _ body: (Int) throws -> Void) rethrows {
        let node = tape[index]
        guard node.kind == .array else { return }
        var child = index + 1
        let end = Int(node.next)
        while child < end {
            try body(child)
            child = Int(tape[child].next)
        }
    }

    /// Calls `body` with each field: the key's raw bytes, whether they hold escapes, the value's index.
    @inlinable public func forEachField(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool, Int) throws -> Void)
        rethrows
    {
        let node = tape[index]
        guard node.kind == .object else { return }
        var child = index + 1
        let end = Int(node.next)
        while child < end {
            let key = tape[child]
            try body(
                UnsafeBufferPointer(rebasing: source[Int(key.start)..<Int(key.start + key.length)]), key.flag, child + 1
            )
            child = Int(tape[child + 1].next)
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
        let node = tape[index]
        guard node.kind == .object else { return nil }
        let length = name.utf8CodeUnitCount
        var child = index + 1
        let end = Int(node.next)
        position = 0
        // Keys are matched in document order, escaped or not, so a duplicate key finds the
        // same field here as through `JSONValue`. An escape never makes text longer, so an
        // escaped key written shorter than `name` cannot match and is not decoded.
        while child < end {
            let key = tape[child]
            if !key.flag {
                if Int(key.length) == length,
                    length == 0 || memcmp(source.baseAddress! + Int(key.start), name.utf8Start, length) == 0
                {
                    return child + 1
                }
            } else if Int(key.length) >= length, let text = string(child),
                text.utf8.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: length))
            {
                return child + 1
            }
            child = Int(tape[child + 1].next)
            position += 1
        }
        return nil
    }

    /// The number of elements (arrays) or fields (objects); 0 for scalars.
    public func count(_ index: Int) -> Int {
        let node = tape[index]
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
        let node = tape[index]
        let start = Int(node.start)
        if node.kind == .string { return (start - 1)..<(start + Int(node.length) + 1) }
        return start..<(start + Int(node.length))
    }

    /// The value's whole text as written (strings with their quotes), valid as long as the view.
    @inlinable public func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: source[sourceRange(index)])
    }

    /// A `JSONValue` for `index`, for APIs that take one (allocation-free but retains the document).
    public func value(_ index: Int, in document: JSONDocument) -> JSONValue {
        JSONValue(document: document, index: index)
    }
}

extension JSONValue {
    /// Calls `body` with a borrowed view of the document and this value's index.
    @inlinable
    public func withUnsafeView<Result>(_ body: (JSONUnsafeView, Int) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(document) { try body(document.view, index) }
    }
}
