import Testing
@testable import BenchmarkKit

/// Median, extremes and median absolute deviation, against values worked out by hand.
@Suite struct SampleSummaryTests {
    @Test func anOddCountHasTheMiddleSampleAsMedian_andItsMAD() throws {
        let summary = try #require(SampleSummary([9.8, 10.1, 10.0, 13.5, 10.2]))
        #expect(summary.count == 5)
        #expect(summary.median == 10.1)
        #expect(summary.minimum == 9.8)
        #expect(summary.maximum == 13.5)
        // Distances from 10.1: 0.3, 0.0, 0.1, 3.4, 0.1 → sorted 0, 0.1, 0.1, 0.3, 3.4.
        #expect(abs(summary.medianAbsoluteDeviation - 0.1) < 1e-12)
        #expect(abs(summary.relativeDeviation - 0.1 / 10.1) < 1e-12)
    }

    @Test func anEvenCountAveragesTheMiddleTwo() throws {
        let summary = try #require(SampleSummary([4, 1, 3, 2]))
        #expect(summary.median == 2.5)
        // Distances 1.5, 0.5, 0.5, 1.5 → MAD (0.5 + 1.5) / 2.
        #expect(summary.medianAbsoluteDeviation == 1)
    }

    @Test func oneSlowRunMovesTheMaximumButNotTheMAD() throws {
        let quiet = try #require(SampleSummary([10, 10, 11, 10, 10, 11, 10]))
        let oneSlow = try #require(SampleSummary([10, 10, 11, 10, 10, 11, 40]))
        #expect(quiet.medianAbsoluteDeviation == oneSlow.medianAbsoluteDeviation)
        #expect(oneSlow.maximum == 40)
    }

    @Test func noSamplesOrANonFiniteOneGiveNoSummary() {
        #expect(SampleSummary([]) == nil)
        #expect(SampleSummary([1, .nan]) == nil)
        #expect(SampleSummary([1, .infinity]) == nil)
    }

    @Test func scalingChangesTheUnit_andANegativeFactorKeepsMinimumBelowMaximum() throws {
        let summary = try #require(SampleSummary([1_000, 2_000, 4_000]))
        let micro = summary.scaled(by: 0.001)
        #expect(micro.median == 2 && micro.minimum == 1 && micro.maximum == 4 && micro.medianAbsoluteDeviation == 1)
        let negated = summary.scaled(by: -1)
        #expect(negated.minimum == -4_000 && negated.maximum == -1_000)
        #expect(negated.medianAbsoluteDeviation == 1_000)
    }
}
