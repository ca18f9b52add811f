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

/// The front-end API's rules: queries never throw, many measurements make one pass, and a
/// nested batch says that it joined the outer one.
@Suite struct FrontEndAPITests {
    /// 3 sections × 5 estimated items of 44, header 30, footer 10; viewport 300 at 200.
    static func makeList() throws -> (VirtualList<RecordingView>, HostileDataSource) {
        let source = HostileDataSource()
        for section in 0..<3 { source.metrics[section] = SectionMetrics(header: 30, footer: 10, itemExtent: .estimated(44)) }
        let list = try ListRobustnessTests.makeList(source)
        try list.scroll(to: 200)
        return (list, source)
    }

    @Test func manyMeasurementsAreAppliedInOnePassWithOneAdjustment() throws {
        let (list, source) = try Self.makeList()
        defer { withExtendedLifetime(source) {} }
        // Top edge 200 is inside item [0, 3] (174..<218), 26 points in. Two rows above it
        // grow by 10 and 20; one below it (item [1, 0]) grows by 100 and moves nothing.
        let top = try #require(list.layout.element(at: 200))
        #expect(top.element == .item(ItemPath(section: 0, item: 3)))
        var passes = 0
        let before = list.pool.totalCounters
        let pass = try list.setMeasuredExtents([
            .item(ItemPath(section: 0, item: 0)): 54,
            .item(ItemPath(section: 0, item: 1)): 64,
            .item(ItemPath(section: 1, item: 0)): 144,
        ])
        passes += 1
        #expect(pass.anchorAdjustment == 30)
        #expect(list.viewport.offset == 230)
        #expect(list.layout.element(at: 230)?.element == .item(ItemPath(section: 0, item: 3)))
        #expect(list.layout.itemExtent(at: ItemPath(section: 1, item: 0)) == 144)
        #expect(list.pool.totalCounters.created >= before.created && passes == 1)
    }

    @Test func oneBadMeasurementAndNoneIsApplied() throws {
        let (list, source) = try Self.makeList()
        defer { withExtendedLifetime(source) {} }
        let layout = list.layout
        let offset = list.viewport.offset
        #expect(throws: ListError.self) {
            try list.setMeasuredExtents([
                .item(ItemPath(section: 0, item: 0)): 54,
                .item(ItemPath(section: 0, item: 1)): .nan,
            ])
        }
        #expect(throws: ListError.layout(.itemOutOfRange(ItemPath(section: 2, item: 9), itemCount: 5))) {
            try list.setMeasuredExtents([.item(ItemPath(section: 0, item: 0)): 54, .item(ItemPath(section: 2, item: 9)): 50])
        }
        #expect(list.layout == layout && list.viewport.offset == offset)
        #expect(try list.setMeasuredExtents([:]).anchorAdjustment == 0)
    }

    @Test func aNestedBatchSaysItJoinedTheOuterOneAndTheOuterAppliesBoth() throws {
        let (list, source) = try Self.makeList()
        var inner: PassResult<RecordingView>?
        let outer = try list.performBatchUpdates { batch in
            source.itemCounts[0] = 7
            batch.insertItems(at: [ItemPath(section: 0, item: 0)])
            inner = try? list.performBatchUpdates { nested in nested.insertItems(at: [ItemPath(section: 0, item: 1)]) }
        }
        #expect(inner?.isJoinedToOuterBatch == true)
        #expect(!outer.isJoinedToOuterBatch && !list.lastPass.isJoinedToOuterBatch)
        #expect(list.layout.itemCount(inSection: 0) == 7)
        #expect(outer.anchorAdjustment == 88, "both rows inserted above the top edge, once")
    }

    @Test func queriesAnswerNilOrFalseOutsideTheListAndNeverThrow() throws {
        let (list, source) = try Self.makeList()
        defer { withExtendedLifetime(source) {} }
        #expect(!list.isCollapsed(section: 99) && !list.isCollapsed(section: -1))
        try list.setCollapsed(true, section: 1)
        #expect(list.isCollapsed(section: 1))
        let layout = list.layout
        #expect(layout.itemCount(inSection: 3) == nil && layout.itemCount(inSection: 2) == 5)
        #expect(layout.frame(of: .item(ItemPath(section: 0, item: 5))) == nil)
        #expect(layout.frame(of: .item(ItemPath(section: 1, item: 0))) == nil, "folded: not laid out")
        #expect(layout.itemExtent(at: ItemPath(section: 0, item: -1)) == nil)
        #expect(!layout.isMeasured(ItemPath(section: 7, item: 0)) && !layout.hasHeader(section: 3) && !layout.hasFooter(section: -2))
        #expect(layout.headerExtent(section: 0) == 30 && layout.headerExtent(section: 3) == nil)
        #expect(layout.sectionFrame(3) == nil && layout.sectionFrame(0)?.start == 0)
        #expect(layout.position(of: .footer(section: 9)) == nil && layout.element(at: FlatPosition(-1)) == nil)
    }
}
