/// A set of positions among an object's fields or a schema's properties (0 for the first).
///
/// The first 64 positions — every record's fields — are bits of one word, so marking a field
/// costs an `or`; positions beyond live in words allocated only when one is inserted, so no
/// object is too wide.
public struct PositionSet: Sendable, Equatable {
    /// Positions 0 to 63.
    @usableFromInline var first: UInt64 = 0
    /// Positions from 64 on, 64 to a word.
    @usableFromInline var rest: [UInt64] = []

    @inlinable public init() {}

    /// Adds `position`; returns whether it was not there yet.
    @inlinable @discardableResult
    public mutating func insert(_ position: Int) -> Bool {
        precondition(position >= 0, "positions start at 0")
        if position < 64 {
            let bit: UInt64 = 1 << UInt64(position)
            defer { first |= bit }
            return first & bit == 0
        }
        return insertBeyondFirstWord(position)
    }

    @usableFromInline
    mutating func insertBeyondFirstWord(_ position: Int) -> Bool {
        let word = position / 64 - 1
        let bit: UInt64 = 1 << UInt64(position % 64)
        if word >= rest.count { rest.append(contentsOf: repeatElement(0, count: word - rest.count + 1)) }
        defer { rest[word] |= bit }
        return rest[word] & bit == 0
    }

    /// Whether `position` was inserted.
    @inlinable public func contains(_ position: Int) -> Bool {
        if position < 64 { return position >= 0 && first & (1 << UInt64(position)) != 0 }
        let word = position / 64 - 1
        return word < rest.count && rest[word] & (1 << UInt64(position % 64)) != 0
    }

    /// The number of positions inserted.
    @inlinable public var count: Int {
        rest.reduce(first.nonzeroBitCount) { $0 + $1.nonzeroBitCount }
    }
}
