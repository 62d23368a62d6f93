/// SplitMix64: a small, fast generator whose output depends only on its seed, so a failing
/// generated case fails the same way on every run and every machine.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        Int.random(in: 0..<denominator, using: &self) < numerator
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }
}
