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

/// The anchor step of an update when the element at the top edge vanishes (issue 10, point
/// 1): the top edge goes to where the vanished elements collapsed to, a folded or emptied
/// section's pinned header stays at the top edge, and the offset stays within the content.
///
/// The issue's list: 20 sections × 10 items of 44 under a 20-point header, with a 10-point
/// footer, so section s spans 470·s ..< 470·(s + 1); the viewport is 300 points at offset
/// 100, where item [0, 1] (64..<108) crosses the top edge under the pinned header 0.
@Suite struct AnchoringTests {
    static func issueSections(_ count: Int = 20, items: Int = 10) -> [RecordingSection] {
        (0..<count).map { s in RecordingSection(id: s, items: Array((s * 1_000)..<(s * 1_000 + items)), header: 20, footer: 10) }
    }

    func makeList(
        _ style: ListStyle = .plain, offset: Double = 100, insets: Viewport.Insets = .zero
    ) -> (RecordingFrontEnd, VirtualList<RecordingView>) {
        let frontEnd = RecordingFrontEnd(sections: AnchoringTests.issueSections())
        return (frontEnd, frontEnd.makeList(style: style, viewport: Viewport(offset: offset, size: 300, insets: insets)))
    }

    func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    func shown(_ list: VirtualList<RecordingView>, _ element: ListElement) -> DisplayedElement<RecordingView>? {
        list.displayed.first { $0.element == element }
    }

    /// Whether a displayed element with non-zero extent intersects the viewport.
    func isCovered(_ list: VirtualList<RecordingView>) -> Bool {
        let viewport = list.viewport
        return list.displayed.contains { $0.frame.extent > 0 && $0.frame.start < viewport.offset + viewport.size && $0.frame.end > viewport.offset }
    }

    /// Section 0's header is at the top edge, at content offset 0, and the list shows it.
    func expectHeaderZeroAtTheTop(_ list: VirtualList<RecordingView>, _ pass: PassResult<RecordingView>, insets: Double = 0) {
        #expect(list.viewport.offset == -insets)
        #expect(pass.anchorAdjustment == -100)
        #expect(shown(list, .header(section: 0))?.frame == .init(start: 0, extent: 20))
        #expect(isCovered(list))
    }

    // MARK: The issue's example

    @Test func foldingTheSectionAtTheTopEdge_keepsItsHeaderAtTheTopEdge() throws {
        let (frontEnd, list) = makeList()
        #expect(shown(list, .header(section: 0))?.frame.start == 100)
        let pass = try list.setCollapsed(true, section: 0)
        expectHeaderZeroAtTheTop(list, pass)
        // Below the folded section: its footer, then section 1 from 30.
        #expect(shown(list, .footer(section: 0))?.frame == .init(start: 20, extent: 10))
        #expect(shown(list, .header(section: 1))?.frame == .init(start: 30, extent: 20))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func deletingEveryRowOfTheSectionInOneBatch_keepsItsHeaderAtTheTopEdge() throws {
        let (frontEnd, list) = makeList()
        frontEnd.sections[0].items.removeAll()
        let pass = try list.performBatchUpdates { $0.deleteItems(at: (0..<10).map { path(0, $0) }) }
        expectHeaderZeroAtTheTop(list, pass)
        #expect(shown(list, .item(path(1, 0)))?.frame.start == 50)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func withATopInset_theHeaderGoesToTheInsetEdge() throws {
        // The top edge is offset + 64 = 100, as in the example.
        let (frontEnd, list) = makeList(offset: 36, insets: .init(top: 64, bottom: 20))
        #expect(shown(list, .header(section: 0))?.frame.start == 100)
        let pass = try list.setCollapsed(true, section: 0)
        expectHeaderZeroAtTheTop(list, pass, insets: 64)
        #expect(shown(list, .header(section: 0))?.isPinned == false)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func inGroupedStyle_theTopEdgeGoesToWhereTheFoldedRowsWere() throws {
        // No pinning: header 0 (0..<20) was above the viewport, so nothing keeps it on
        // screen; the top edge goes to the collapse point, the end of header 0, where
        // footer 0 now starts.
        let (frontEnd, list) = makeList(.grouped)
        #expect(shown(list, .header(section: 0)) == nil)
        let pass = try list.setCollapsed(true, section: 0)
        #expect(list.viewport.offset == 20)
        #expect(pass.anchorAdjustment == -80)
        #expect(list.displayed.first?.element == .footer(section: 0))
        #expect(list.displayed.first?.frame == .init(start: 20, extent: 10))
        #expect(isCovered(list))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func deeperInTheList_foldingTheSectionAtTheTopEdgeKeepsItsHeaderThere() throws {
        // Section 7 spans 3290..<3760; the top edge is in item [7, 4] (3486..<3530).
        let (frontEnd, list) = makeList(offset: 3_496)
        let pass = try list.setCollapsed(true, section: 7)
        #expect(list.viewport.offset == 3_290)
        #expect(pass.anchorAdjustment == 3_290 - 3_496)
        #expect(shown(list, .header(section: 7))?.frame == .init(start: 3_290, extent: 20))
        #expect(shown(list, .header(section: 8))?.frame.start == 3_320)
        #expect(isCovered(list))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func deletingTheRowsAtTheTopEdgeOfATallSection_bringsTheNextRowThereUnderThePinnedHeader() throws {
        // Items [7, 3] and [7, 4] go; [7, 2] ends at 3442, where the old [7, 5] now starts.
        // The header still pins at the top edge there, so the rows below don't jump to the
        // section's start.
        let (frontEnd, list) = makeList(offset: 3_496)
        frontEnd.sections[7].items.removeSubrange(3...4)
        let pass = try list.performBatchUpdates { $0.deleteItems(at: [path(7, 3), path(7, 4)]) }
        #expect(list.viewport.offset == 3_442)
        #expect(pass.anchorAdjustment == 3_442 - 3_496)
        #expect(shown(list, .item(path(7, 3)))?.frame.start == 3_442)
        #expect(shown(list, .item(path(7, 3)))?.view.content == "item 7005 v0")
        #expect(shown(list, .header(section: 7))?.frame.start == 3_442)
        #expect(shown(list, .header(section: 7))?.isPinned == true)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func reloadingTheSectionEmpty_showsItsNewHeaderAtTheTopEdge() throws {
        // A reloaded section is replaced: nothing of it keeps its place, so the top edge goes
        // to the end of the section before it (here the content's start).
        let (frontEnd, list) = makeList()
        frontEnd.sections[0].items.removeAll()
        let pass = try list.performBatchUpdates { $0.reloadSections([0]) }
        expectHeaderZeroAtTheTop(list, pass)
        #expect(pass.transitions.contains { $0.before == .header(section: 0) && $0.change == .reloaded })
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func movingEveryRowOfTheSectionElsewhere_keepsItsHeaderAtTheTopEdge() throws {
        let (frontEnd, list) = makeList()
        let rows = frontEnd.sections[0].items
        frontEnd.sections[0].items.removeAll()
        frontEnd.sections[19].items.append(contentsOf: rows)
        let pass = try list.performBatchUpdates { batch in
            for i in 0..<10 { batch.moveItem(from: path(0, i), to: path(19, 10 + i)) }
        }
        expectHeaderZeroAtTheTop(list, pass)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func movingTheTopRowsElsewhere_bringsTheFirstRowThatStaysToTheTopEdge() throws {
        // Rows 0...2 leave; the header (0..<20) is the last element before the top edge that
        // stays, so the old row 3 comes to 20, the top edge, under the header pinned there.
        let (frontEnd, list) = makeList(offset: 100)
        let rows = Array(frontEnd.sections[0].items[0...2])
        frontEnd.sections[0].items.removeSubrange(0...2)
        frontEnd.sections[5].items.insert(contentsOf: rows, at: 0)
        let pass = try list.performBatchUpdates { batch in
            for i in 0...2 { batch.moveItem(from: path(0, i), to: path(5, i)) }
        }
        #expect(list.viewport.offset == 20)
        #expect(pass.anchorAdjustment == -80)
        #expect(shown(list, .item(path(0, 0)))?.frame.start == 20)
        #expect(shown(list, .item(path(0, 0)))?.view.content == "item 3 v0")
        #expect(shown(list, .header(section: 0))?.frame.start == 20)
        #expect(isCovered(list))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func applyingASnapshotWithoutTheSectionsItems_keepsItsHeaderAtTheTopEdge() throws {
        let h = DiffableHarness(metrics: { _ in SectionMetrics(header: 20, footer: 10, itemExtent: .uniform(44)) })
        try h.dataSource.apply(try snap((0..<20).map { s in (s, Array((s * 1_000)..<(s * 1_000 + 10))) }))
        try h.list.setViewport(Viewport(offset: 100, size: 300))
        var next = h.dataSource.snapshot()
        try next.deleteItems(try #require(next.itemIdentifiers(inSection: 0)))
        let pass = try h.dataSource.apply(next)
        #expect(h.list.viewport.offset == 0)
        #expect(pass.anchorAdjustment == -100)
        #expect(h.list.displayed.first { $0.element == .header(section: 0) }?.frame == .init(start: 0, extent: 20))
        #expect(h.list.displayed.contains { $0.frame.start < 300 && $0.frame.end > 0 })
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    // MARK: What does not change

    @Test func aFooterAtLeastAsTallAsTheHeader_leavesTheHeaderPinnedAtTheCollapsePoint() throws {
        // Footer 30 ≥ header 20: at the collapse point (20) the folded section still spans
        // the top edge far enough for its header to pin there, over its footer.
        let frontEnd = RecordingFrontEnd(sections: (0..<5).map { s in
            RecordingSection(id: s, items: Array((s * 1_000)..<(s * 1_000 + 10)), header: 20, footer: 30)
        })
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(offset: 100, size: 300))
        try list.setCollapsed(true, section: 0)
        #expect(list.viewport.offset == 20)
        #expect(shown(list, .header(section: 0))?.frame == .init(start: 20, extent: 20))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func deletingRowsBelowTheTopEdge_movesNothing() throws {
        let (frontEnd, list) = makeList()
        frontEnd.sections[0].items.removeSubrange(4...6)
        let pass = try list.performBatchUpdates { $0.deleteItems(at: [path(0, 4), path(0, 5), path(0, 6)]) }
        #expect(list.viewport.offset == 100)
        #expect(pass.anchorAdjustment == 0)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aListPulledPastItsStart_staysPulled() throws {
        let (frontEnd, list) = makeList(offset: -50)
        let pass = try list.setCollapsed(true, section: 0)
        #expect(list.viewport.offset == -50)
        #expect(pass.anchorAdjustment == 0)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func emptyingTheLastSectionsAtTheEnd_clampsToTheLastOffsetThatShowsContent() throws {
        // At the very end; sections 15...19 lose their rows: the collapse point is past the
        // new end, so the offset comes back to content − size.
        let (frontEnd, list) = makeList(offset: 20 * 470 - 300)
        for s in 15...19 { frontEnd.sections[s].items.removeAll() }
        let pass = try list.performBatchUpdates { batch in
            for s in 15...19 { batch.deleteItems(at: (0..<10).map { path(s, $0) }) }
        }
        let content = 15.0 * 470 + 5 * 30
        #expect(list.layout.contentExtent == content)
        #expect(list.viewport.offset == content - 300)
        #expect(pass.anchorAdjustment == content - 300 - (20 * 470 - 300))
        #expect(isCovered(list))
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}
