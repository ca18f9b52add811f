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

/// Sections of `items` items of 44 points under a 30-point header.
func uniformSections(_ count: Int, items: Int, footer: Double? = nil) -> [RecordingSection] {
    (0..<count).map { s in RecordingSection(id: s, items: Array((s * 1_000)..<(s * 1_000 + items)), header: 30, footer: footer) }
}

@Suite struct ReconcileTests {
    @Test func elementsThatStayOnScreenKeepTheirViewAndAreNotConfiguredAgain() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(3, items: 20))
        let list = frontEnd.makeList(viewport: Viewport(size: 300))
        let before = Dictionary(uniqueKeysWithValues: list.displayed.map { ($0.element, ObjectIdentifier($0.view)) })
        frontEnd.clearEvents()
        let pass = try list.scroll(to: 10)
        for shown in pass.displayed where before[shown.element] != nil {
            #expect(before[shown.element] == ObjectIdentifier(shown.view))
            #expect(!frontEnd.events.contains(.configure(shown.element, view: shown.view.serial)))
        }
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func leavingElementsGoBackToThePoolAndEnteringOnesReuseThem() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(1, items: 200))
        let list = frontEnd.makeList(viewport: Viewport(size: 440))
        let created = list.pool.counters(kind: .item, identifier: "item").created
        let pass = try list.scroll(to: 44 * 5 + 30)
        #expect(pass.left.count == 5 && pass.left.allSatisfy { $0.element.kind == .item })
        #expect(pass.entered.filter { $0.element.kind == .item }.count == 5)
        // The five views that left were recycled for the five that entered.
        #expect(list.pool.counters(kind: .item, identifier: "item").created == created)
        #expect(Set(pass.left.map { ObjectIdentifier($0.view) }) == Set(pass.entered.filter { $0.element.kind == .item }.map { ObjectIdentifier($0.view) }))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aRecycledViewGetsExactlyOnePrepareForReuseAndANewViewNone() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(1, items: 200))
        let list = frontEnd.makeList(style: .grouped, viewport: Viewport(size: 440))
        #expect(list.displayed.allSatisfy { $0.view.prepareCount == 0 })
        let earlier = Set(list.displayed.map(\.view.serial))
        let pass = try list.scroll(to: 2_000)
        #expect(pass.entered.contains { earlier.contains($0.view.serial) })
        for shown in pass.entered {
            let expected = earlier.contains(shown.view.serial) ? 1 : 0
            #expect(shown.view.prepareCount == expected)
            #expect(frontEnd.events.filter { $0 == .prepareForReuse(view: shown.view.serial) }.count == expected)
        }
        withExtendedLifetime(frontEnd) {}
    }

    @Test func zeroExtentElementsAreNeverMaterialized() throws {
        // Seed 001: a section folded by giving its 50,000 rows height 0.
        let frontEnd = RecordingFrontEnd(sections: [
            RecordingSection(id: 0, items: Array(0..<50_000), header: 44, itemExtent: .uniform(0)),
            RecordingSection(id: 1, items: Array(50_000..<50_010), header: 44),
        ])
        let list = frontEnd.makeList(viewport: Viewport(size: 600))
        #expect(!list.displayed.contains { $0.element.section == 0 && $0.element.kind == .item })
        #expect(list.pool.totalCounters.created == list.displayed.count)
        try list.scroll(to: 20)
        #expect(!list.displayed.contains { $0.element.section == 0 && $0.element.kind == .item })
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func overscanExtendsTheWindowAheadInTheScrollDirection() throws {
        let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<1_000), header: nil)])
        let list = frontEnd.makeList(style: .grouped)
        let overscan = Viewport.Overscan(ahead: 440, behind: 88)
        try list.setViewport(Viewport(offset: 4_400, size: 440, overscan: overscan))
        try list.setViewport(Viewport(offset: 4_400 + 44, size: 440, overscan: overscan))
        // Forward: items 101 − 2 … 110 + 10.
        var items = list.displayed.compactMap { $0.element.itemPath?.item }
        #expect(items.first == 99 && items.last == 120)
        try list.setViewport(Viewport(offset: 4_400, size: 440, overscan: overscan))
        // Backward: the 440 points of overscan are now above.
        items = list.displayed.compactMap { $0.element.itemPath?.item }
        #expect(items.first == 90 && items.last == 111)
        #expect(list.scrollDirection == .backward)
        withExtendedLifetime(frontEnd) {}
    }

    @Test func anUnregisteredIdentifierIsATypedErrorAndChangesNothing() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(2, items: 30, footer: 10))
        let list = VirtualList<RecordingView>(style: .grouped)
        try list.register(kind: .item, reuseIdentifier: "item") { RecordingView(kind: .item, reuseIdentifier: "item") }
        try list.register(kind: .header, reuseIdentifier: "header") { RecordingView(kind: .header, reuseIdentifier: "header") }
        list.dataSource = frontEnd
        frontEnd.list = list
        try list.reloadData()
        try list.setViewport(Viewport(size: 300))
        let displayed = list.displayed.map(\.element)
        #expect(throws: ListError.unregisteredIdentifier("footer", kind: .footer, element: .footer(section: 0))) {
            try list.scroll(to: 30 * 44)
        }
        #expect(list.displayed.map(\.element) == displayed)
        #expect(list.viewport.offset == 0)
        #expect(frontEnd.problems(in: list).isEmpty)
        #expect(ListError.unregisteredIdentifier("footer", kind: .footer, element: .footer(section: 0)).description
            == "no view is registered for reuse identifier 'footer' of kind footer, which the data source names for footer 0")
        withExtendedLifetime(frontEnd) {}
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aViewportWithANonFiniteOffsetIsRejected(offset: Double) throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(1, items: 30))
        let list = frontEnd.makeList(viewport: Viewport(size: 300))
        #expect(throws: ListError.self) { try list.scroll(to: offset) }
        #expect(throws: ListError.invalidViewport("size -1.0 is negative")) { try list.setViewport(Viewport(size: -1)) }
        #expect(list.viewport == Viewport(size: 300))
        withExtendedLifetime(frontEnd) {}
    }

    @Test func reconfigureKeepsTheViewAndSkipsPrepareForReuse() throws {
        let frontEnd = RecordingFrontEnd(sections: uniformSections(1, items: 30))
        let list = frontEnd.makeList(viewport: Viewport(size: 300))
        let element = ListElement.item(ItemPath(section: 0, item: 2))
        let view = try #require(list.view(for: element))
        let oldBinding = try #require(view.binding)
        frontEnd.versions[2] = 1
        frontEnd.clearEvents()
        try list.reconfigure([element])
        #expect(list.view(for: element) === view)
        #expect(view.content == "item 2 v1")
        #expect(frontEnd.events == [.configure(element, view: view.serial)])
        #expect(!list.isCurrent(oldBinding))
        #expect(frontEnd.problems(in: list).isEmpty)
    }

    @Test func aLateAsyncResultForARowThatScrolledAwayCanNotLandInTheViewNowShowingAnother() throws {
        let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: Array(0..<100), header: nil)])
        let list = frontEnd.makeList(style: .grouped, viewport: Viewport(size: 440))
        let view = try #require(list.view(for: .item(ItemPath(section: 0, item: 0))))
        let tokenForRow0 = try #require(view.binding)
        // Scroll one screen: row 0's view is recycled for one of rows 10…19.
        try list.scroll(to: 440)
        let now = try #require(list.element(for: view)?.itemPath)
        #expect((10..<20).contains(now.item))
        #expect(view.content == "item \(now.item) v0")
        // The image for row 0 arrives now: its token is no longer current, so it is dropped.
        #expect(!list.isCurrent(tokenForRow0))
        #expect(list.isCurrent(try #require(view.binding)))
        withExtendedLifetime(frontEnd) {}
    }
}
