/// Deterministic pseudo-random bytes from ``SeededGenerator``, so failures reproduce.
public struct SeededBytes {
    private var generator: SeededGenerator

    public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// The next `count` bytes.
    public mutating func next(_ count: Int) -> [UInt8] {
        var words = [UInt64](repeating: 0, count: (count + 7) / 8)
        for index in words.indices { words[index] = generator.next() }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            words.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count]))
            }
            initialized = count
        }
    }
}
