import Foundation

/// One growth model fitted to measured costs: `cost(n) ≈ intercept + slope · model.term(n)`,
/// and how far the measurements stray from that curve.
///
/// The fit minimizes the squared *relative* residuals, `Σ ((fit(nᵢ) − costᵢ) / costᵢ)²`, so a
/// 10 ns operation and a 10 ms one weigh the same: the sizes span orders of magnitude, and
/// plain least squares would fit the largest size and ignore the rest. Both coefficients are
/// kept non-negative (a cost does not shrink as the input grows, nor start below zero).
///
/// ```swift
/// let fit = GrowthFit(.logarithmic, sizes: [1e3, 1e4, 1e5], costs: [40, 50, 60])!
/// fit.error          // 0 (to rounding): the three costs lie on 10 + 3.01 · log₂ n
/// fit.cost(at: 1e6)  // 70
/// ```
package struct GrowthFit: Equatable, Sendable {
    /// The curve fitted.
    package let model: GrowthModel
    /// `a`, the cost the curve starts from.
    package let intercept: Double
    /// `b`, the cost per unit of `model.term(n)` (0 for `constant`).
    package let slope: Double
    /// The root mean square of the relative residuals: 0.1 means the measurements lie about
    /// 10% from the curve.
    package let error: Double

    /// Fits `model` to the measured `costs` at `sizes` (pairwise). Returns `nil` when there are
    /// fewer than two points, the arrays differ in length, or a size or cost is not a
    /// positive finite number.
    ///
    /// - Complexity: O(k) for k points.
    package init?(_ model: GrowthModel, sizes: [Double], costs: [Double]) {
        guard GrowthFit.isUsable(sizes: sizes, costs: costs) else { return nil }
        let terms = sizes.map(model.term)
        // In relative terms, with u = 1 / cost: minimize Σ (a·u + b·term·u − 1)².
        let u = costs.map { 1 / $0 }
        var (suu, stuu, sttuu, su, stu) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for (t, w) in zip(terms, u) {
            suu += w * w
            stuu += t * w * w
            sttuu += t * t * w * w
            su += w
            stu += t * w
        }
        var a = su / suu  // the best constant
        var b = 0.0
        if model != .constant {
            let determinant = suu * sttuu - stuu * stuu
            if determinant > 1e-12 * suu * sttuu {
                a = (su * sttuu - stu * stuu) / determinant
                b = (suu * stu - stuu * su) / determinant
            }
            if b < 0 || determinant <= 1e-12 * suu * sttuu {
                // The slope wants to be negative (or the terms are all equal): no growth.
                (a, b) = (su / suu, 0)
            } else if a < 0 {
                // The curve wants to start below zero: pin it at zero.
                (a, b) = (0, stu / sttuu)
            }
        }
        self.model = model
        intercept = a
        slope = b
        var squares = 0.0
        for (t, cost) in zip(terms, costs) {
            let residual = (a + b * t - cost) / cost
            squares += residual * residual
        }
        error = (squares / Double(costs.count)).squareRoot()
    }

    /// The fitted cost at size `n`.
    ///
    /// - Complexity: O(1).
    package func cost(at n: Double) -> Double { intercept + slope * model.term(n) }

    /// Fits every model to the same points, slowest-growing first; empty when the points are
    /// unusable (see `init(_:sizes:costs:)`).
    ///
    /// - Complexity: O(k) for k points.
    package static func all(sizes: [Double], costs: [Double]) -> [GrowthFit] {
        GrowthModel.allCases.compactMap { GrowthFit($0, sizes: sizes, costs: costs) }
    }

    /// The growth the points show: the slowest-growing model whose error is within
    /// `tolerance` (absolute, as a fraction) of the smallest error any model reaches. A faster
    /// model always fits at least as well as `constant` (its slope may be 0), so without the
    /// tolerance noise alone would pick it; with it, a faster curve must earn its place by
    /// fitting clearly better.
    ///
    /// - Parameters:
    ///   - fits: fits of the same points, as `all(sizes:costs:)` returns them.
    ///   - tolerance: how much worse (in RMS relative error) a slower model may fit and still
    ///     be chosen; 0.05 is five percentage points.
    /// - Returns: `nil` when `fits` is empty.
    /// - Complexity: O(m) for m fits.
    package static func best(of fits: [GrowthFit], tolerance: Double = 0.05) -> GrowthFit? {
        guard let smallest = fits.map(\.error).min() else { return nil }
        return fits.sorted { $0.model < $1.model }.first { $0.error <= smallest + tolerance }
    }

    /// The exponent k of the power law `cost ∝ n^k` through the points (the slope of the
    /// log–log chart, by ordinary least squares): about 0 for a constant or logarithmic
    /// cost, 1 for a linear one, a little over 1 for n log n. `nil` for unusable points.
    ///
    /// - Complexity: O(k) for k points.
    package static func logLogSlope(sizes: [Double], costs: [Double]) -> Double? {
        guard isUsable(sizes: sizes, costs: costs) else { return nil }
        let x = sizes.map { log($0) }
        let y = costs.map { log($0) }
        let meanX = x.reduce(0, +) / Double(x.count)
        let meanY = y.reduce(0, +) / Double(y.count)
        var sxy = 0.0
        var sxx = 0.0
        for (xi, yi) in zip(x, y) {
            sxy += (xi - meanX) * (yi - meanY)
            sxx += (xi - meanX) * (xi - meanX)
        }
        return sxx > 0 ? sxy / sxx : nil
    }

    private static func isUsable(sizes: [Double], costs: [Double]) -> Bool {
        sizes.count >= 2 && sizes.count == costs.count
            && sizes.allSatisfy { $0.isFinite && $0 > 0 }
            && costs.allSatisfy { $0.isFinite && $0 > 0 }
    }
}
