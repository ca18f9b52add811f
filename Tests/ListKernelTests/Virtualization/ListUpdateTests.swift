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

/// Batch updates and folds applied to a live list: views, frames, transitions, rejections.
@Suite struct ListUpdateTests {
    func makeList(sections: Int = 2, items: Int = 10) -> (RecordingFrontEnd, VirtualList<RecordingView>) {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(sections, items: items))
        return (frontEnd, frontEnd.makeList(style: .grouped, viewport: Viewport(size: 1_000)))
    }

    func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func anInconsistentBatchIsRejectedWithTheNumbersAndChangesNothing() throws {
        let (frontEnd, list) = makeList()
        let layout = list.layout
        let displayed = list.displayed.map { ($0.element, ObjectIdentifier($0.view)) }
        let counters = list.pool.totalCounters
        // The model is not changed, but the batch says one item was inserted.
        #expect(throws: ListError.self) {
            try list.performBatchUpdates { $0.insertItems(at: [path(0, 0)]) }
        }
        do {
            try list.performBatchUpdates { $0.insertItems(at: [path(0, 0)]) }
        } catch {
            #expect(error.description == "invalid number of items in section 0: the section had 10 before the update and reports 10 after it, but 1 was inserted and 0 deleted (0 moved in, 0 moved out)")
        }
        #expect(list.layout == layout)
        #expect(list.displayed.map { ($0.element, ObjectIdentifier($0.view)) }.elementsEqual(displayed, by: { $0 == $1 }))
        #expect(list.pool.totalCounters == counters)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func insertsAndDeletesMoveTheViewsOfItemsThatStay() throws {
        let (frontEnd, list) = makeList()
        let viewOfItem5 = try #require(list.view(for: .item(path(0, 5))))
        frontEnd.sections[0].items.remove(at: 1)
        frontEnd.sections[0].items.insert(-1, at: 0)
        frontEnd.sections[0].items.insert(-2, at: 0)
        frontEnd.clearEvents()
        let pass = try list.performBatchUpdates { batch in
            batch.deleteItems(at: [path(0, 1)])
            batch.insertItems(at: [path(0, 0), path(0, 1)])
        }
        // Item id 5 was at [0, 5]; one deleted above and two inserted: now at [0, 6].
        #expect(list.view(for: .item(path(0, 6))) === viewOfItem5)
        #expect(!frontEnd.events.contains(.configure(.item(path(0, 6)), view: viewOfItem5.serial)))
        let transition = try #require(pass.transitions.first { $0.after == .item(path(0, 6)) })
        #expect(transition.before == .item(path(0, 5)))
        #expect(transition.change == .unchanged)
        #expect(transition.frameBefore == .init(start: 30 + 44 * 5, extent: 44))
        #expect(transition.frameAfter == .init(start: 30 + 44 * 6, extent: 44))
        #expect(pass.transitions.contains { $0.change == .deleted && $0.before == .item(path(0, 1)) && $0.after == nil })
        #expect(pass.transitions.filter { $0.change == .inserted }.compactMap(\.after) == [.item(path(0, 0)), .item(path(0, 1))])
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aMoveKeepsItsViewAndDoesNotReconfigure() throws {
        let (frontEnd, list) = makeList()
        let moved = try #require(list.view(for: .item(path(0, 2))))
        let id = frontEnd.sections[0].items.remove(at: 2)
        frontEnd.sections[1].items.insert(id, at: 0)
        frontEnd.clearEvents()
        let pass = try list.performBatchUpdates { $0.moveItem(from: path(0, 2), to: path(1, 0)) }
        #expect(list.view(for: .item(path(1, 0))) === moved)
        #expect(frontEnd.events.filter { if case .configure = $0 { true } else { false } }.isEmpty)
        #expect(pass.transitions.contains { $0.change == .moved && $0.before == .item(path(0, 2)) && $0.after == .item(path(1, 0)) })
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aReloadGivesAFreshViewAndAReconfigureKeepsTheView() throws {
        let (frontEnd, list) = makeList()
        let reloadedBefore = try #require(list.view(for: .item(path(0, 3))))
        let reconfiguredBefore = try #require(list.view(for: .item(path(0, 4))))
        frontEnd.versions[3] = 1
        frontEnd.versions[4] = 1
        frontEnd.clearEvents()
        try list.performBatchUpdates { batch in
            batch.reloadItems(at: [path(0, 3)])
            batch.reconfigureItems(at: [path(0, 4)])
        }
        let reloadedAfter = try #require(list.view(for: .item(path(0, 3))))
        #expect(list.view(for: .item(path(0, 4))) === reconfiguredBefore)
        #expect(!frontEnd.events.contains(.prepareForReuse(view: reconfiguredBefore.serial)))
        // The reloaded row's old view ended display; whichever view shows it now was prepared.
        #expect(frontEnd.events.contains(.didEndDisplaying(.item(path(0, 3)), view: reloadedBefore.serial)))
        #expect(frontEnd.events.contains(.prepareForReuse(view: reloadedAfter.serial)))
        #expect(reloadedAfter.content == "item 3 v1")
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aNestedBatchJoinsTheOutermost() throws {
        let (frontEnd, list) = makeList()
        frontEnd.sections[0].items.insert(-1, at: 0)
        frontEnd.sections[1].items.removeLast()
        try list.performBatchUpdates { batch in
            batch.insertItems(at: [path(0, 0)])
            _ = try? list.performBatchUpdates { $0.deleteItems(at: [path(1, 9)]) }
        }
        #expect(list.layout.itemCount(inSection: 0) == 11)
        #expect(list.layout.itemCount(inSection: 1) == 9)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func reloadDataDuringAnUpdateIsRejected() throws {
        let (frontEnd, list) = makeList()
        var caught: ListError?
        try list.performBatchUpdates { _ in
            do { try list.reloadData() } catch let error as ListError { caught = error } catch {}
        }
        #expect(caught == .reentrantCall(operation: "reloadData()", callback: "the updates closure of performBatchUpdates(_:)"))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func theElementAtTheTopEdgeStaysStillWhenItemsAreInsertedAboveIt() throws {
        let (frontEnd, list) = makeList(sections: 1, items: 100)
        try list.scroll(to: 30 + 44 * 50 + 7)
        frontEnd.sections[0].items.insert(contentsOf: [-1, -2, -3], at: 0)
        let pass = try list.performBatchUpdates { $0.insertItems(at: [path(0, 0), path(0, 1), path(0, 2)]) }
        #expect(pass.anchorAdjustment == 44 * 3)
        #expect(list.viewport.offset == 30 + 44 * 53 + 7)
        #expect(list.layout.element(at: list.viewport.offset)?.element == .item(path(0, 53)))
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}

@Suite struct FoldUpdateTests {
    @Test func foldingReconfiguresTheHeaderAndEndsTheDisplayOfItsItems() throws {
        // Seed 000: the arrow must follow the fold state, never the recycled view's past.
        let frontEnd = RecordingFrontEnd(sections: uniformSections(3, items: 5))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 1_000))
        let header = try #require(list.view(for: .header(section: 0)))
        #expect(header.content == "header of section 0 ▾")
        let pass = try list.setCollapsed(true, section: 0)
        #expect(list.view(for: .header(section: 0)) === header)
        #expect(header.content == "header of section 0 ▸")
        #expect(!list.displayed.contains { $0.element.section == 0 && $0.element.kind == .item })
        #expect(pass.transitions.filter { $0.change == .deleted }.count == 5)
        #expect(pass.transitions.contains { $0.before == .header(section: 0) && $0.change == .reconfigured })
        // Items below slide up by the folded extent, from their old frames.
        let below = try #require(pass.transitions.first { $0.after == .header(section: 1) })
        #expect(below.frameBefore == .init(start: 30 + 220, extent: 30))
        #expect(below.frameAfter == .init(start: 30, extent: 30))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func collapseAllAndExpandAllAreOneUpdate() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(4, items: 3))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 1_000))
        var pass = try list.setCollapsed(true, sections: Array(0..<4))
        #expect(list.displayed.map(\.element) == (0..<4).map { ListElement.header(section: $0) })
        #expect(pass.transitions.filter { $0.change == .reconfigured }.count == 4)
        pass = try list.setCollapsed(false, sections: Array(0..<4))
        #expect(list.displayed.count == 16)
        #expect(pass.transitions.filter { $0.change == .inserted }.count == 12)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func expandingASectionWhoseCountChangedWhileFoldedShowsTheNewCount() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 4))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 1_000))
        try list.setCollapsed(true, section: 0)
        frontEnd.sections[0].items.append(contentsOf: [90, 91])
        try list.setCollapsed(false, section: 0)
        #expect(list.layout.itemCount(inSection: 0) == 6)
        #expect(list.view(for: .item(ItemPath(section: 0, item: 5)))?.content == "item 91 v0")
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func foldStateFollowsTheSectionIdentifierThroughInsertsAbove() throws {
        // Seed 004: after sections are inserted above, the folded section is still folded.
        let frontEnd = RecordingFrontEnd(sections: uniformSections(3, items: 2))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 1_000))
        try list.setCollapsed(true, section: 1)
        frontEnd.sections.insert(RecordingSection(id: 77, items: [7_700]), at: 0)
        try list.performBatchUpdates { $0.insertSections([0]) }
        #expect(list.isCollapsed(section: 2))
        #expect(!list.isCollapsed(section: 1))
        try list.reloadData()
        #expect(list.isCollapsed(section: 2))
        #expect(list.view(for: .header(section: 2))?.content == "header of section 1 ▸")
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}

@Suite struct ContentEdgeTests {
    @Test func scrollingToTheBottomLeavesRoomForThePinnedFooter() throws {
        // Plain style: section s spans 30 + 44 × 10 + 10 = 480 points.
        let frontEnd = RecordingFrontEnd(sections: uniformSections(3, items: 10, footer: 10))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 300))
        try list.scroll(to: .item(ItemPath(section: 1, item: 9)), at: .bottom)
        // Item [1, 9] ends at 480 + 30 + 440 = 950; the footer pins over the last 10 points.
        #expect(list.viewport.offset == 950 + 10 - 300)
        try list.scroll(to: 0)
        try list.scroll(to: .item(ItemPath(section: 0, item: 8)), at: .nearest)
        #expect(list.viewport.offset == 30 + 44 * 9 + 10 - 300)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func foldingAtTheEndNeverLeavesSpacePastTheContentOnScreen() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 20))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 300))
        let end = list.layout.contentExtent - 300
        try list.scroll(to: end)
        let pass = try list.setCollapsed(true, section: 1)
        // The content is now 30 + 880 + 30 = 940 long: the offset comes back to 640.
        #expect(list.viewport.offset == 940 - 300)
        #expect(pass.viewport.offset == 640)
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aMeasurementReportedWhileReconfiguringIsAppliedAtOnce() throws {
        let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<20), header: nil, itemExtent: .estimated(44))])
        let list = frontEnd.makeList(style: .grouped, viewport: Viewport(size: 300))
        frontEnd.onConfigure = { list, _, element in
            if element == .item(ItemPath(section: 0, item: 2)) { _ = try? list.setMeasuredExtent(100, for: element) }
        }
        try list.reconfigure([.item(ItemPath(section: 0, item: 2))])
        #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 2)) == 100)
        #expect(list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 3)) }?.frame.start == 188)
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}

@Suite struct TopEdgeTests {
    @Test func aListAtItsVeryTopShowsWhatIsInsertedAboveInsteadOfScrollingPastIt() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 5))
        let list = frontEnd.makeList(style: .plain, viewport: Viewport(size: 400))
        frontEnd.sections.insert(RecordingSection(id: 9, items: [9_000]), at: 0)
        let pass = try list.performBatchUpdates { $0.insertSections([0]) }
        #expect(list.viewport.offset == 0)
        #expect(pass.anchorAdjustment == 0)
        #expect(list.displayed.first?.element == .header(section: 0))
        #expect(list.view(for: .header(section: 0))?.content == "header of section 9 ▾")
        #expect(frontEnd.problems(in: list).isEmpty)
    }
}
