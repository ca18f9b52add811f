import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// Seeded random operations on `Outline` and on the naive `ReferenceOutline`, compared after
/// every step: statuses, requests, every row's configuration and extent, offsets, every
/// node's mappings, and that each update's row events replay the rows before into the rows
/// after with exactly the changed rows reconfigured. A failure prints the seed and a
/// paste-able reproducer.
@Suite struct OutlineDifferentialTests {
    static func run(seed: UInt64, steps: Int, sections: Int) {
        var pair = OutlinePair(sections: sections)
        var generator = OutlineOpGenerator(seed: seed)
        for _ in 0..<steps {
            let op = generator.next(pair)
            if let problem = pair.apply(op) {
                let reproducer = pair.log.map { "    " + $0.description }.joined(separator: "\n")
                Issue.record("""
                seed \(seed), step \(pair.log.count): \(problem)
                reproducer:
                    var outline = try Outline<Int>(sectionCount: \(sections), estimatedExtent: 44, placeholderExtent: 20)
                \(reproducer)
                """)
                return
            }
        }
    }

    @Test(arguments: 0..<24)
    func randomOperationsAgreeWithTheReference(seed: UInt64) {
        Self.run(seed: seed, steps: 300, sections: 1 + Int(seed % 3))
    }
}
