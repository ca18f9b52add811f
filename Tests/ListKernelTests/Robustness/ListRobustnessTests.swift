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

/// The list's public entry points, driven by a hostile data source and extreme arguments:
/// every call either throws a typed error and leaves the list (layout, viewport, displayed
/// views, pool) exactly as it was, or succeeds and leaves it consistent.
@Suite struct ListRobustnessTests {
    static func makeList(_ source: HostileDataSource) throws -> VirtualList<RecordingView> {
        let list = VirtualList<RecordingView>(style: .plain)
        for kind in [ElementKind.header, .item, .footer] {
            try list.register(kind: kind, reuseIdentifier: kind.name) { RecordingView(kind: kind, reuseIdentifier: kind.name) }
        }
        list.dataSource = source
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: 300))
        return list
    }

    /// One random public call with extreme arguments; the data source's answers may change
    /// first.
    static func randomCall(_ random: inout SplitMix64, _ list: VirtualList<RecordingView>, _ source: HostileDataSource) throws(ListError) -> String {
        let sections = list.layout.sectionCount
        switch random.below(10) {
        case 0:
            if random.below(2) == 0 { source.sectionCount = random.below(4) == 0 ? Extremes.count(&random) : random.below(6) }
            if random.below(2) == 0 { source.itemCounts[random.below(6)] = random.below(3) == 0 ? Extremes.count(&random) : random.below(8) }
            if random.below(4) == 0 {
                source.metrics[random.below(6)] = SectionMetrics(header: Extremes.optionalDoubles[random.below(Extremes.optionalDoubles.count)],
                                                                 itemExtent: random.below(2) == 0 ? .uniform(Extremes.double(&random)) : .estimated(Extremes.double(&random)))
            }
            source.fickle = random.below(5) == 0
            try list.reloadData()
            return "reloadData() [sections \(source.sectionCount), counts \(source.itemCounts), fickle \(source.fickle)]"
        case 1:
            let viewport = Viewport(offset: Extremes.double(&random), size: Extremes.double(&random),
                                    insets: .init(top: random.below(2) == 0 ? 0 : Extremes.double(&random), bottom: 0),
                                    overscan: .init(ahead: random.below(2) == 0 ? 0 : Extremes.double(&random), behind: 0))
            try list.setViewport(viewport)
            return "setViewport(\(viewport))"
        case 2:
            let offset = random.below(2) == 0 ? Double(random.below(2_000)) - 200 : Extremes.double(&random)
            try list.scroll(to: offset)
            return "scroll(to: \(offset))"
        case 3:
            let picked = (0..<random.below(3) + 1).map { _ in Extremes.index(&random, below: sections) }
            let collapsed = random.below(2) == 0
            try list.setCollapsed(collapsed, sections: picked)
            return "setCollapsed(\(collapsed), sections: \(picked))"
        case 4:
            let element = Extremes.element(&random, sections: sections, items: 6)
            let extent = random.below(2) == 0 ? Double(random.below(100)) : Extremes.double(&random)
            try list.setMeasuredExtent(extent, for: element)
            return "setMeasuredExtent(\(extent), for: \(element))"
        case 5:
            let element = Extremes.element(&random, sections: sections, items: 6)
            let position = [ScrollPosition.top, .middle, .bottom, .nearest][random.below(4)]
            try list.scroll(to: element, at: position)
            return "scroll(to: \(element), at: \(position))"
        case 6:
            let elements = (0..<random.below(3)).map { _ in Extremes.element(&random, sections: sections, items: 6) }
            try list.reconfigure(elements)
            return "reconfigure(\(elements))"
        case 7:
            // A consistent insert or delete, or one that disagrees with the counts.
            let section = Extremes.index(&random, below: sections)
            let consistent = random.below(2) == 0 && section >= 0 && section < sections
            var batch = BatchUpdate()
            if consistent, let count = list.layout.itemCount(inSection: section) {
                if count > 0, random.below(2) == 0 {
                    batch.deleteItems(at: [ItemPath(section: section, item: random.below(count))])
                    source.itemCounts[section] = count - 1
                } else {
                    batch.insertItems(at: [ItemPath(section: section, item: random.below(count + 1))])
                    source.itemCounts[section] = count + 1
                }
            } else {
                batch.insertItems(at: [Extremes.path(&random, sections: sections, items: 6)])
                batch.deleteSections([Extremes.index(&random, below: sections)])
                batch.moveItem(from: Extremes.path(&random, sections: sections, items: 6), to: Extremes.path(&random, sections: sections, items: 6))
            }
            try list.apply(batch)
            return "apply(\(batch))"
        case 8:
            let count = Extremes.count(&random)
            let section = Extremes.index(&random, below: sections)
            try list.performBatchUpdates { batch in
                source.itemCounts[section] = count
                batch.reloadSections([section])
            }
            return "performBatchUpdates { reload section \(section) with \(count) items }"
        default:
            let section = Extremes.index(&random, below: sections + 1)
            let count = Extremes.count(&random)
            let before = source.sectionCount
            try list.performBatchUpdates { batch in
                source.sectionCount = before + 1
                source.itemCounts = Dictionary(uniqueKeysWithValues: source.itemCounts.map { ($0.key >= section ? $0.key + 1 : $0.key, $0.value) })
                source.itemCounts[section] = count
                batch.insertSections([section])
            }
            return "performBatchUpdates { insert section \(section) with \(count) items }"
        }
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func hostileCallsThrowAndChangeNothingOrLeaveAConsistentList(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let source = HostileDataSource()
        let list = try ListRobustnessTests.makeList(source)
        var (thrown, succeeded) = (0, 0)
        for step in 0..<600 {
            let before = ListState(list)
            let saved = (source.sectionCount, source.itemCounts, source.metrics)
            do {
                let call = try ListRobustnessTests.randomCall(&random, list, source)
                succeeded += 1
                expectConsistent(list, "seed \(seed) step \(step): \(call)")
            } catch {
                thrown += 1
                if case .tooManyElementsInWindow = error, ListState(list).viewport == before.viewport, ListState(list) != before {
                    // An update that was applied (the model changed with it) and made the
                    // window too full: its pass was refused, and the list must be consistent.
                    expectConsistent(list, "seed \(seed) step \(step): \(error)")
                    try list.setViewport(Viewport(offset: 0, size: 300))
                    continue
                }
                #expect(ListState(list) == before, "seed \(seed) step \(step): \(error) changed the list")
                // The model goes back to what the list shows, as an app would after an error.
                (source.sectionCount, source.itemCounts, source.metrics) = saved
                source.fickle = false
            }
        }
        #expect(thrown > 50 && succeeded > 100, "seed \(seed): \(thrown) thrown, \(succeeded) succeeded")
    }

    // MARK: The examples, one by one

    @Test func aDataSourceReportingIntMaxItemsIsRefusedBeforeAnythingChanges() throws {
        let source = HostileDataSource()
        let list = try ListRobustnessTests.makeList(source)
        let before = ListState(list)
        source.itemCounts[1] = Int.max
        #expect(throws: ListError.layout(.tooManyItems(count: 0, adding: Int.max))) { try list.reloadData() }
        #expect(ListState(list) == before)
        source.itemCounts[1] = 5
        source.sectionCount = 1 << 40
        // Refused before any allocation: 2^40 sections would ask for tens of terabytes.
        #expect(throws: ListError.layout(.tooManySections(count: 0, adding: 1 << 40))) { try list.reloadData() }
        #expect(throws: ListError.update(.limitExceeded(.tooManySections(count: 3, adding: (1 << 40) - 3)))) {
            try list.apply(BatchUpdate())
        }
        #expect(ListState(list) == before)
    }

    @Test func batchValidationWithIntMaxCountsIsATypedError() {
        var batch = BatchUpdate()
        batch.insertItems(at: [ItemPath(section: 0, item: 0)])
        #expect(throws: UpdateError.itemCountTooLarge(section: 0, count: Int.max, afterUpdate: false)) {
            try batch.validated(itemCountsBefore: [Int.max], itemCountsAfter: [Int.max])
        }
        #expect(throws: UpdateError.itemCountTooLarge(section: 1, count: Int.max, afterUpdate: true)) {
            try batch.validated(itemCountsBefore: [0, 0], itemCountsAfter: [1, Int.max])
        }
        #expect(throws: UpdateError.negativeItemCount(section: 0, count: Int.min, afterUpdate: false)) {
            try batch.validated(itemCountsBefore: [Int.min], itemCountsAfter: [1])
        }
    }

    @Test func anUpdateThatWouldPassTheLimitsLeavesTheLayoutAsItWas() throws {
        var layout = try ListLayout(sections: [.init(itemCount: 1 << 33, itemExtent: .uniform(63))])
        let before = layout
        var batch = BatchUpdate()
        batch.insertSections([1])
        let update = try batch.validated(itemCountsBefore: [1 << 33], itemCountsAfter: [1 << 33, 1 << 33])
        #expect(throws: UpdateError.limitExceeded(.contentTooLong(extent: 63 * Double(1 << 33), adding: 63 * Double(1 << 33)))) {
            try update.apply(to: &layout) { _ in .init(itemCount: 1 << 33, itemExtent: .uniform(63)) }
        }
        #expect(layout == before)
        let smaller = try batch.validated(itemCountsBefore: [1 << 33], itemCountsAfter: [1 << 33, 1 << 20])
        try smaller.apply(to: &layout) { _ in .init(itemCount: 1 << 20, itemExtent: .uniform(63)) }
        #expect(layout.totalItemCount == (1 << 33) + (1 << 20))
    }

    @Test func expandingASectionWhoseMetricsBecameInvalidIsATypedError() throws {
        let source = HostileDataSource()
        let list = try ListRobustnessTests.makeList(source)
        try list.setCollapsed(true, section: 1)
        let before = ListState(list)
        source.itemCounts[1] = 7
        source.metrics[1] = SectionMetrics(header: .nan, itemExtent: .uniform(44))
        #expect { try list.setCollapsed(false, section: 1) } throws: { error in
            guard case ListError.layout(.invalidExtent(let value, let what)) = error else { return false }
            return value.isNaN && what == "the header of section 1"
        }
        #expect(ListState(list) == before)
        #expect(list.isCollapsed(section: 1))
        source.metrics[1] = nil
        try list.setCollapsed(false, section: 1)
        #expect(list.layout.itemCount(inSection: 1) == 7)
    }

    @Test func aFailedReloadChangesNoView() throws {
        let source = HostileDataSource()
        let list = try ListRobustnessTests.makeList(source)
        let before = ListState(list)
        let shown = list.displayed.map(\.view)
        source.identifiers[.item(ItemPath(section: 0, item: 2))] = "nobody"
        #expect(throws: ListError.unregisteredIdentifier("nobody", kind: .item, element: .item(ItemPath(section: 0, item: 2)))) {
            try list.reloadData()
        }
        #expect(ListState(list) == before)
        #expect(shown.allSatisfy { list.pool.state(of: $0) == .displayed })
        #expect(list.lastPass.left.isEmpty)
    }

    @Test func theListsPoolHandleReadsPurgesAndSetsCapacitiesWithoutTouchingDisplayedViews() throws {
        let source = HostileDataSource()
        let list = try ListRobustnessTests.makeList(source)
        try list.scroll(to: 400)
        try list.scroll(to: 0)
        let before = ListState(list)
        let shown = list.displayed.map(\.view)
        var discarded = 0
        list.pool.onDiscard = { view, reason in
            #expect(reason.reason == .purged && view.reuseIdentifier != "")
            discarded += 1
        }
        let pooled = list.pool.totalCounters.pooled
        #expect(pooled > 0, "the scroll down and back left views in the pool")
        list.pool.purge()
        #expect(discarded == pooled && list.pool.totalCounters.pooled == 0)
        try list.pool.setCapacity(3, kind: .item, identifier: "item")
        #expect(list.pool.capacity(kind: .item, identifier: "item") == 3)
        #expect(throws: ReuseError.self) { try list.pool.setCapacity(-1, kind: .item, identifier: "item") }
        #expect(list.pool.registeredIdentifiers(of: .item) == ["item"])
        #expect(shown.allSatisfy { list.pool.state(of: $0) == .displayed })
        #expect(ListState(list).displayed == before.displayed && list.layout == before.layout)
    }

    @Test func unregisteringFromInsideConfigureIsAReentrantCallError() throws {
        final class Unregistering: HostileDataSource {
            var failures: [ListError] = []
            override func list(_ list: VirtualList<RecordingView>, configure view: RecordingView, for element: ListElement, binding: BindingToken) {
                super.list(list, configure: view, for: element, binding: binding)
                do { try list.unregister(kind: .item, reuseIdentifier: "item") } catch { failures.append(error) }
            }
        }
        let source = Unregistering()
        let list = try ListRobustnessTests.makeList(source)
        #expect(!source.failures.isEmpty)
        #expect(source.failures.allSatisfy { if case .reentrantCall = $0 { true } else { false } })
        #expect(list.pool.isRegistered(kind: .item, identifier: "item"))
        try list.scroll(to: 500)
        expectConsistent(list, "after scrolling")
        // Outside a callback it works; the displayed views stay until they leave.
        try list.unregister(kind: .item, reuseIdentifier: "item")
        #expect(throws: ListError.unregisteredIdentifier("item", kind: .item, element: .item(ItemPath(section: 0, item: 0)))) {
            try list.scroll(to: 0)
        }
        expectConsistent(list, "after a refused scroll")
    }

    @Test func aFactoryReturningAViewInUseIsATypedErrorAndTheListStaysConsistent() throws {
        let source = HostileDataSource()
        let list = VirtualList<RecordingView>(style: .plain)
        let shared = RecordingView(kind: .item, reuseIdentifier: "item")
        try list.register(kind: .item, reuseIdentifier: "item") { shared }
        try list.register(kind: .header, reuseIdentifier: "header") { RecordingView(kind: .header, reuseIdentifier: "header") }
        try list.register(kind: .footer, reuseIdentifier: "footer") { RecordingView(kind: .footer, reuseIdentifier: "footer") }
        list.dataSource = source
        try list.reloadData()
        #expect(throws: ListError.reuse(.factoryReturnedTrackedView(identifier: "item", kind: .item, state: .displayed))) {
            try list.setViewport(Viewport(offset: 0, size: 300))
        }
        expectConsistent(list, "after the factory's mistake")
        #expect(list.displayed.filter { $0.view === shared }.count == 1)
    }

    @Test func aMeasurementThatWouldStoreAHugeSectionOneByOneIsRefused() throws {
        let source = HostileDataSource()
        source.itemCounts[0] = ListLimits.maximumPerItemCount + 1
        source.metrics[0] = SectionMetrics(header: 30, itemExtent: .estimated(44))
        let list = try ListRobustnessTests.makeList(source)
        let before = ListState(list)
        #expect(throws: ListError.layout(.tooManyPerItemExtents(section: 0, itemCount: ListLimits.maximumPerItemCount + 1))) {
            try list.setMeasuredExtent(60, for: .item(ItemPath(section: 0, item: 3)))
        }
        #expect(ListState(list) == before)
    }

    @Test func aReloadThatShrinksTheContentBringsTheOffsetBackAndCoversTheViewport() throws {
        let source = HostileDataSource()
        source.sectionCount = 20
        let list = try ListRobustnessTests.makeList(source)
        // 20 sections of 30 + 5 × 44 + 10 = 260 points: 5,200 in all.
        try list.scroll(to: 4_900)
        source.sectionCount = 2
        let pass = try list.reloadData()
        #expect(list.viewport.offset == 520 - 300)
        #expect(pass.anchorAdjustment == 520 - 300 - 4_900)
        #expect(list.displayed.contains { $0.frame.start <= 220 && $0.frame.end > 220 })
        source.sectionCount = 0
        try list.reloadData()
        #expect(list.viewport.offset == 0)
    }

    // MARK: Hand-built diffs

    @Test func replayingAHandBuiltDiffWithAHugeCountIsATypedError() {
        #expect(throws: DiffReplayError.self) {
            try LinearDiff(countBefore: 0, countAfter: 1 << 40).replay(on: [Int]()) { $0 }
        }
        #expect(throws: DiffReplayError.self) {
            try LinearDiff(countBefore: 2, countAfter: Int.max, inserted: [0]).replay(on: [1, 2]) { $0 }
        }
        let sectioned = SectionedDiff(itemCountsBefore: [1], itemCountsAfter: [Int.max])
        #expect(throws: DiffReplayError.self) {
            try sectioned.replay(on: [DiffSection(id: 0, items: [7])], newSection: { DiffSection(id: $0, items: []) }, newItem: { _ in 0 })
        }
        let inserted = SectionedDiff(itemCountsBefore: [], itemCountsAfter: [Int.max], insertedSections: [0])
        #expect(throws: DiffReplayError.self) {
            try inserted.replay(on: [DiffSection<Int, Int>](), newSection: { DiffSection(id: $0, items: [1]) }, newItem: { _ in 0 })
        }
        // A valid one still replays.
        let diff = LinearDiff(countBefore: 2, countAfter: 3, inserted: [1])
        #expect((try? diff.replay(on: [1, 2]) { _ in 9 }) == [1, 9, 2])
    }

    @Test(arguments: [UInt64(21), 22])
    func randomHandBuiltDiffsReplayOrThrowNeverTrap(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var (thrown, replayed) = (0, 0)
        for _ in 0..<2_000 {
            let old = Array(0..<random.below(5))
            let diff = LinearDiff(
                countBefore: random.below(4) == 0 ? Extremes.int(&random) : old.count,
                countAfter: random.below(3) == 0 ? Extremes.int(&random) : random.below(6),
                deleted: (0..<random.below(3)).map { _ in Extremes.index(&random, below: old.count) },
                inserted: (0..<random.below(3)).map { _ in Extremes.index(&random, below: 6) },
                moved: (0..<random.below(2)).map { _ in .init(from: Extremes.index(&random, below: old.count), to: Extremes.index(&random, below: 6)) },
                changed: (0..<random.below(2)).map { _ in .init(from: Extremes.index(&random, below: old.count), to: Extremes.index(&random, below: 6)) }
            )
            do {
                let result = try diff.replay(on: old) { -$0 - 1 }
                #expect(result.count == diff.countAfter)
                replayed += 1
            } catch {
                thrown += 1
            }
            let counts = (0..<random.below(3)).map { _ in random.below(3) }
            let sectioned = SectionedDiff(
                itemCountsBefore: counts,
                itemCountsAfter: (0..<random.below(4)).map { _ in random.below(3) == 0 ? Extremes.int(&random) : random.below(4) },
                deletedSections: (0..<random.below(2)).map { _ in Extremes.index(&random, below: counts.count) },
                insertedSections: (0..<random.below(2)).map { _ in Extremes.index(&random, below: 3) },
                deletedItems: (0..<random.below(2)).map { _ in Extremes.path(&random, sections: counts.count, items: 3) },
                insertedItems: (0..<random.below(2)).map { _ in Extremes.path(&random, sections: 3, items: 3) }
            )
            let sections = counts.enumerated().map { DiffSection(id: $0.offset, items: Array(0..<$0.element)) }
            do {
                let result = try sectioned.replay(on: sections, newSection: { DiffSection(id: 100 + $0, items: Array(repeating: 0, count: min(max(sectioned.itemCountsAfter[$0], 0), 8))) }, newItem: { _ in -1 })
                #expect(result.map(\.items.count) == sectioned.itemCountsAfter)
                replayed += 1
            } catch {
                thrown += 1
            }
        }
        #expect(thrown > 100 && replayed > 20, "seed \(seed): \(thrown) thrown, \(replayed) replayed")
    }
}
