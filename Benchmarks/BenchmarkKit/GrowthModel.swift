import Foundation

/// A curve a cost can follow as its input grows: the four the scaling benchmarks tell apart,
/// slowest first. Each is fitted as `cost(n) = a + b · term(n)` with `a, b ≥ 0`.
///
/// ```swift
/// GrowthModel.logarithmic.term(1_024)   // 10
/// GrowthModel.linearithmic.notation     // "O(n log n)"
/// ```
package enum GrowthModel: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// `a`: the cost does not depend on n.
    case constant
    /// `a + b log₂ n`.
    case logarithmic
    /// `a + b n`.
    case linear
    /// `a + b n log₂ n`.
    case linearithmic

    /// The term the slope `b` multiplies (0 for `constant`, which has no slope).
    ///
    /// - Complexity: O(1).
    package func term(_ n: Double) -> Double {
        switch self {
        case .constant: 0
        case .logarithmic: n > 1 ? log2(n) : 0
        case .linear: n
        case .linearithmic: n > 1 ? n * log2(n) : 0
        }
    }

    /// Big-O notation: "O(1)", "O(log n)", "O(n)", "O(n log n)".
    ///
    /// - Complexity: O(1).
    package var notation: String {
        switch self {
        case .constant: "O(1)"
        case .logarithmic: "O(log n)"
        case .linear: "O(n)"
        case .linearithmic: "O(n log n)"
        }
    }

    /// The notation, as `notation`.
    ///
    /// - Complexity: O(1).
    package var description: String { notation }

    /// Orders models by how fast they grow.
    ///
    /// - Complexity: O(1).
    package static func < (lhs: GrowthModel, rhs: GrowthModel) -> Bool { lhs.rawValue < rhs.rawValue }
}
