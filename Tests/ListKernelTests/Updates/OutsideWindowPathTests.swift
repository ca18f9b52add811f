import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

/// The short path of a change outside the window (`VirtualList.performChange`: a batch that
/// leaves the window's sections alone skips the frames before the change) against the full
/// path: two lists get the same snapshots, one with the short path turned off, and every
/// pass must be the same, transition for transition, frame for frame. Debug builds also
/// check each shortcut inside the short path against the full path's frames.
@Suite struct OutsideWindowPathTests {
    /// Applies one random edit to `snapshot`: the item edits of `IncrementalApplyTests`, and
    /// section inserts, deletes and moves (which the short path takes only after the window).
    static func randomEdit(_ snapshot: inout Snap, _ random: inout SplitMix64, nextID: inout Int) throws -> String {
        let sections = snapshot.sectionIdentifiers
        switch random.below(10) {
        case 0 where sections.count > 2:
            let doomed = sections[random.below(sections.count)]
            try snapshot.deleteSections([doomed])
            return "try next.deleteSections([\(doomed)])"
        case 1:
            let new = 1_000_000 + nextID
            nextID += 3
            try snapshot.appendSections([new])
            try snapshot.appendItems([nextID - 2, nextID - 1], toSection: new)
            return "try next.appendSections([\(new)]); try next.appendItems([\(nextID - 2), \(nextID - 1)], toSection: \(new))"
        case 2 where sections.count > 1:
            let new = 1_000_000 + nextID, before = sections[random.below(sections.count)]
            nextID += 1
            try snapshot.insertSections([new], beforeSection: before)
            return "try next.insertSections([\(new)], beforeSection: \(before))"
        case 3 where sections.count > 1:
            let section = sections[random.below(sections.count)], other = sections[random.below(sections.count)]
            guard section != other else { return "// no section move" }
            try snapshot.moveSection(section, afterSection: other)
            return "try next.moveSection(\(section), afterSection: \(other))"
        default:
            return try IncrementalApplyTests.randomEdit(&snapshot, &random, nextID: &nextID)
        }
    }

    /// 30…60 sections of 0…10 items: a window of 300 points shows a few of them.
    static func randomBase(_ random: inout SplitMix64, nextID: inout Int) throws -> Snap {
        var snapshot = Snap()
        let sectionCount = random.int(in: 30...60)
        try snapshot.appendSections(Array(0..<sectionCount))
        for section in 0..<sectionCount {
            let count = random.chance(1, in: 6) ? 0 : random.int(in: 1...10)
            try snapshot.appendItems(Array(nextID..<(nextID + count)), toSection: section)
            nextID += count
        }
        return snapshot
    }

    /// Twin lists showing the same random snapshot, the second with the short path off.
    static func twins(_ random: inout SplitMix64, nextID: inout Int, make: () -> DiffableHarness) throws -> (short: DiffableHarness, full: DiffableHarness) {
        let short = make(), full = make()
        full.list.usesOutsideWindowPath = false
        let base = try randomBase(&random, nextID: &nextID)
        try short.dataSource.apply(base)
        try full.dataSource.apply(base)
        return (short, full)
    }

    /// What two passes must agree on (views are each list's own, so their contents).
    static func mismatches(_ a: PassResult<RecordingView>, _ b: PassResult<RecordingView>) -> [String] {
        var found: [String] = []
        if a.transitions != b.transitions { found.append("transitions \(a.transitions) vs \(b.transitions)") }
        if a.displayed.map(\.element) != b.displayed.map(\.element) { found.append("displayed elements") }
        if a.displayed.map(\.frame) != b.displayed.map(\.frame) { found.append("displayed frames") }
        if a.displayed.map(\.view.content) != b.displayed.map(\.view.content) { found.append("displayed contents") }
        if a.entered.map(\.element) != b.entered.map(\.element) { found.append("entered") }
        if a.left.map(\.element) != b.left.map(\.element) { found.append("left") }
        if a.anchorAdjustment != b.anchorAdjustment { found.append("adjustment \(a.anchorAdjustment) vs \(b.anchorAdjustment)") }
        if a.viewport != b.viewport { found.append("viewport \(a.viewport) vs \(b.viewport)") }
        return found
    }

    @Test(arguments: [(UInt64(21), ListStyle.plain), (22, .plain), (23, .grouped), (24, .plain), (25, .grouped), (26, .plain)])
    func theShortPathGivesTheFullPathsPasses_overRandomEditsAndScrolls(seed: UInt64, style: ListStyle) throws {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        let (short, full) = try Self.twins(&random, nextID: &nextID) { DiffableHarness(style: style) }
        var viewport = Viewport(size: 300)
        let follows = random.chance(1, in: 2)
        for harness in [short, full] {
            _ = try harness.list.setViewport(viewport)
            _ = try harness.list.setEndBehaviour(EndBehaviour(follows: follows, tolerance: 20))
        }
        for round in 0..<300 {
            var next = short.dataSource.snapshot()
            var script: [String] = []
            for _ in 0..<random.int(in: 1...3) { script.append(try Self.randomEdit(&next, &random, nextID: &nextID)) }
            // At times an override of following for this change (which the short path must
            // consume as the full path does, whichever it takes).
            let override = [FollowOverride.automatic, .automatic, .force, .suppress][random.below(4)]
            if override != .automatic { for harness in [short, full] { harness.list.overrideFollowing(override) } }
            let reproducer = "seed \(seed) \(style) round \(round), viewport \(viewport), \(override): \(script.joined(separator: "; "))"
            let a = try short.dataSource.apply(next)
            let b = try full.dataSource.apply(next)
            let found = Self.mismatches(a, b)
            #expect(found.isEmpty, "\(reproducer)\n\(found.joined(separator: "\n"))")
            #expect(short.problems().isEmpty && full.problems().isEmpty, "\(reproducer)")
            #expect(short.list.unseenAppended == full.list.unseenAppended, "\(reproducer)")
            if !found.isEmpty { return }
            if random.chance(1, in: 3) {
                // Anywhere in the content, the very top, near or past the end, or at a fraction
                // of a unit (the full path's); overscan at times.
                let content = short.list.layout.contentExtent
                let anywhere = Double(random.int(in: 0...max(Int(content), 0)))
                let offsets = [0, anywhere, anywhere + 1.0 / 3.0, content - 310, content - 100]
                viewport.offset = offsets[random.below(offsets.count)]
                viewport.overscan = random.chance(1, in: 2) ? .none : Viewport.Overscan(ahead: 120, behind: 60)
                for harness in [short, full] { _ = try harness.list.setViewport(viewport) }
                viewport = short.list.viewport
            }
        }
        // The comparison meant something: many changes took the short path.
        #expect(short.list.outsideWindowChangeCount > 20, "only \(short.list.outsideWindowChangeCount) short paths")
        #expect(full.list.outsideWindowChangeCount == 0)
    }

    /// The same comparison with what else moves frames: estimated item extents measured at
    /// random (whole and fractional points), folded sections, insets (whole and a third of a
    /// point), short content aligned to the end, and overscan.
    @Test(arguments: [UInt64(31), 32, 33, 34])
    func theShortPathGivesTheFullPathsPasses_withMeasurementsFoldsAndInsets(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let estimated = { (_: Int) in SectionMetrics(header: 30, footer: 10, itemExtent: .estimated(40)) }
        var nextID = 0
        let (short, full) = try Self.twins(&random, nextID: &nextID) { DiffableHarness(metrics: estimated) }
        let behaviour = EndBehaviour(follows: random.chance(1, in: 2), alignsShortContentToEnd: random.chance(1, in: 2))
        for harness in [short, full] { _ = try harness.list.setEndBehaviour(behaviour) }
        var viewport = Viewport(size: 300)
        for harness in [short, full] { _ = try harness.list.setViewport(viewport) }
        for round in 0..<250 {
            var script: [String] = []
            switch random.below(6) {
            case 0:
                // Measure a displayed item, or one far away.
                let displayed = short.list.displayed.map(\.element).filter { $0.kind == .item }
                let sections = short.list.layout.sectionCount
                let far = ListElement.item(ItemPath(section: random.below(max(sections, 1)), item: 0))
                let element = random.chance(1, in: 2) ? (displayed.isEmpty ? far : displayed[random.below(displayed.count)]) : far
                let extent = random.chance(1, in: 3) ? 50.0 + 1.0 / 3.0 : Double(random.int(in: 20...90))
                let a = try? short.list.setMeasuredExtent(extent, for: element)
                let b = try? full.list.setMeasuredExtent(extent, for: element)
                #expect((a == nil) == (b == nil), "seed \(seed) round \(round): measuring \(element)")
                script.append("measure \(element) \(extent)")
            case 1:
                let sections = short.dataSource.snapshot().sectionIdentifiers
                guard !sections.isEmpty else { continue }
                let section = sections[random.below(sections.count)]
                let collapsed = !short.dataSource.isCollapsed(section: section)
                _ = try short.dataSource.setCollapsed(collapsed, section: section)
                _ = try full.dataSource.setCollapsed(collapsed, section: section)
                script.append("fold \(section) \(collapsed)")
            case 2:
                let content = short.list.layout.contentExtent
                viewport.offset = [0, Double(random.int(in: 0...max(Int(content), 0))), content - 300][random.below(3)]
                viewport.insets = [Viewport.Insets(), Viewport.Insets(top: 20, bottom: 34), Viewport.Insets(top: 1.0 / 3.0)][random.below(3)]
                viewport.overscan = random.chance(1, in: 2) ? .none : Viewport.Overscan(ahead: 80, behind: 40)
                for harness in [short, full] { _ = try harness.list.setViewport(viewport) }
                viewport = short.list.viewport
                script.append("viewport \(viewport)")
            default:
                break
            }
            let settled = Self.mismatches(short.list.lastPass, full.list.lastPass)
            #expect(settled.isEmpty, "seed \(seed) round \(round) before the apply: \(script)\n\(settled.joined(separator: "\n"))")
            if !settled.isEmpty { return }
            var next = short.dataSource.snapshot()
            for _ in 0..<random.int(in: 1...3) { script.append(try Self.randomEdit(&next, &random, nextID: &nextID)) }
            let reproducer = "seed \(seed) round \(round), viewport \(short.list.viewport): \(script.joined(separator: "; "))"
            let a = try short.dataSource.apply(next)
            let b = try full.dataSource.apply(next)
            let found = Self.mismatches(a, b)
            #expect(found.isEmpty, "\(reproducer)\n\(found.joined(separator: "\n"))")
            #expect(short.problems().isEmpty && full.problems().isEmpty, "\(reproducer)")
            if !found.isEmpty { return }
        }
        #expect(short.list.outsideWindowChangeCount > 10, "only \(short.list.outsideWindowChangeCount) short paths")
    }

    /// Items inserted above the window shift what is displayed; the anchor takes the shift
    /// back, so nothing on screen moves, every displayed view stays, and the short path says
    /// so as the full path does.
    @Test func insertsAboveTheWindow_keepTheScreenStill_onTheShortPath() throws {
        let short = DiffableHarness(), full = DiffableHarness()
        full.list.usesOutsideWindowPath = false
        var base = Snap()
        try base.appendSections(Array(0..<20))
        for section in 0..<20 { try base.appendItems(Array((section * 10)..<(section * 10 + 10)), toSection: section) }
        for harness in [short, full] {
            try harness.dataSource.apply(base)
            _ = try harness.list.setViewport(Viewport(offset: 5_000, size: 300))
        }
        let viewsBefore = short.displayedViews.values.sorted()
        var next = short.dataSource.snapshot()
        try next.appendItems([1_000, 1_001, 1_002], toSection: 1)   // 132 points above
        let a = try short.dataSource.apply(next)
        let b = try full.dataSource.apply(next)
        #expect(short.list.outsideWindowChangeCount == 1)
        #expect(Self.mismatches(a, b).isEmpty, "\(Self.mismatches(a, b))")
        #expect(a.anchorAdjustment == 132)
        #expect(a.entered.isEmpty && a.left.isEmpty)
        #expect(short.displayedViews.values.sorted() == viewsBefore)
        for transition in a.transitions {
            let before = try #require(transition.frameBefore), after = try #require(transition.frameAfter)
            #expect(after.start - before.start == 132, "\(transition)")
        }
    }

    /// At the very top there is no anchor, so what is inserted above shows (as a table view
    /// at its top does): the short path must not be taken.
    @Test func insertsIntoAnEmptySectionAboveAtTheTop_takeTheFullPath() throws {
        let short = DiffableHarness(), full = DiffableHarness()
        full.list.usesOutsideWindowPath = false
        var base = Snap()
        try base.appendSections([0, 1, 2])
        try base.appendItems(Array(0..<30), toSection: 1)
        for harness in [short, full] {
            try harness.dataSource.apply(base)
            _ = try harness.list.setViewport(Viewport(offset: 0, size: 300))
        }
        var next = short.dataSource.snapshot()
        try next.appendItems([100, 101], toSection: 0)
        let a = try short.dataSource.apply(next)
        let b = try full.dataSource.apply(next)
        #expect(Self.mismatches(a, b).isEmpty, "\(Self.mismatches(a, b))")
        #expect(a.entered.contains { $0.element == .item(ItemPath(section: 0, item: 0)) })
    }
}
