import Testing
@_spi(ListKernelTesting) import ListKernel
@testable import ListKernelOutline
import ListKernelTesting

/// Seeded random operations on `Outline` and on the naive `ReferenceOutline`, compared after
/// every step: statuses, requests, every row's configuration and extent, offsets, every
/// node's mappings, and that each update's row events replay the rows before into the rows
/// after with exactly the changed rows reconfigured. A failure prints the seed and a
/// paste-able reproducer.
@Suite struct OutlineDifferentialTests {
    /// Runs the steps; returns the greatest tree height any section reached.
    @discardableResult
    static func run(seed: UInt64, steps: Int, sections: Int, maxBatch: Int = 6, initialNodes: Int = 0) -> Int {
        var tallest = 0
        var pair = OutlinePair(sections: sections)
        var generator = OutlineOpGenerator(seed: seed, maxBatch: maxBatch)
        for step in 0..<steps {
            let op = step == 0 && initialNodes > 0
                ? .insert(generator.validForest(count: initialNodes), parent: nil, section: 0, index: 0)
                : generator.next(pair)
            defer { tallest = max(tallest, pair.outline.sections.map(\.height).max() ?? 0) }
            if let problem = pair.apply(op) {
                let reproducer = pair.log.map { "    " + $0.description }.joined(separator: "\n")
                Issue.record("""
                seed \(seed), step \(pair.log.count): \(problem)
                reproducer:
                    // OutlineOpGenerator(seed: \(seed), maxBatch: \(maxBatch))
                    var outline = try Outline<Int>(sectionCount: \(sections), estimatedExtent: 44, placeholderExtent: 20)
                \(reproducer)
                """)
                return tallest
            }
        }
        return tallest
    }

    @Test(arguments: 0..<24)
    func randomOperationsAgreeWithTheReference(seed: UInt64) {
        Self.run(seed: seed, steps: 300, sections: 1 + Int(seed % 3))
    }

    /// Batches of up to 400 nodes, so leaves split and merge and the tree grows levels (a
    /// leaf holds 64 entries, an inner node 16 slots).
    @Test(arguments: 100..<103)
    func largeBatchesSplitAndMergeTheTreeAndStillAgree(seed: UInt64) {
        let tallest = Self.run(seed: seed, steps: 60, sections: 1 + Int(seed % 2), maxBatch: 300, initialNodes: 1_200)
        #expect(tallest >= 2, "the tree grew to \(tallest) levels of inner nodes")
    }
}
