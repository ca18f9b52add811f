import Foundation
import Testing
@testable import BenchmarkKit

/// The non-negative fit to known terms, on synthetic costs: a memory-bound curve
/// (fixed work, work per tree level, reads of memory whose price rises with the size).
@Suite struct TermsFitTests {
    static let sizes: [Double] = [1e3, 1e4, 1e5, 1e6, 1e7]
    /// A dependent read in memory as large as the structure: cached, then not.
    static let reads: [Double] = [2.3, 6, 19, 140, 175]
    static var terms: [[Double]] { zip(sizes, reads).map { [1, log2($0), $1] } }

    @Test func exactCostsGiveTheirCoefficientsBack() throws {
        let costs = TermsFitTests.terms.map { 40 + 3 * $0[1] + 2.5 * $0[2] }
        let fit = try #require(TermsFit(terms: TermsFitTests.terms, costs: costs))
        #expect(fit.error < 1e-9)
        for (got, want) in zip(fit.coefficients, [40.0, 3, 2.5]) { #expect(abs(got - want) < 1e-6, "\(fit.coefficients)") }
    }

    @Test func noisyCostsStillCountTheReads() throws {
        var state: UInt64 = 5
        for _ in 0..<20 {
            let costs = TermsFitTests.terms.map { row -> Double in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = 1 + 0.1 * (Double(state >> 11) / Double(1 << 53) - 0.5)
                return (60 + 4 * row[1] + 3 * row[2]) * noise
            }
            let fit = try #require(TermsFit(terms: TermsFitTests.terms, costs: costs))
            #expect(fit.coefficients[2] > 2.5 && fit.coefficients[2] < 3.5, "\(fit.coefficients)")
            #expect(fit.error < 0.08)
        }
    }

    @Test func coefficientsNeverGoNegative() throws {
        // Costs that fall with the reads: the best non-negative fit leaves the reads out.
        let costs = TermsFitTests.terms.map { 500 - $0[2] }
        let fit = try #require(TermsFit(terms: TermsFitTests.terms, costs: costs))
        #expect(fit.coefficients.allSatisfy { $0 >= 0 }, "\(fit.coefficients)")
        #expect(fit.coefficients[2] == 0)
    }

    @Test func aCurveWithoutTheReadsIsPoorlyFitWithoutThem() throws {
        // The memory-bound costs, fitted to log n alone, leave a large error: the reason the
        // scaling run fits memory-bound operations with the read term.
        let costs = TermsFitTests.terms.map { 40 + 3 * $0[1] + 2.5 * $0[2] }
        let logOnly = try #require(TermsFit(terms: TermsFitTests.terms.map { Array($0.prefix(2)) }, costs: costs))
        #expect(logOnly.error > 0.3)
    }

    @Test func unusableInputGivesNoFit() {
        #expect(TermsFit(terms: [], costs: []) == nil)
        #expect(TermsFit(terms: [[1, 2], [1]], costs: [1, 2]) == nil, "ragged")
        #expect(TermsFit(terms: [[1], [1]], costs: [1]) == nil, "counts differ")
        #expect(TermsFit(terms: [[1], [.nan]], costs: [1, 2]) == nil)
        #expect(TermsFit(terms: [[1], [2]], costs: [1, 0]) == nil)
        #expect(TermsFit(terms: [[Double]](repeating: [1, 2, 3, 4, 5, 6, 7], count: 8), costs: [Double](repeating: 1, count: 8)) == nil, "too many terms")
        #expect(TermsFit(terms: [[0], [0]], costs: [1, 2]) == nil, "only a zero term: singular")
    }
}
