import Foundation
import Testing
@testable import BenchmarkKit

/// The growth fits on synthetic costs whose curve is known: exact curves are found with no
/// error, noisy ones are still told apart, and the slowest adequate curve is chosen.
@Suite struct GrowthFitTests {
    /// Five sizes over four decades, as the scaling run's rows.
    static let sizes: [Double] = [1e3, 1e4, 1e5, 1e6, 1e7]

    /// A deterministic noise source: factors in `1 ± amplitude`.
    struct Noise {
        var state: UInt64
        mutating func factor(_ amplitude: Double) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let unit = Double(state >> 11) / Double(1 << 53)  // 0..<1
            return 1 + amplitude * (2 * unit - 1)
        }
    }

    static func costs(_ curve: (Double) -> Double, noise amplitude: Double = 0, seed: UInt64 = 1) -> [Double] {
        var noise = Noise(state: seed)
        return sizes.map { curve($0) * noise.factor(amplitude) }
    }

    static func chosen(_ costs: [Double], tolerance: Double = 0.05) -> GrowthModel? {
        GrowthFit.best(of: GrowthFit.all(sizes: sizes, costs: costs), tolerance: tolerance)?.model
    }

    @Test func exactCurvesAreFoundWithTheirCoefficientsAndNoError() throws {
        let cases: [(GrowthModel, (Double) -> Double, Double, Double)] = [
            (.constant, { _ in 42 }, 42, 0),
            (.logarithmic, { 20 + 3 * log2($0) }, 20, 3),
            (.linear, { 100 + 0.5 * $0 }, 100, 0.5),
            (.linearithmic, { 5 + 0.25 * $0 * log2($0) }, 5, 0.25),
        ]
        for (model, curve, intercept, slope) in cases {
            let fit = try #require(GrowthFit(model, sizes: GrowthFitTests.sizes, costs: GrowthFitTests.costs(curve)))
            #expect(fit.error < 1e-9, "\(model): error \(fit.error)")
            #expect(abs(fit.intercept - intercept) <= 1e-6 * max(1, intercept), "\(model): intercept \(fit.intercept)")
            #expect(abs(fit.slope - slope) <= 1e-9 * max(1, slope), "\(model): slope \(fit.slope)")
            #expect(GrowthFitTests.chosen(GrowthFitTests.costs(curve)) == model, "\(model) is the curve chosen")
        }
    }

    @Test func noisyCurvesAreStillToldApart() {
        // 8% noise: more than a quiet run's medians show, less than the curves differ by.
        for seed in UInt64(1)...20 {
            #expect(GrowthFitTests.chosen(GrowthFitTests.costs({ _ in 300 }, noise: 0.08, seed: seed)) == .constant)
            #expect(GrowthFitTests.chosen(GrowthFitTests.costs({ 8 * log2($0) }, noise: 0.08, seed: seed)) == .logarithmic)
            #expect(GrowthFitTests.chosen(GrowthFitTests.costs({ 2 * $0 }, noise: 0.08, seed: seed)) == .linear)
            #expect(GrowthFitTests.chosen(GrowthFitTests.costs({ $0 * log2($0) }, noise: 0.08, seed: seed)) == .linearithmic)
        }
    }

    @Test func aSlowlyGrowingCostWithinTheToleranceCountsAsConstant_andAsLogarithmicWithoutIt() {
        // 1,000 + log₂ n: from 1,010 to 1,023, about 1% over four decades.
        let costs = GrowthFitTests.costs { 1_000 + log2($0) }
        #expect(GrowthFitTests.chosen(costs) == .constant)
        #expect(GrowthFitTests.chosen(costs, tolerance: 0) == .logarithmic)
    }

    @Test func aFallingCostFitsAsConstant_neverWithANegativeSlope() throws {
        let costs = GrowthFitTests.costs { 1_000 - 40 * log2($0) }
        for fit in GrowthFit.all(sizes: GrowthFitTests.sizes, costs: costs) {
            #expect(fit.slope == 0, "\(fit.model) slope \(fit.slope)")
            #expect(fit.intercept > 0)
        }
        #expect(GrowthFitTests.chosen(costs) == .constant)
    }

    @Test func coefficientsStayNonNegative_onRandomCosts() {
        var noise = Noise(state: 99)
        for _ in 0..<200 {
            let costs = GrowthFitTests.sizes.map { _ in 1 + 1_000 * (noise.factor(1) ) }
            for fit in GrowthFit.all(sizes: GrowthFitTests.sizes, costs: costs) {
                #expect(fit.intercept >= 0 && fit.slope >= 0, "\(fit.model) on \(costs): \(fit.intercept), \(fit.slope)")
                #expect(fit.error.isFinite)
            }
        }
    }

    @Test func theCurveStartsAtZeroWhenItWouldStartBelow() throws {
        // Linear costs through the origin, fitted with log n: the unconstrained intercept is
        // negative; pinned at 0, the slope alone fits.
        let fit = try #require(GrowthFit(.logarithmic, sizes: GrowthFitTests.sizes, costs: GrowthFitTests.costs { $0 }))
        #expect(fit.intercept == 0)
        #expect(fit.slope > 0)
        #expect(fit.error > 0.5, "log n cannot follow a linear cost over four decades")
    }

    @Test func theErrorIsRelative_soScalingEveryCostChangesNoError() throws {
        let costs = GrowthFitTests.costs({ 30 + 2 * log2($0) }, noise: 0.1, seed: 7)
        for model in GrowthModel.allCases {
            let plain = try #require(GrowthFit(model, sizes: GrowthFitTests.sizes, costs: costs))
            let scaled = try #require(GrowthFit(model, sizes: GrowthFitTests.sizes, costs: costs.map { $0 * 1_000 }))
            #expect(abs(plain.error - scaled.error) < 1e-9)
            #expect(abs(scaled.slope - 1_000 * plain.slope) <= 1e-6 * max(1, scaled.slope))
        }
    }

    @Test func unusablePointsGiveNoFit() {
        #expect(GrowthFit(.linear, sizes: [1e3], costs: [5]) == nil, "one point")
        #expect(GrowthFit(.linear, sizes: [1e3, 1e4], costs: [5]) == nil, "lengths differ")
        #expect(GrowthFit(.linear, sizes: [1e3, 1e4], costs: [5, 0]) == nil, "a zero cost")
        #expect(GrowthFit(.linear, sizes: [1e3, 1e4], costs: [5, .nan]) == nil, "NaN")
        #expect(GrowthFit(.linear, sizes: [0, 1e4], costs: [5, 6]) == nil, "a zero size")
        #expect(GrowthFit.all(sizes: [], costs: []).isEmpty)
        #expect(GrowthFit.best(of: []) == nil)
        #expect(GrowthFit.logLogSlope(sizes: [1e3], costs: [1]) == nil)
    }

    @Test func equalSizesFitAsConstant() throws {
        let fit = try #require(GrowthFit(.linear, sizes: [1e3, 1e3, 1e3], costs: [10, 12, 14]))
        #expect(fit.slope == 0)
        #expect(abs(fit.cost(at: 1e9) - fit.intercept) < 1e-12)
    }

    @Test func theLogLogSlopeIsTheExponent() throws {
        let sizes = GrowthFitTests.sizes
        #expect(abs(try #require(GrowthFit.logLogSlope(sizes: sizes, costs: sizes.map { 3 * $0 })) - 1) < 1e-9)
        #expect(abs(try #require(GrowthFit.logLogSlope(sizes: sizes, costs: sizes.map { $0.squareRoot() })) - 0.5) < 1e-9)
        #expect(abs(try #require(GrowthFit.logLogSlope(sizes: sizes, costs: sizes.map { _ in 7 }))) < 1e-9)
        let linearithmic = try #require(GrowthFit.logLogSlope(sizes: sizes, costs: sizes.map { $0 * log2($0) }))
        #expect(linearithmic > 1.05 && linearithmic < 1.15)
    }

    @Test func theModelsAreOrderedByGrowth() {
        #expect(GrowthModel.allCases.sorted() == [.constant, .logarithmic, .linear, .linearithmic])
        #expect(GrowthModel.allCases.map(\.notation) == ["O(1)", "O(log n)", "O(n)", "O(n log n)"])
        #expect(GrowthModel.logarithmic.term(1_024) == 10)
        #expect(GrowthModel.linearithmic.term(1) == 0)
    }
}
