import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
@_spi(ListKernelTesting) @testable import ListKernelReuse
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelUpdates
@_spi(ListKernelTesting) @testable import ListKernelDiffUpdates
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

/// Every list of up to 4 sections with 0–3 items each, under every collapsed mask, with three
/// extent patterns (all non-zero; all items zero; a mix of zero, missing and non-zero), every
/// query checked against the reference.
@Suite struct LayoutExhaustiveTests {
    static func worlds(sectionCount: Int) -> [[ListLayout.Section]] {
        var result: [[ListLayout.Section]] = []
        let countVectors = (0..<Int(pow4(sectionCount))).map { code in
            (0..<sectionCount).map { (code / pow4($0)) % 4 }
        }
        for counts in countVectors {
            for mask in 0..<(1 << sectionCount) {
                for pattern in 0..<3 {
                    result.append(counts.enumerated().map { s, count in
                        let collapsed = mask & (1 << s) != 0
                        switch pattern {
                        case 0:
                            return .init(itemExtents: (0..<count).map { Double(7 + $0) }, header: 5, footer: 3, isCollapsed: collapsed)
                        case 1:
                            return .init(itemCount: count, itemExtent: .uniform(0), header: 5, footer: nil, isCollapsed: collapsed)
                        default:
                            return .init(
                                itemExtents: (0..<count).map { ($0 + s) % 2 == 0 ? 0 : 9 },
                                header: s % 2 == 0 ? 0 : nil,
                                footer: s % 3 == 0 ? nil : 2,
                                isCollapsed: collapsed
                            )
                        }
                    })
                }
            }
        }
        return result
    }

    static func pow4(_ n: Int) -> Int { (0..<n).reduce(1) { r, _ in r * 4 } }

    @Test(arguments: 0...4)
    func everySmallWorldAnswersEveryQueryLikeTheReference(sectionCount: Int) throws {
        var rng = SplitMix64(seed: UInt64(sectionCount))
        for specs in LayoutExhaustiveTests.worlds(sectionCount: sectionCount) {
            let layout = try ListLayout(sections: specs)
            let reference = ReferenceLayout(sections: specs)
            if let problem = disagreement(layout, reference, rng: &rng) {
                Issue.record("world \(specs): \(problem)")
                return
            }
        }
    }
}

@Suite struct LayoutScaleTests {
    @Test func tenMillionRowsRoundTripOffsetsAndPositions() throws {
        // 10,000 uniform sections × 1,000 items: O(1) memory per section.
        let layout = try ListLayout(sections: (0..<10_000).map { s in
            .init(itemCount: 1_000, itemExtent: .uniform(Double(20 + s % 7)), header: 30, footer: s % 2 == 0 ? 10 : nil)
        })
        #expect(layout.totalItemCount == 10_000_000)
        var rng = SplitMix64(seed: 10_000_000)
        for _ in 0..<100_000 {
            let element = ListElement.item(ItemPath(section: rng.below(10_000), item: rng.below(1_000)))
            let frame = try #require(layout.frame(of: element))
            #expect(layout.element(at: frame.start)?.element == element)
            let position = try #require(layout.position(of: element))
            #expect(layout.element(at: position) == element)
        }
    }

    @Test func aMillionExtentUpdatesLeaveTheCachedSumsEqualToARecomputation() throws {
        var rng = SplitMix64(seed: 1_000_000)
        var layout = try ListLayout(sections: (0..<4).map { _ in .init(itemCount: 16, itemExtent: .estimated(44), header: 30) })
        // The per-mutation check is O(n); here it runs every 10,000 updates instead.
        try InvariantChecks.$areSuspended.withValue(true) {
            for step in 0..<1_000_000 {
                // Fractions of a point that are not binary fractions are where doubles would drift.
                let value = Double(rng.below(20_000)) / 100
                try layout.setItemExtent(value, at: ItemPath(section: rng.below(4), item: rng.below(16)))
                if step % 10_000 == 0 { layout._checkInvariantsNow() }
            }
        }
        layout._checkInvariantsNow()
        let recomputed = try ListLayout(sections: (0..<4).map { s in
            .init(itemExtents: try (0..<16).map { try #require(layout.itemExtent(at: ItemPath(section: s, item: $0))) }, header: 30)
        })
        #expect(layout.contentUnits == recomputed.contentUnits)
        for section in 0...4 {
            #expect(layout.sections.extentPrefix(section) == recomputed.sections.extentPrefix(section))
        }
    }
}
