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

/// `ListDiffableDataSource`: applying snapshots, what each change does to the views, fold
/// state by identifier, rejected applies, ownership. Viewports are large enough to show
/// every element unless a test says otherwise.
@Suite struct DiffableDataSourceTests {
    /// A harness showing `sections` in a 900-point viewport.
    func harness(_ sections: [(Int, [Int])], style: ListStyle = .plain) throws -> DiffableHarness {
        let harness = DiffableHarness(style: style)
        try harness.list.setViewport(Viewport(size: 900))
        try harness.dataSource.apply(try snap(sections))
        return harness
    }

    // MARK: Applying

    @Test func applyingTheFirstSnapshot_displaysItsSectionsAndItems() throws {
        let h = try harness([(1, [10, 11]), (2, [20])])
        #expect(h.list.displayed.map(\.element) == [
            .header(section: 0), .item(ip(0, 0)), .item(ip(0, 1)), .footer(section: 0),
            .header(section: 1), .item(ip(1, 0)), .footer(section: 1),
        ])
        #expect(h.problems().isEmpty, "\(h.problems())")
        #expect(h.dataSource.snapshot() == (try snap([(1, [10, 11]), (2, [20])])))
    }

    @Test func applyingInsertsDeletesAndMoves_leavesEveryDisplayedViewShowingItsCurrentItem() throws {
        let h = try harness([(1, [10, 11, 12, 13]), (2, [20, 21])])
        var next = h.dataSource.snapshot()
        try next.deleteItems([11])
        try next.insertItems([14], beforeItem: 10)
        try next.moveItem(13, afterItem: 20)
        try next.moveItem(21, beforeItem: 14)
        let pass = try h.dataSource.apply(next)
        #expect(h.dataSource.snapshot().itemIdentifiers(inSection: 1) == [21, 14, 10, 12])
        #expect(h.dataSource.snapshot().itemIdentifiers(inSection: 2) == [20, 13])
        #expect(h.problems().isEmpty, "\(h.problems())")
        let changes = Dictionary(uniqueKeysWithValues: pass.transitions.compactMap { t in t.after.map { ($0, t.change) } })
        #expect(changes[.item(ip(0, 1))] == .inserted)   // 14
        #expect(changes[.item(ip(0, 0))] == .moved)      // 21, from section 1
        #expect(changes[.item(ip(1, 1))] == .moved)      // 13, from section 0
        #expect(pass.transitions.contains { $0.before == .item(ip(0, 1)) && $0.after == nil && $0.change == .deleted })  // 11
    }

    @Test func applyingSectionInsertsDeletesAndMoves_carriesTheSectionsViewsAlong() throws {
        // Section 0 stays at the top edge (the list keeps the element there still, so
        // sections placed above it would scroll out of view).
        let h = try harness([(0, [0]), (1, [10]), (2, [20]), (3, [30])])
        let header3 = h.list.view(for: .header(section: 3))
        let item30 = h.view(ofItem: 30)
        var next = h.dataSource.snapshot()
        try next.moveSection(3, beforeSection: 1)
        try next.deleteSections([2])
        try next.insertSections([4], afterSection: 1)
        try next.appendItems([40], toSection: 4)
        let configuresBefore = h.model.configureCount
        try h.dataSource.apply(next)
        #expect(h.dataSource.snapshot().sectionIdentifiers == [0, 3, 1, 4])
        #expect(h.problems().isEmpty, "\(h.problems())")
        #expect(h.list.view(for: .header(section: 1)) === header3)
        #expect(h.view(ofItem: 30) === item30)
        // Only section 4's header, item and footer are configured.
        #expect(h.model.configureCount == configuresBefore + 3)
    }

    @Test func aMove_keepsTheViewInstance_andDoesNotConfigureIt() throws {
        let h = try harness([(1, [10, 11, 12, 13, 14])])
        let views = [10, 11, 12, 13, 14].map { h.view(ofItem: $0) }
        let bindings = [10, 11, 12, 13, 14].map { h.view(ofItem: $0)?.binding }
        let configures = h.model.configureCount
        var next = h.dataSource.snapshot()
        try next.moveItem(14, beforeItem: 10)
        try next.moveItem(11, afterItem: 13)
        let pass = try h.dataSource.apply(next)
        for (offset, id) in [10, 11, 12, 13, 14].enumerated() {
            #expect(h.view(ofItem: id) === views[offset], "item \(id)")
            #expect(h.view(ofItem: id)?.binding == bindings[offset], "item \(id)")
        }
        #expect(h.model.configureCount == configures)
        #expect(pass.transitions.filter { $0.change == .moved }.count == 2)
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func aReconfigure_keepsTheView_skipsPrepareForReuse_andConfiguresItOnceInPlace() throws {
        let h = try harness([(1, [10, 11, 12])])
        let view = try #require(h.view(ofItem: 11))
        let prepares = view.prepareCount
        let configures = h.model.configureCount
        h.model.itemVersions[11] = 1
        var next = h.dataSource.snapshot()
        try next.reconfigureItems([11])
        let pass = try h.dataSource.apply(next)
        #expect(h.view(ofItem: 11) === view)
        #expect(view.prepareCount == prepares)
        #expect(view.content == "item 11 v1")
        #expect(h.model.configureCount == configures + 1)
        #expect(pass.transitions.first { $0.after == .item(ip(0, 1)) }?.change == .reconfigured)
        #expect(h.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty, "marks are consumed")
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func aReconfigureOfAMovedItem_keepsTheView_andConfiguresItOnceAtItsNewPlace() throws {
        let h = try harness([(1, [10, 11, 12]), (2, [20])])
        let view = try #require(h.view(ofItem: 12))
        let prepares = view.prepareCount
        let configures = h.model.configureCount
        h.model.itemVersions[12] = 1
        var next = h.dataSource.snapshot()
        try next.moveItem(12, afterItem: 20)
        try next.reconfigureItems([12])
        let pass = try h.dataSource.apply(next)
        #expect(h.view(ofItem: 12) === view)
        #expect(view.prepareCount == prepares)
        #expect(view.content == "item 12 v1")
        #expect(h.model.configureCount == configures + 1)
        let transition = try #require(pass.transitions.first { $0.after == .item(ip(1, 1)) })
        #expect(transition.before == .item(ip(0, 2)) && transition.change == .reconfigured)
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func aReload_givesTheItemAFreshlyRecycledView_preparedAndConfiguredUnderANewBinding() throws {
        let h = try harness([(1, [10, 11, 12])])
        let old = try #require(h.view(ofItem: 11))
        let oldBinding = try #require(old.binding)
        let preparesOfAll = h.list.displayed.reduce(0) { $0 + $1.view.prepareCount }
        h.model.itemVersions[11] = 1
        var next = h.dataSource.snapshot()
        try next.reloadItems([11])
        let pass = try h.dataSource.apply(next)
        let new = try #require(h.view(ofItem: 11))
        // The old view went back to the pool and the item dequeued one (the pool is last in,
        // first out, so it is the same object): recycled, so prepared exactly once.
        #expect(h.list.displayed.reduce(0) { $0 + $1.view.prepareCount } == preparesOfAll + 1)
        #expect(!h.list.isCurrent(oldBinding))
        #expect(new.binding != oldBinding && new.content == "item 11 v1")
        #expect(pass.transitions.first { $0.after == .item(ip(0, 1)) }?.change == .reloaded)
        #expect(h.list.pool.totalCounters.created == 5, "header, 3 items, footer: no view made for the reload")
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func aReloadedSection_givesItsHeaderFooterAndItemsFreshViews() throws {
        let h = try harness([(1, [10]), (2, [20, 21])])
        let bindings = h.list.displayed.filter { $0.element.section == 1 }.map(\.binding)
        h.model.sectionVersions[2] = 1
        var next = h.dataSource.snapshot()
        try next.reloadSections([2])
        let pass = try h.dataSource.apply(next)
        #expect(h.list.view(for: .header(section: 1))?.content == "header 2 v1")
        #expect(bindings.allSatisfy { !h.list.isCurrent($0) })
        #expect(pass.transitions.filter { $0.after?.section == 1 }.allSatisfy { $0.change != .unchanged })
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func anEmptyDifference_changesNoView() throws {
        let h = try harness([(1, [10, 11])])
        let views = h.displayedViews
        let configures = h.model.configureCount
        let pass = try h.dataSource.apply(h.dataSource.snapshot())
        #expect(h.displayedViews == views)
        #expect(h.model.configureCount == configures)
        #expect(pass.transitions.allSatisfy { $0.change == .unchanged })
    }

    @Test func applyingUsingReloadData_configuresEveryVisibleElementAfresh_andConsumesTheMarks() throws {
        let h = try harness([(1, [10, 11])])
        var next = try snap([(2, [20]), (1, [11, 10])])
        try next.reconfigureItems([10])
        let configures = h.model.configureCount
        let pass = try h.dataSource.applySnapshotUsingReloadData(next)
        #expect(h.model.configureCount == configures + h.list.displayed.count)
        #expect(pass.transitions.isEmpty)
        #expect(h.dataSource.snapshot() == (try snap([(2, [20]), (1, [11, 10])])))
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func duringAnApply_theListReadsTheNewSnapshot() throws {
        let h = try harness([(1, [10])])
        var seen: [(section: Int, sections: [Int])] = []
        h.model.onMetrics = { [unowned h] section in seen.append((section, h.dataSource.snapshot().sectionIdentifiers)) }
        try h.dataSource.apply(try snap([(2, [20, 21]), (1, [10])]))
        // Only the inserted section's metrics are asked, with the new snapshot in place.
        #expect(seen.count == 1 && seen[0].section == 2 && seen[0].sections == [2, 1])
        #expect(h.list.layout.itemCount(inSection: 0) == 2)
    }

    // MARK: Identifiers

    @Test func theListKnowsItemsAndSectionsByTheSnapshotsIdentifiers() throws {
        let h = try harness([(1, [10, 11]), (2, [20])])
        let ds = h.dataSource
        #expect(ds.list(h.list, identifierForItemAt: ip(1, 0)) == AnyHashable(20))
        #expect(ds.list(h.list, identifierForSection: 1) == AnyHashable(2))
        #expect(ds.itemIdentifier(for: ip(0, 1)) == 11 && ds.itemIdentifier(for: ip(0, 2)) == nil && ds.itemIdentifier(for: ip(5, 0)) == nil)
        #expect(ds.itemPath(for: 20) == ip(1, 0) && ds.itemPath(for: 99) == nil)
        #expect(ds.sectionIdentifier(for: 1) == 2 && ds.sectionIdentifier(for: 2) == nil)
        #expect(ds.index(for: 2) == 1 && ds.index(for: 9) == nil)
    }

    @Test func aMeasuredExtent_isRememberedByItemIdentifier_whenTheItemLeavesAndComesBack() throws {
        let h = DiffableHarness(metrics: { _ in SectionMetrics(header: 30, itemExtent: .estimated(44)) })
        try h.list.setViewport(Viewport(size: 900))
        try h.dataSource.apply(try snap([(1, [10, 11, 12])]))
        try h.list.setMeasuredExtent(100, for: .item(ip(0, 1)))
        var without = h.dataSource.snapshot()
        try without.deleteItems([11])
        try h.dataSource.apply(without)
        var back = h.dataSource.snapshot()
        try back.insertItems([11], beforeItem: 10)
        try h.dataSource.apply(back)
        #expect(h.list.layout.itemExtent(at: ip(0, 0)) == 100)
        #expect(h.list.layout.itemExtent(at: ip(0, 1)) == 44)
    }

    @Test func duplicateIdentifiers_areATypedErrorNamingTheDuplicate() throws {
        var snapshot = try snap([(1, [10, 11])])
        #expect(throws: SnapshotError.itemAlreadyPresent(identifier: "11", path: ip(0, 1))) {
            try snapshot.appendItems([11], toSection: 1)
        }
        #expect(SnapshotError.itemAlreadyPresent(identifier: "11", path: ip(0, 1)).description == "item 11 is already in the snapshot at [0, 1]")
        #expect(throws: SnapshotError.sectionAlreadyPresent(identifier: "1", index: 0)) { try snapshot.appendSections([1]) }
    }

    // MARK: Fold state

    @Test func foldState_followsASection_throughInsertsDeletesAndMovesOfSectionsAboveIt() throws {
        let h = try harness([(1, [10]), (2, [20, 21]), (3, [30])])
        try h.dataSource.setCollapsed(true, section: 2)
        func folded() throws -> [Bool] { (0..<h.list.layout.sectionCount).map { h.list.isCollapsed(section: $0) } }
        #expect(try folded() == [false, true, false])

        var next = h.dataSource.snapshot()
        try next.insertSections([0], beforeSection: 1)
        try next.appendItems([0], toSection: 0)
        try h.dataSource.apply(next)                           // 0 1 [2] 3
        #expect(try folded() == [false, false, true, false])
        next = h.dataSource.snapshot()
        try next.deleteSections([1])
        try h.dataSource.apply(next)                           // 0 [2] 3
        #expect(try folded() == [false, true, false])
        next = h.dataSource.snapshot()
        try next.moveSection(3, beforeSection: 0)
        try next.moveSection(2, beforeSection: 3)
        try h.dataSource.apply(next)                           // [2] 3 0
        #expect(h.dataSource.snapshot().sectionIdentifiers == [2, 3, 0])
        #expect(try folded() == [true, false, false])
        #expect(h.dataSource.isCollapsed(section: 2) == true && h.dataSource.isCollapsed(section: 3) == false)
        #expect(!h.dataSource.isCollapsed(section: 9), "a section the snapshot does not hold is not collapsed")
        #expect(!h.list.displayed.contains { $0.element.kind == .item && $0.element.section == 0 })
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func foldingFromAHeadersCallback_foldsTheRightSection_afterSectionsWereInsertedAboveIt() throws {
        // Seed 004: sections start folded; a header's tap handler unfolds its section. The
        // header views are kept (not configured again) when sections are inserted above
        // them, so an index they captured goes stale; the identifier they captured does not.
        let h = try harness([(1, [10, 11]), (2, [20, 21]), (3, [30])])
        try h.dataSource.setCollapsed(true, sections: [1, 2, 3])
        let header = try #require(h.list.view(for: .header(section: 1)))
        var next = h.dataSource.snapshot()
        try next.insertSections([-2, -1], beforeSection: 1)
        try h.dataSource.apply(next)
        try h.dataSource.setCollapsed(true, sections: [-2, -1])
        #expect(h.list.view(for: .header(section: 3)) === header, "the header view was kept")

        let captured = try #require(h.model.headerCaptures[ObjectIdentifier(header)])
        #expect(captured.index == 1, "the index captured at configure time is stale: the section is now at 3")
        try h.dataSource.setCollapsed(false, section: captured.id)   // the tap
        #expect((0..<5).map { h.list.isCollapsed(section: $0) } == [true, true, true, false, true])
        #expect(h.list.displayed.filter { $0.element.kind == .item }.map(\.element) == [.item(ip(3, 0)), .item(ip(3, 1))])
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func foldingAnUnknownSection_throwsNamingIt_andChangesNothing() throws {
        let h = try harness([(1, [10])])
        #expect(throws: DiffableDataSourceError.sectionNotFound(identifier: "42")) {
            try h.dataSource.setCollapsed(true, sections: [1, 42])
        }
        #expect(!h.list.isCollapsed(section: 0))
        #expect(DiffableDataSourceError.sectionNotFound(identifier: "42").description == "no section 42 in the data source's snapshot")
    }

    // MARK: Rejected applies

    @Test func aRejectedApply_leavesTheSnapshotTheLayoutAndTheViewsAsTheyWere() throws {
        // Section 9's metrics give 2 measured extents for its 1 item: the list rejects the
        // batch while reading the new sections, before changing anything.
        let h = DiffableHarness(metrics: { $0 == 9 ? SectionMetrics(header: 30, measuredItemExtents: [44, 44]) : DiffableHarness.standardMetrics($0) })
        try h.list.setViewport(Viewport(size: 900))
        try h.dataSource.apply(try snap([(1, [10, 11])]))
        let snapshot = h.dataSource.snapshot()
        let layout = h.list.layout
        let views = h.displayedViews
        let bindings = h.list.displayed.map(\.binding)
        let configures = h.model.configureCount

        var bad = snapshot
        try bad.insertSections([9], beforeSection: 1)
        try bad.appendItems([90], toSection: 9)
        try bad.deleteItems([10])
        #expect(throws: ListError.invalidCount(2, what: "measured item extents for section 0, which has 1 items")) {
            try h.dataSource.apply(bad)
        }
        #expect(h.dataSource.snapshot() == snapshot)
        #expect(h.list.layout == layout)
        #expect(h.displayedViews == views)
        #expect(h.list.displayed.map(\.binding) == bindings && bindings.allSatisfy(h.list.isCurrent))
        #expect(h.model.configureCount == configures)
        #expect(h.problems().isEmpty, "\(h.problems())")

        // The data source still works.
        var good = snapshot
        try good.deleteItems([10])
        try h.dataSource.apply(good)
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func anApplyFromInsideAListCallback_isRejected_andTheSnapshotBeingAppliedStays() throws {
        let h = try harness([(1, [10])])
        var innerError: ListError?
        var snapshotSeenInside: Snap?
        h.model.onMetrics = { [unowned h] _ in
            let inner = try! snap([(7, [])])
            do throws(ListError) { try h.dataSource.apply(inner) } catch { innerError = error }
            snapshotSeenInside = h.dataSource.snapshot()
        }
        try h.dataSource.apply(try snap([(1, [10]), (2, [20])]))
        guard case .reentrantCall(let operation, _)? = innerError else {
            Issue.record("the inner apply was not rejected: \(String(describing: innerError))")
            return
        }
        #expect(operation == "apply(_:)")
        #expect(snapshotSeenInside == (try snap([(1, [10]), (2, [20])])))
        #expect(h.dataSource.snapshot() == (try snap([(1, [10]), (2, [20])])))
        #expect(h.problems().isEmpty, "\(h.problems())")
    }

    @Test func anUnregisteredReuseIdentifier_isThrownAfterTheLayoutChanged_soTheSnapshotFollowsTheLayout() throws {
        // The list checks reuse identifiers in its pass, after the layout took the update
        // (kernel behaviour): the data source keeps the new snapshot so that its counts
        // keep matching the layout.
        let h = try harness([(1, [10])])
        h.model.bogusIdentifierForItem = 11
        var next = h.dataSource.snapshot()
        try next.appendItems([11], toSection: 1)
        #expect(throws: ListError.unregisteredIdentifier("unregistered", kind: .item, element: .item(ip(0, 1)))) {
            try h.dataSource.apply(next)
        }
        #expect(h.dataSource.snapshot() == next)
        #expect(h.list.layout.itemCount(inSection: 0) == 2)
        h.model.bogusIdentifierForItem = nil
        try h.list.setViewport(h.list.viewport)
        #expect(h.problems().isEmpty, "\(h.problems())")
        #expect(h.list.view(for: .item(ip(0, 1)))?.content == "item 11 v0")
    }

    @Test func anApply_whenTheListHasAnotherDataSource_throwsAndChangesNothing() throws {
        let h = try harness([(1, [10])])
        let other = RecordingFrontEnd(sections: [])
        h.list.dataSource = other
        #expect(throws: ListError.noDataSource(operation: "ListDiffableDataSource.apply(_:) (the list's dataSource is no longer this data source)")) {
            try h.dataSource.apply(try snap([(2, [])]))
        }
        #expect(h.dataSource.snapshot() == (try snap([(1, [10])])))
    }

    // MARK: Ownership

    @Test func theListHoldsItsDataSourceWeakly_soItsCreatorKeepsItAlive_andTheDataSourceKeepsTheList() throws {
        weak var weakDataSource: ListDiffableDataSource<Int, Int, RecordingView>?
        weak var weakList: VirtualList<RecordingView>?
        var kept: ListDiffableDataSource<Int, Int, RecordingView>?
        var list: VirtualList<RecordingView>? = VirtualList<RecordingView>()
        do {
            let dataSource = ListDiffableDataSource<Int, Int, RecordingView>(
                list: list!, configure: { _, _, _, _ in }, reuseIdentifier: { $0.kind.name }
            )
            weakDataSource = dataSource
            #expect(list!.dataSource === dataSource)
        }
        #expect(weakDataSource == nil, "nobody kept the data source")
        #expect(list!.dataSource == nil)
        #expect(throws: ListError.noDataSource(operation: "reloadData()")) { try list!.reloadData() }

        kept = ListDiffableDataSource<Int, Int, RecordingView>(list: list!, configure: { _, _, _, _ in }, reuseIdentifier: { $0.kind.name })
        weakList = list
        list = nil
        #expect(weakList != nil && kept?.list === weakList, "the data source keeps its list")
        kept = nil
        #expect(weakList == nil)
    }
}
