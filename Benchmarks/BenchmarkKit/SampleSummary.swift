/// The spread of one metric's samples: the median a benchmark reports, and how far the runs
/// around it strayed.
///
///     samples   [ 9.8  10.1  10.0  13.5  10.2 ]
///     median    10.1
///     min, max  9.8, 13.5
///     MAD       0.1   (the median of |sample − median|: 0.3 0.0 0.1 3.4 0.1)
///
/// The median absolute deviation (MAD) shrugs off one slow run the way the median does, so
/// it says how much the typical run moved, not how bad the worst one was (min and max say
/// that).
///
/// ```swift
/// let summary = SampleSummary([9.8, 10.1, 10.0, 13.5, 10.2])!
/// print(summary.median, summary.medianAbsoluteDeviation)   // 10.1 0.1
/// ```
package struct SampleSummary: Equatable, Sendable {
    /// The number of samples.
    package let count: Int
    /// The middle sample (the mean of the middle two for an even count).
    package let median: Double
    /// The smallest sample.
    package let minimum: Double
    /// The largest sample.
    package let maximum: Double
    /// The median of the samples' distances from the median.
    package let medianAbsoluteDeviation: Double

    /// The summary of `samples`, or `nil` when there are none or one is not finite.
    ///
    /// - Complexity: O(n log n) for n samples.
    package init?(_ samples: [Double]) {
        guard !samples.isEmpty, samples.allSatisfy(\.isFinite) else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        median = SampleSummary.middle(of: sorted)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        let center = median
        medianAbsoluteDeviation = SampleSummary.middle(of: sorted.map { abs($0 - center) }.sorted())
    }

    /// A summary with every figure scaled by `factor` (a change of unit).
    ///
    /// - Complexity: O(1).
    package func scaled(by factor: Double) -> SampleSummary {
        SampleSummary(
            count: count,
            median: median * factor,
            minimum: factor < 0 ? maximum * factor : minimum * factor,
            maximum: factor < 0 ? minimum * factor : maximum * factor,
            medianAbsoluteDeviation: medianAbsoluteDeviation * abs(factor)
        )
    }

    /// The MAD as a fraction of the median (0 when the median is 0).
    ///
    /// - Complexity: O(1).
    package var relativeDeviation: Double { median == 0 ? 0 : medianAbsoluteDeviation / abs(median) }

    private init(count: Int, median: Double, minimum: Double, maximum: Double, medianAbsoluteDeviation: Double) {
        self.count = count
        self.median = median
        self.minimum = minimum
        self.maximum = maximum
        self.medianAbsoluteDeviation = medianAbsoluteDeviation
    }

    private static func middle(of sorted: [Double]) -> Double {
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
