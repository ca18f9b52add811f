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

/// Following the output, prepending history and bottom alignment, on the contract's L100
/// fixture (rows r0…r99 of 20 pt, V = 200, ε = 1, follow on, so C = 2000 and M = 1800),
/// and a property test over random appends, prepends, measurements and scrolls.
@Suite struct LiveListTests {
    /// A one-section list without headers or footers, rows of `extent` (known, or an
    /// estimate), `rows` rows r0…, follow on unless told.
    static func l100(rows: Int = 100, extent: ListLayout.ItemExtent = .uniform(20), behaviour: EndBehaviour = EndBehaviour(follows: true)) throws -> DiffableHarness {
        let harness = DiffableHarness(metrics: { _ in SectionMetrics(itemExtent: extent) })
        try harness.list.setEndBehaviour(behaviour)
        try harness.list.setViewport(Viewport(size: 200))
        var snapshot = harness.dataSource.snapshot()
        try snapshot.appendSections([0])
        try snapshot.appendItems(Array(0..<rows), toSection: 0)
        try harness.dataSource.apply(snapshot)
        return harness
    }

    static func append(_ harness: DiffableHarness, _ ids: [Int]) throws -> PassResult<RecordingView> {
        var next = harness.dataSource.snapshot()
        try next.appendItems(ids, toSection: 0)
        return try harness.dataSource.apply(next)
    }

    @Test func aFollowingListOpensAtItsEnd_andAppendsKeepItThereExactly() throws {
        let harness = try Self.l100()
        #expect(harness.list.viewport.offset == 1_800)
        #expect(harness.list.isAtEnd && harness.list.itemsBelow == 0)
        let pass = try Self.append(harness, [100, 101, 102])
        #expect(harness.list.viewport.offset == 1_860)
        #expect(pass.anchorAdjustment == 60 && pass.isAtEnd && !pass.atEndChanged)
        #expect(harness.list.unseenAppended == 0)
    }

    @Test func theAtEndTestIsInclusiveAtTheTolerance() throws {
        let harness = try Self.l100()
        try harness.list.scroll(to: 1_799)
        #expect(harness.list.isAtEnd)                        // D = ε
        try harness.list.scroll(to: 1_799 - 1.0 / 256)
        #expect(!harness.list.isAtEnd)                       // D = ε + 1/256
        try harness.list.scroll(to: 1_810)
        #expect(harness.list.isAtEnd)                        // over-scroll past the end
        _ = try Self.append(harness, [100])
        #expect(harness.list.viewport.offset == 1_820)       // re-pinned exactly at M
    }

    @Test func afterScrollingUp_appendsMoveNothingAndAreCountedBelow() throws {
        let harness = try Self.l100()
        let up = try harness.list.scroll(to: 1_000)
        #expect(up.atEndChanged && !up.isAtEnd)
        let firstBefore = harness.list.displayed.first!.frame.start - harness.list.viewport.offset
        _ = try Self.append(harness, [100, 101, 102, 103, 104])
        #expect(harness.list.viewport.offset == 1_000)
        #expect(harness.list.displayed.first!.frame.start - harness.list.viewport.offset == firstBefore)
        #expect(harness.list.unseenAppended == 5)
        #expect(harness.list.itemsBelow == 45)               // r60…r104 start at or below 1200
        let back = try harness.list.scrollToEnd()
        #expect(back.atEndChanged && back.isAtEnd && harness.list.unseenAppended == 0)
        #expect(harness.list.viewport.offset == 1_900)
    }

    @Test func anOverrideForcesOrSuppressesFollowingForOneChange() throws {
        let harness = try Self.l100()
        try harness.list.scroll(to: 500)
        harness.list.overrideFollowing(.force)                // the user sent a message
        _ = try Self.append(harness, [100])
        #expect(harness.list.viewport.offset == 1_820)
        harness.list.overrideFollowing(.suppress)             // a typing indicator
        _ = try Self.append(harness, [101])
        #expect(harness.list.viewport.offset == 1_820)
        _ = try Self.append(harness, [102])                   // the override applied once
        #expect(harness.list.viewport.offset == 1_820)       // (not at the end: 1840 − 1820 > ε)
    }

    @Test func aPinnedListStaysAtTheEndWhenTheViewportShrinksOrARowGrows() throws {
        let harness = try Self.l100()
        try harness.list.setViewport(Viewport(offset: 1_800, size: 150))   // keyboard up
        #expect(harness.list.viewport.offset == 1_850)
        let last = ListElement.item(ItemPath(section: 0, item: 99))
        try harness.list.setMeasuredExtent(45, for: last)                  // an image loaded
        #expect(harness.list.viewport.offset == 1_875)
        try harness.list.scroll(to: 100)
        try harness.list.setViewport(Viewport(offset: 100, size: 300))     // not pinned: stays
        #expect(harness.list.viewport.offset == 100)
    }

    @Test func prependingThousandsOfEstimatedRowsAboveAndMeasuringThemMovesNothing() throws {
        let harness = try Self.l100(rows: 2_000, extent: .estimated(44))
        try harness.list.scroll(to: 40_000 + 13)
        let anchor = try #require(harness.list.displayed.first { $0.frame.end > harness.list.viewport.offset })
        let id = try #require(harness.dataSource.itemIdentifier(for: anchor.element.itemPath!))
        let screenY = anchor.frame.start - harness.list.viewport.offset
        var next = harness.dataSource.snapshot()
        let history = Array(10_000..<13_000)
        try next.insertItems(history, beforeItem: 0)
        try harness.dataSource.apply(next)
        func screenYNow() -> Double {
            harness.list.layout.frame(of: .item(harness.dataSource.itemPath(for: id)!))!.start - harness.list.viewport.offset
        }
        #expect(screenYNow() == screenY)
        var random = SplitMix64(seed: 7)
        var extents: [ListElement: Double] = [:]
        for item in history { extents[.item(harness.dataSource.itemPath(for: item)!)] = Double(random.int(in: 10...300)) + 0.5 }
        try harness.list.setMeasuredExtents(extents)
        #expect(screenYNow() == screenY)                      // zero points, exactly
        #expect(harness.problems().isEmpty)
    }

    @Test func shortContentAlignedToTheEndSitsAtTheBottom_andAppendsMoveOlderRowsUp() throws {
        let harness = try Self.l100(rows: 3, behaviour: EndBehaviour(follows: true, alignsShortContentToEnd: true))
        #expect(harness.list.viewport.offset == -140)         // rows end at the bottom edge
        #expect(harness.list.displayed.map { $0.frame.start - harness.list.viewport.offset } == [140, 160, 180])
        _ = try Self.append(harness, [3])
        #expect(harness.list.displayed.map { $0.frame.start - harness.list.viewport.offset } == [120, 140, 160, 180])
        #expect(harness.list.isAtEnd)
    }

    @Test func aBadToleranceIsRejectedAndChangesNothing() throws {
        let harness = try Self.l100()
        for bad in [-1, Double.nan, .infinity] {
            #expect(throws: ListError.self) { try harness.list.setEndBehaviour(EndBehaviour(follows: false, tolerance: bad)) }
        }
        #expect(harness.list.endBehaviour == EndBehaviour(follows: true))
    }

    /// Random appends, prepends, measurements and scrolls on a following list. After every
    /// change: a list that was at the end is exactly at the end; otherwise a prepend or a
    /// measurement above the top edge moves the first visible row by zero points; the
    /// at-end state is `M − o ≤ ε`; `unseenAppended` counts the appends since the list was
    /// last at the end.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func followingAndPrependingRulesHoldAfterEveryPass(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let harness = try Self.l100(rows: 50, extent: .estimated(30))
        var nextID = 1_000
        var unseen = 0
        for step in 0..<300 {
            let list = harness.list
            let wasAtEnd = list.isAtEnd
            let top = list.viewport.offset + list.viewport.insets.top
            let anchor = list.displayed.first { $0.element.kind == .item && $0.frame.end > top }
            let anchorID = anchor.flatMap { harness.dataSource.itemIdentifier(for: $0.element.itemPath!) }
            let screenY = anchor.map { $0.frame.start - list.viewport.offset }
            let reproducer = "seed \(seed) step \(step)"
            var keepsAnchor = false
            switch random.below(5) {
            case 0:
                let count = random.int(in: 1...4)
                _ = try Self.append(harness, Array(nextID..<(nextID + count)))
                nextID += count
                if !wasAtEnd { unseen += count }
                keepsAnchor = !wasAtEnd
            case 1:
                var next = harness.dataSource.snapshot()
                let first = next.itemIdentifiers(inSection: 0)!.first!
                let count = random.int(in: 1...40)
                try next.insertItems(Array(nextID..<(nextID + count)), beforeItem: first)
                nextID += count
                try harness.dataSource.apply(next)
                keepsAnchor = !wasAtEnd && top > -list.viewport.insets.top   // the very top shows inserts (UIKit's rule, kept)
            case 2:
                // Measure some rows above the top edge (or any when none is above).
                var extents: [ListElement: Double] = [:]
                for _ in 0..<random.int(in: 1...5) {
                    let count = list.layout.itemCount(inSection: 0)!
                    let path = ItemPath(section: 0, item: random.below(count))
                    if let frame = list.layout.frame(of: .item(path)), frame.end <= top {
                        extents[.item(path)] = Double(random.int(in: 5...120))
                    }
                }
                if !extents.isEmpty { try list.setMeasuredExtents(extents) }
                keepsAnchor = !wasAtEnd
            case 3:
                try list.scroll(to: Double(random.int(in: 0...Int(max(list.maximumOffset, 0)))))
                if list.isAtEnd { unseen = 0 }
                continue
            default:
                try list.scrollToEnd()
                unseen = 0
                continue
            }
            if wasAtEnd {
                #expect(list.viewport.offset == list.maximumOffset, "\(reproducer): was at the end, offset \(list.viewport.offset) ≠ M \(list.maximumOffset)")
                unseen = 0
            } else if keepsAnchor, let anchorID, let screenY, let path = harness.dataSource.itemPath(for: anchorID),
                      let frame = list.layout.frame(of: .item(path)), list.viewport.offset < list.maximumOffset {
                #expect(frame.start - list.viewport.offset == screenY, "\(reproducer): the first visible row moved")
            }
            #expect(list.isAtEnd == (list.maximumOffset - list.viewport.offset <= 1), "\(reproducer)")
            if list.isAtEnd { unseen = 0 }
            #expect(list.unseenAppended == unseen, "\(reproducer): unseenAppended \(list.unseenAppended), expected \(unseen)")
            #expect(harness.problems().isEmpty, "\(reproducer)")
        }
    }
}
