/// Bytes cut into pieces at random, for code that takes a value in pieces and must treat it
/// as the pieces joined.
public enum RandomPieces {
    /// Pieces of every size, some of them empty (the first always is), joining into `count`
    /// bytes whose pattern does not repeat soon, so a piece moved or dropped shows.
    public static func make(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        var pieces: [[UInt8]] = [[]]
        var made = 0
        while made < count {
            let length =
                random.chance(1, in: 6) ? 0 : min(count - made, Int.random(in: 1...(count / 4 + 1), using: &random))
            pieces.append((made..<(made + length)).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 9)) })
            made += length
        }
        return pieces
    }
}
