import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

@Suite struct SelfSizingTests {
    func makeList() -> (RecordingFrontEnd, VirtualList<RecordingView>) {
        let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<200), header: nil, itemExtent: .estimated(44))])
        return (frontEnd, frontEnd.makeList(style: .grouped, viewport: Viewport(offset: 44 * 20 + 10, size: 440)))
    }

    @Test func aMeasurementBelowTheAnchorMovesNothingOnScreenAboveIt() throws {
        let (frontEnd, list) = makeList()
        let anchor = try #require(list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 20)) })
        let pass = try list.setMeasuredExtent(114, for: .item(ItemPath(section: 0, item: 22)))
        #expect(list.viewport.offset == 44 * 20 + 10)
        #expect(pass.anchorAdjustment == 0)
        #expect(list.displayed.first { $0.element == anchor.element }?.frame == anchor.frame)
        let below = try #require(list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 23)) })
        #expect(below.frame.start == 44 * 22 + 114, "\(below.frame.start.bitPattern) \(list.displayed.map { "\($0.element) \($0.frame)" })")
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aMeasurementAboveTheAnchorShiftsTheOffsetByExactlyItsDelta() throws {
        let (frontEnd, list) = makeList()
        let pass = try list.setMeasuredExtent(57.5, for: .item(ItemPath(section: 0, item: 3)))
        #expect(pass.anchorAdjustment == 13.5)
        #expect(list.viewport.offset == 44 * 20 + 10 + 13.5)
        // What the user looks at did not move relative to the viewport.
        let anchor = try #require(list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 20)) })
        #expect(anchor.frame.start - list.viewport.offset == -10)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func rowsMeasuredInsideConfigureAreAppliedAfterThePassWithTheAnchorKept() throws {
        let (frontEnd, list) = makeList()
        frontEnd.onConfigure = { list, _, element in
            if case .item(let path) = element { try! list.setMeasuredExtent(path.item % 2 == 0 ? 60 : 30, for: element) }
        }
        let anchorBefore = try #require(list.anchorElement())
        // Jump above: every entering row measures itself.
        try list.scroll(to: 44 * 10)
        #expect(list.layout.isMeasured(ItemPath(section: 0, item: 11)))
        #expect(list.displayed.allSatisfy { $0.frame.extent == (($0.element.itemPath!.item % 2 == 0) ? 60 : 30) })
        #expect(frontEnd.problems(in: list).isEmpty)
        _ = anchorBefore
        // The element at the top edge before the measurements is still at the top edge.
        let top = try #require(list.anchorElement())
        #expect(top.element == .item(ItemPath(section: 0, item: 10)))
        #expect(FixedPoint.points(top.start) == list.viewport.offset)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aRemeasuredRowThatReappearsKeepsItsExtentByItemIdentifier() throws {
        let (frontEnd, list) = makeList()
        try list.setMeasuredExtent(100, for: .item(ItemPath(section: 0, item: 21)))
        // The model is reloaded (all extents back to estimates), the row comes back measured.
        try list.reloadData()
        #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 21)) == 100)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func removingCachedMeasurementsBringsAReloadedRowBackAtItsEstimate() throws {
        let (frontEnd, list) = makeList()
        try list.setMeasuredExtent(100, for: .item(ItemPath(section: 0, item: 21)))
        // After a font size change, say: the remembered extents are stale.
        list.removeCachedMeasurements()
        #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 21)) == 100, "the layout keeps the extents it has")
        try list.reloadData()
        #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 21)) == 44)
        #expect(!list.layout.isMeasured(ItemPath(section: 0, item: 21)))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aNaNOrNegativeMeasurementIsATypedErrorAndChangesNothing() throws {
        let (frontEnd, list) = makeList()
        let layout = list.layout
        #expect(throws: ListError.layout(.invalidExtent(-1, for: "item [0, 3]"))) { try list.setMeasuredExtent(-1, for: .item(ItemPath(section: 0, item: 3))) }
        #expect(throws: ListError.self) { try list.setMeasuredExtent(.nan, for: .item(ItemPath(section: 0, item: 3))) }
        #expect(throws: ListError.layout(.itemOutOfRange(ItemPath(section: 0, item: 500), itemCount: 200))) {
            try list.setMeasuredExtent(10, for: .item(ItemPath(section: 0, item: 500)))
        }
        #expect(list.layout == layout)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    /// A block of measurements lands exactly as the same measurements given one by one in a
    /// dictionary: the same layout, the same offset, the same views.
    @Test(arguments: [(0, 5), (18, 12), (190, 10), (3, 150)])
    func aBlockOfMeasurementsEqualsTheSameMeasurementsOneByOne(start: Int, count: Int) throws {
        let (blockFrontEnd, blockList) = makeList()
        let (_, dictionaryList) = makeList()
        let extents = (0..<count).map { Double(20 + ($0 * 37) % 90) + 0.25 }
        let pass = try blockList.setMeasuredExtents(extents, forItemsFrom: ItemPath(section: 0, item: start))
        var byElement: [ListElement: Double] = [:]
        for (offset, extent) in extents.enumerated() { byElement[.item(ItemPath(section: 0, item: start + offset))] = extent }
        let expected = try dictionaryList.setMeasuredExtents(byElement)
        #expect(blockList.layout == dictionaryList.layout)
        #expect(blockList.viewport.offset == dictionaryList.viewport.offset)
        #expect(pass.anchorAdjustment == expected.anchorAdjustment)
        #expect(blockList.displayed.map(\.frame) == dictionaryList.displayed.map(\.frame))
        #expect(blockFrontEnd.problems(in: blockList).isEmpty)
        // Remembered by identifier, as single measurements are: after a reload, the rows of
        // the block take their extents again as they enter.
        try blockList.reloadData()
        try blockList.scroll(to: .item(ItemPath(section: 0, item: start)), at: .top)
        let shown = blockList.displayed.compactMap(\.element.itemPath).filter { (start..<(start + count)).contains($0.item) }
        #expect(!shown.isEmpty)
        for path in shown { #expect(blockList.layout.itemExtent(at: path) == extents[path.item - start], "\(path)") }
    }

    /// One bad extent, or a block running past the section, and nothing is applied.
    @Test func aBlockWithABadExtentOrPastTheSectionIsATypedErrorAndChangesNothing() throws {
        let (frontEnd, list) = makeList()
        let layout = list.layout
        #expect(throws: ListError.layout(.invalidExtent(-3, for: "item [0, 12]"))) {
            try list.setMeasuredExtents([50, 60, -3, 70], forItemsFrom: ItemPath(section: 0, item: 10))
        }
        #expect(throws: ListError.self) { try list.setMeasuredExtents([50, .nan], forItemsFrom: ItemPath(section: 0, item: 10)) }
        #expect(throws: ListError.layout(.itemOutOfRange(ItemPath(section: 0, item: 200), itemCount: 200))) {
            try list.setMeasuredExtents([50, 60, 70], forItemsFrom: ItemPath(section: 0, item: 198))
        }
        #expect(throws: ListError.self) { try list.setMeasuredExtents([50], forItemsFrom: ItemPath(section: 3, item: 0)) }
        #expect(throws: ListError.self) { try list.setMeasuredExtents([50], forItemsFrom: ItemPath(section: 0, item: -1)) }
        #expect(throws: ListError.self) { try list.setMeasuredExtents([50, 60], forItemsFrom: ItemPath(section: 0, item: .max)) }
        #expect(throws: ListError.self) { try list.setMeasuredExtents([50], forItemsFrom: ItemPath(section: .max, item: .max)) }
        var layoutCopy = list.layout
        #expect(throws: LayoutError.self) { try layoutCopy.setItemExtents([50, 60], from: ItemPath(section: 0, item: .max)) }
        #expect(throws: LayoutError.self) { try layoutCopy.setItemExtents([50, .infinity], from: ItemPath(section: 0, item: 0)) }
        #expect(layoutCopy == layout)
        #expect(list.layout == layout)
        #expect(try list.setMeasuredExtents([], forItemsFrom: ItemPath(section: 0, item: 10)).anchorAdjustment == 0)
        #expect(list.layout == layout)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    /// From inside configure, a block is queued and applied after the pass, as one is.
    @Test func aBlockMeasuredInsideConfigureIsAppliedAfterThePass() throws {
        let (frontEnd, list) = makeList()
        var measuredOnce = false
        frontEnd.onConfigure = { list, _, element in
            guard !measuredOnce, case .item(let path) = element else { return }
            measuredOnce = true
            try! list.setMeasuredExtents([70, 71, 72], forItemsFrom: path)
        }
        try list.scroll(to: 44 * 100)
        let first = try #require(list.displayed.first { $0.element.kind == .item }?.element.itemPath)
        #expect(measuredOnce)
        #expect(list.layout.isMeasured(first))
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}

@Suite struct ScrollToTests {
    func makeList() -> (RecordingFrontEnd, VirtualList<RecordingView>) {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(5, items: 20))
        return (frontEnd, frontEnd.makeList(style: .plain, viewport: Viewport(size: 300)))
    }

    // Section s starts at 910 s; its item i at 910 s + 30 + 44 i.
    @Test func scrollToTopPutsTheItemJustBelowItsPinnedHeader() throws {
        let (frontEnd, list) = makeList()
        try list.scroll(to: .item(ItemPath(section: 2, item: 5)), at: .top)
        #expect(list.viewport.offset == 1_820 + 30 + 220 - 30)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func scrollToMiddleAndBottomCentreAndAlignTheItem() throws {
        let (frontEnd, list) = makeList()
        try list.scroll(to: .item(ItemPath(section: 2, item: 5)), at: .bottom)
        #expect(list.viewport.offset == 1_820 + 30 + 220 + 44 - 300)
        try list.scroll(to: .item(ItemPath(section: 2, item: 5)), at: .middle)
        // Visible area below the pinned header is 270 long, starting 30 below the offset.
        #expect(list.viewport.offset == 1_820 + 30 + 220 + 22 - 30 - 135)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func scrollToNearestDoesNotMoveAFullyVisibleItem() throws {
        let (frontEnd, list) = makeList()
        try list.scroll(to: 100)
        try list.scroll(to: .item(ItemPath(section: 0, item: 3)), at: .nearest)
        #expect(list.viewport.offset == 100)
        try list.scroll(to: .item(ItemPath(section: 0, item: 19)), at: .nearest)
        #expect(list.viewport.offset == 30 + 44 * 20 - 300)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func scrollingIsClampedSoTheViewportNeverShowsSpacePastTheContent() throws {
        let (frontEnd, list) = makeList()
        try list.scroll(to: .item(ItemPath(section: 4, item: 19)), at: .top)
        #expect(list.viewport.offset == list.layout.contentExtent - 300)
        try list.scroll(to: .header(section: 0), at: .bottom)
        #expect(list.viewport.offset == 0)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func anItemOfACollapsedSectionCanNotBeScrolledTo() throws {
        let (frontEnd, list) = makeList()
        try list.setCollapsed(true, section: 1)
        #expect(throws: ListError.notLaidOut(.item(ItemPath(section: 1, item: 0)), operation: "scroll(to:at:)")) {
            try list.scroll(to: .item(ItemPath(section: 1, item: 0)), at: .top)
        }
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}
