/// A tiny, fast, seeded random number generator (SplitMix64), so every random test and
/// benchmark input can be reproduced from its seed alone.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let roll = rng.below(6)   // the same sequence on every machine
/// ```
///
/// `below(n)` is plain modulo, as `Docs/DiffInputs.md` specifies, so inputs built
/// with it match figures measured elsewhere bit for bit.
///
/// - Complexity: every member is O(1).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; equal states produce equal sequences.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    ///
    /// - Complexity: O(1).
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n` drawn by plain modulo (`n` must be positive).
    ///
    /// - Complexity: O(1).
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(\(n)): the bound must be positive")
        return Int(next() % UInt64(n))
    }

    /// A value in `range`, drawn by plain modulo.
    ///
    /// - Complexity: O(1).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` with probability `numerator / denominator`.
    ///
    /// - Complexity: O(1).
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// Shuffles `array` by Fisher–Yates from the top, drawing with `below(i + 1)`.
    ///
    /// - Complexity: O(n).
    public mutating func shuffle<T>(_ array: inout [T]) {
        var i = array.count - 1
        while i >= 1 {
            let j = below(i + 1)
            array.swapAt(i, j)
            i -= 1
        }
    }
}
