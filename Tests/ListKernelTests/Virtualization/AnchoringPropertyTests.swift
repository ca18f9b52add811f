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

/// Random lists (0–30 sections of 0–20 items, extents from 0, headers and footers sometimes
/// absent) under random viewports and insets, in both styles, changed by random folds and
/// unfolds, batches of item deletes, inserts and moves, section deletes, inserts, reloads and
/// moves, and (on the other half of the seeds) the same changes as diffable snapshot applies.
/// After every change:
/// - the offset is within `[min(-insets.top, offset before), max(-insets.top, content +
///   insets.bottom - size)]` (rule 4);
/// - unless the list is pulled past its start, a displayed element with non-zero extent
///   intersects the viewport whenever there is content (rule 5);
/// - the offset is exactly what an oracle computes from the anchor rule by scanning plain
///   arrays of identities (rules 1–3, then the clamp), and `anchorAdjustment` is its change.
///
/// The oracle knows which elements keep their place from the identities on both sides and
/// the moves and reloads the change made (for a snapshot, the moves its difference reports);
/// it takes frames from the list's layout, which its own differential tests check.
@Suite struct AnchoringPropertyTests {
    // MARK: The model

    /// One section of the model; its metrics follow it by identifier.
    struct Section {
        var id: Int
        var items: [Int]
        var header: Double?
        var footer: Double?
        var itemExtent: Double

        var metrics: SectionMetrics { SectionMetrics(header: header, footer: footer, itemExtent: .uniform(itemExtent)) }
        var recording: RecordingSection {
            RecordingSection(id: id, items: items, header: header, footer: footer, itemExtent: .uniform(itemExtent))
        }
    }

    /// An element by identity: survives index changes.
    enum Key: Hashable { case header(Int), item(Int), footer(Int) }

    /// A laid-out element with its natural frame, in units.
    struct Placed {
        var key: Key
        var sectionID: Int
        var element: ListElement
        var start: Int64
        var extent: Int64
        var end: Int64 { start + extent }
    }

    /// What the oracle remembers of one moment: the viewport, every laid-out element in
    /// order (zero-extent ones included) and what was displayed where.
    struct State {
        var viewport: Viewport
        var placed: [Placed]
        var displayed: [(element: ListElement, start: Int64, isPinned: Bool)]
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func units(_ points: Double) -> Int64 { Int64((points * 256).rounded(.down)) }

    static func state(_ sections: [Section], folded: Set<Int>, list: VirtualList<RecordingView>) throws -> State {
        var placed: [Placed] = []
        func add(_ key: Key, _ id: Int, _ element: ListElement) throws {
            guard let frame = list.layout.frame(of: element) else { throw Failure(description: "\(element) is not laid out") }
            placed.append(Placed(key: key, sectionID: id, element: element, start: units(frame.start), extent: units(frame.extent)))
        }
        for (s, section) in sections.enumerated() {
            if section.header != nil { try add(.header(section.id), section.id, .header(section: s)) }
            if !folded.contains(section.id) {
                for (i, item) in section.items.enumerated() { try add(.item(item), section.id, .item(ItemPath(section: s, item: i))) }
            }
            if section.footer != nil { try add(.footer(section.id), section.id, .footer(section: s)) }
        }
        guard placed.count == list.layout.positionCount else {
            throw Failure(description: "the model lays out \(placed.count) elements, the list \(list.layout.positionCount)")
        }
        return State(viewport: list.viewport, placed: placed, displayed: list.displayed.map { ($0.element, units($0.frame.start), $0.isPinned) })
    }

    // MARK: The oracle

    enum Outcome: String { case noAnchor, kept, collapsed, headerKept }

    /// The offset after a change, by the anchor rule, and which part of it applied.
    static func expectedOffset(
        before: State, after: State, moved: Set<Int>, leaving: Set<Int>, style: ListStyle, layout: ListLayout
    ) throws -> (offset: Double, unclamped: Double, outcome: Outcome, why: String) {
        let viewport = before.viewport
        let top = units(viewport.offset + viewport.insets.top)
        let now = Dictionary(uniqueKeysWithValues: after.placed.map { ($0.key, $0) })
        let then = Dictionary(uniqueKeysWithValues: before.placed.map { ($0.element, $0) })
        func kept(_ old: Placed) -> Placed? {
            guard !leaving.contains(old.sectionID), let new = now[old.key], new.sectionID == old.sectionID else { return nil }
            if case .item(let id) = old.key, moved.contains(id) { return nil }
            return new
        }
        var newTop = top
        var outcome = Outcome.noAnchor
        var why = "no anchor"
        if viewport.offset > -viewport.insets.top,
           let primary = before.displayed.first(where: { !$0.isPinned && then[$0.element].map { $0.end > top } ?? false }),
           let anchor = then[primary.element] {
            if let new = kept(anchor) {
                newTop = top + new.start - anchor.start
                (outcome, why) = (.kept, "\(anchor.element) kept: \(Double(anchor.start) / 256) → \(new.element) at \(Double(new.start) / 256)")
            } else {
                let index = before.placed.firstIndex { $0.element == anchor.element }!
                let predecessor = before.placed[..<index].last { kept($0) != nil }
                let point = predecessor.map { kept($0)!.end } ?? 0
                newTop = point
                (outcome, why) = (.collapsed, "\(anchor.element) vanished; collapse point \(Double(point) / 256) after \(predecessor.map { "\($0.element)" } ?? "the start")")
                let header = ListElement.header(section: anchor.element.section)
                if style == .plain, before.displayed.contains(where: { $0.element == header && $0.start == top }),
                   let oldHeader = then[header], let newHeader = kept(oldHeader) {
                    let sectionEnd = newHeader.start + units(try #require(layout.sectionFrame(newHeader.element.section)).extent)
                    let pinned = min(max(newHeader.start, point), sectionEnd - newHeader.extent)
                    if pinned != point {
                        newTop = newHeader.start
                        (outcome, why) = (.headerKept, why + "; the header would pin at \(Double(pinned) / 256) there, so \(newHeader.element) goes to the top edge")
                    }
                }
            }
        }
        let minimum = min(-viewport.insets.top, viewport.offset)
        let maximum = max(-viewport.insets.top, layout.contentExtent + viewport.insets.bottom - viewport.size)
        let unclamped = viewport.offset + Double(newTop - top) / 256
        return (min(max(unclamped, minimum), maximum), unclamped, outcome, why)
    }

    // MARK: Changes

    /// A change of the model: the sections after it, and the batch that says so.
    struct Edit {
        var log: String
        var sections: [Section]
        var batch = BatchUpdate()
        /// Item identifiers the batch moves.
        var moved: Set<Int> = []
        /// Section identifiers the batch moves or reloads.
        var leaving: Set<Int> = []
        /// Section identifiers reloaded (marked in a snapshot).
        var reloaded: Set<Int> = []
    }

    /// The state of one random run.
    struct Run {
        var random: SplitMix64
        var nextSection = 1_000
        var nextItem = 100_000
        var log: [String] = []

        mutating func section(items count: Int) -> Section {
            let id = nextSection
            nextSection += 1
            defer { nextItem += count }
            return Section(
                id: id, items: Array(nextItem..<(nextItem + count)),
                header: random.chance(1, in: 5) ? nil : Double(random.int(in: 0...40)),
                footer: random.chance(1, in: 2) ? nil : Double(random.int(in: 0...20)),
                itemExtent: random.chance(1, in: 6) ? 0 : Double(random.int(in: 1...60)) + (random.chance(1, in: 4) ? 0.5 : 0)
            )
        }

        mutating func freshItems(_ count: Int) -> [Int] {
            defer { nextItem += count }
            return Array(nextItem..<(nextItem + count))
        }

        mutating func pick<T>(_ from: [T]) -> T { from[random.below(from.count)] }

        /// A random change, biased towards what is at the top edge: `nearTop` are the item
        /// identifiers displayed there, `topSection` the index of the section at the top edge.
        mutating func edit(_ sections: [Section], nearTop: [Int], topSection: Int?) -> Edit? {
            let all = sections.flatMap(\.items)
            func someItems(_ count: Int, except: Set<Int> = []) -> Set<Int> {
                var chosen = Set<Int>()
                for _ in 0..<count {
                    let pool = !nearTop.isEmpty && random.chance(2, in: 3) ? nearTop : all
                    guard !pool.isEmpty else { break }
                    let id = pick(pool)
                    if !except.contains(id) { chosen.insert(id) }
                }
                return chosen
            }
            func someSection() -> Int { topSection.flatMap { random.chance(2, in: 3) ? $0 : nil } ?? random.below(sections.count) }
            func paths(_ model: [Section]) -> [Int: ItemPath] {
                var paths: [Int: ItemPath] = [:]
                for (s, section) in model.enumerated() { for (i, id) in section.items.enumerated() { paths[id] = ItemPath(section: s, item: i) } }
                return paths
            }
            var edit = Edit(log: "", sections: sections)
            switch random.below(10) {
            case 0...3 where !sections.isEmpty:
                // Items deleted, moved and inserted in one batch.
                let deleted = random.chance(3, in: 4) ? someItems(random.int(in: 1...5)) : []
                let moved = random.chance(1, in: 2) ? someItems(random.int(in: 1...3), except: deleted) : []
                let inserted = random.chance(1, in: 2) ? freshItems(random.int(in: 1...4)) : []
                guard !deleted.isEmpty || !moved.isEmpty || !inserted.isEmpty else { return nil }
                let old = paths(sections)
                for s in edit.sections.indices { edit.sections[s].items.removeAll { deleted.contains($0) || moved.contains($0) } }
                for id in moved.sorted() + inserted {
                    let s = someSection()
                    edit.sections[s].items.insert(id, at: random.int(in: 0...edit.sections[s].items.count))
                }
                let new = paths(edit.sections)
                edit.batch.deleteItems(at: deleted.map { old[$0]! })
                for id in moved { edit.batch.moveItem(from: old[id]!, to: new[id]!) }
                edit.batch.insertItems(at: inserted.map { new[$0]! })
                edit.moved = moved
                edit.log = "items: delete \(deleted.sorted()), move \(moved.sorted()), insert \(inserted)"
            case 4 where !sections.isEmpty:
                // Every item of one section, in one batch.
                let s = someSection()
                guard !sections[s].items.isEmpty else { return nil }
                edit.sections[s].items = []
                edit.batch.deleteItems(at: sections[s].items.indices.map { ItemPath(section: s, item: $0) })
                edit.log = "empty section \(s) (id \(sections[s].id))"
            case 5, 6:
                // Sections deleted and inserted.
                let deleted = sections.isEmpty ? [] : Set((0..<random.int(in: 0...2)).map { _ in someSection() })
                let deletedIDs = Set(deleted.map { sections[$0].id })
                edit.sections.removeAll { deletedIDs.contains($0.id) }
                var inserted: [Int] = []
                for _ in 0..<random.int(in: deleted.isEmpty ? 1...2 : 0...2) {
                    let section = section(items: random.chance(1, in: 4) ? 0 : random.int(in: 1...20))
                    edit.sections.insert(section, at: random.int(in: 0...edit.sections.count))
                    inserted.append(section.id)
                }
                edit.batch.deleteSections(deleted.sorted())
                edit.batch.insertSections(inserted.map { id in edit.sections.firstIndex { $0.id == id }! })
                edit.log = "sections: delete \(deleted.sorted()), insert ids \(inserted)"
            case 7 where !sections.isEmpty:
                // A section reloaded with fresh items (maybe none).
                let s = someSection()
                edit.sections[s].items = freshItems(random.chance(1, in: 3) ? 0 : random.int(in: 1...20))
                edit.batch.reloadSections([s])
                edit.leaving = [sections[s].id]
                edit.reloaded = [sections[s].id]
                edit.log = "reload section \(s) (id \(sections[s].id)) with \(edit.sections[s].items.count) items"
            case 8 where sections.count > 1:
                let from = someSection()
                let to = random.below(sections.count)
                guard from != to else { return nil }
                edit.sections.insert(edit.sections.remove(at: from), at: to)
                edit.batch.moveSection(from: from, to: to)
                edit.leaving = [sections[from].id]
                edit.log = "move section \(from) (id \(sections[from].id)) to \(to)"
            default:
                return nil
            }
            return edit
        }
    }

    // MARK: The two paths

    /// Metrics by section identifier, for the diffable data source.
    final class MetricsBox { var byID: [Int: SectionMetrics] = [:] }

    /// A list changed through batches on a recording front end, or through snapshots on a
    /// diffable data source.
    final class Driver {
        let list: VirtualList<RecordingView>
        let frontEnd: RecordingFrontEnd?
        let harness: DiffableHarness?
        let metrics: MetricsBox
        private(set) var sections: [Section]
        private(set) var folded: Set<Int> = []

        init(sections: [Section], style: ListStyle, viewport: Viewport, snapshots: Bool) throws {
            self.sections = sections
            let metrics = MetricsBox()
            for section in sections { metrics.byID[section.id] = section.metrics }
            self.metrics = metrics
            if snapshots {
                let harness = DiffableHarness(style: style, metrics: { metrics.byID[$0]! })
                try harness.dataSource.apply(try ListSnapshot(sections: sections.map { DiffSection(id: $0.id, items: $0.items) }))
                self.harness = harness
                frontEnd = nil
                list = harness.list
            } else {
                let frontEnd = RecordingFrontEnd(sections: sections.map(\.recording))
                frontEnd.isRecording = false
                harness = nil
                self.frontEnd = frontEnd
                list = frontEnd.makeList(style: style)
            }
            try list.setViewport(viewport)
        }

        func fold(_ collapsed: Bool, sections indexes: [Int]) throws -> PassResult<RecordingView> {
            let ids = indexes.map { sections[$0].id }
            if collapsed { folded.formUnion(ids) } else { folded.subtract(ids) }
            if let harness {
                do { return try harness.dataSource.setCollapsed(collapsed, sections: ids) } catch { throw Failure(description: "\(error)") }
            }
            return try list.setCollapsed(collapsed, sections: indexes)
        }

        /// Applies `edit`; returns the pass and the items and sections that left their place.
        func apply(_ edit: Edit) throws -> (pass: PassResult<RecordingView>, moved: Set<Int>, leaving: Set<Int>) {
            let old = sections
            sections = edit.sections
            for section in sections where metrics.byID[section.id] == nil { metrics.byID[section.id] = section.metrics }
            if let frontEnd {
                frontEnd.sections = sections.map(\.recording)
                return (try list.apply(edit.batch), edit.moved, edit.leaving)
            }
            let before = try ListSnapshot<Int, Int>(sections: old.map { DiffSection(id: $0.id, items: $0.items) })
            var next = try ListSnapshot<Int, Int>(sections: sections.map { DiffSection(id: $0.id, items: $0.items) })
            try next.reloadSections(edit.reloaded.filter { next.containsSection($0) }.sorted())
            // The moves the data source's difference reports: the oracle's view of what left.
            let diff = next.difference(from: before)
            let moved = Set(diff.movedItems.map { old[$0.from.section].items[$0.from.item] })
            let leaving = Set(diff.movedSections.map { old[$0.from].id }).union(edit.reloaded)
            return (try harness!.dataSource.apply(next), moved, leaving)
        }

        func problems() -> [String] { frontEnd?.problems(in: list) ?? harness!.problems() }

        func checkInvariants() {
            list.layout._checkInvariantsNow()
            harness?.dataSource._checkInvariantsNow()
            InvariantChecks.$areSuspended.withValue(false) { list.pool._checkInvariantsNow() }
        }
    }

    // MARK: The run

    /// How often each part of the rule applied.
    struct Counts { var style: ListStyle; var byOutcome: [Outcome: Int] = [:]; var clamped = 0; var operations = 0; var failed = false }

    @discardableResult
    func run(seed: UInt64, operations: Int) throws -> Counts {
        var run = Run(random: SplitMix64(seed: seed))
        let style: ListStyle = run.random.chance(1, in: 2) ? .plain : .grouped
        let snapshots = seed % 2 == 0
        var sections: [Section] = []
        for _ in 0..<run.random.int(in: 0...30) {
            sections.append(run.section(items: run.random.chance(1, in: 5) ? 0 : run.random.int(in: 1...20)))
        }
        var viewport = Viewport(size: 300)
        func randomViewport(_ random: inout SplitMix64) {
            viewport.size = Double(random.int(in: 100...400))
            viewport.insets = .init(top: [0, 20, 64][random.below(3)], bottom: [0, 15, 34][random.below(3)])
            viewport.overscan = .init(ahead: Double(random.below(3) * 50), behind: Double(random.below(2) * 30))
        }
        randomViewport(&run.random)
        let driver = try Driver(sections: sections, style: style, viewport: viewport, snapshots: snapshots)
        let list = driver.list
        run.log.append("\(snapshots ? "snapshots" : "batches"), \(style), \(sections.count) sections, \(viewport)")
        var counts = Counts(style: style)
        func fail(_ step: Int, _ message: String) -> Counts {
            Issue.record("""
                seed \(seed) step \(step): \(message)
                reproduce: try AnchoringPropertyTests().run(seed: \(seed), operations: \(step + 1))
                last steps:
                \(run.log.suffix(12).joined(separator: "\n"))
                """)
            counts.failed = true
            return counts
        }

        for step in 0..<operations {
            // Somewhere else first: a scroll, a jump (sometimes past either end), a resize.
            let content = list.layout.contentExtent
            switch run.random.below(8) {
            case 0, 1, 2:
                viewport.offset = list.viewport.offset + Double(run.random.int(in: -200...200)) + Double(run.random.below(4)) / 4
            case 3, 4:
                viewport.offset = Double(run.random.int(in: 0...max(0, Int(content)))) - viewport.insets.top
            case 5 where run.random.chance(1, in: 3):
                viewport.offset = -viewport.insets.top - Double(run.random.int(in: 0...80))
            case 6:
                randomViewport(&run.random)
                viewport.offset = list.viewport.offset
            default:
                viewport.offset = list.viewport.offset
            }
            try list.setViewport(viewport)
            run.log.append("viewport offset \(viewport.offset), size \(viewport.size), insets \(viewport.insets.top)/\(viewport.insets.bottom)")

            let before = try AnchoringPropertyTests.state(driver.sections, folded: driver.folded, list: list)
            let top = AnchoringPropertyTests.units(viewport.offset + viewport.insets.top)
            let nearTopElements = list.displayed.filter { !$0.isPinned && AnchoringPropertyTests.units($0.frame.end) > top }.prefix(4)
            let nearTop = nearTopElements.compactMap { $0.element.itemPath.map { driver.sections[$0.section].items[$0.item] } }
            let topSection = nearTopElements.first?.element.section

            // The change.
            let pass: PassResult<RecordingView>
            var moved: Set<Int> = []
            var leaving: Set<Int> = []
            if !driver.sections.isEmpty, run.random.chance(1, in: 4) {
                let collapsed = run.random.chance(2, in: 3)
                let targets = Array(Set((0..<run.random.int(in: 1...3)).map { _ in
                    topSection.flatMap { run.random.chance(2, in: 3) ? $0 : nil } ?? run.random.below(driver.sections.count)
                })).sorted()
                run.log.append("\(collapsed ? "fold" : "unfold") \(targets)")
                pass = try driver.fold(collapsed, sections: targets)
            } else if let edit = run.edit(driver.sections, nearTop: nearTop, topSection: topSection) {
                run.log.append(edit.log)
                (pass, moved, leaving) = try driver.apply(edit)
            } else {
                continue
            }
            counts.operations += 1

            // The checks.
            let after = try AnchoringPropertyTests.state(driver.sections, folded: driver.folded, list: list)
            let offset = list.viewport.offset
            let insets = viewport.insets
            let contentAfter = list.layout.contentExtent
            let minimum = min(-insets.top, viewport.offset)
            let maximum = max(-insets.top, contentAfter + insets.bottom - viewport.size)
            guard offset >= minimum, offset <= maximum else {
                return fail(step, "offset \(offset) outside \(minimum)...\(maximum) (content \(contentAfter))")
            }
            if contentAfter > 0, offset >= -insets.top {
                let covered = list.displayed.contains { $0.frame.extent > 0 && $0.frame.start < offset + viewport.size && $0.frame.end > offset }
                guard covered else { return fail(step, "nothing displayed in \(offset)..<\(offset + viewport.size) (content \(contentAfter)): \(list.displayed.map(\.element))") }
            }
            let expected = try AnchoringPropertyTests.expectedOffset(
                before: before, after: after, moved: moved, leaving: leaving, style: style, layout: list.layout
            )
            guard offset == expected.offset else {
                return fail(step, "offset \(offset), expected \(expected.offset) (\(expected.why)); from \(viewport.offset)")
            }
            guard pass.anchorAdjustment == offset - viewport.offset else {
                return fail(step, "anchorAdjustment \(pass.anchorAdjustment), but the offset moved from \(viewport.offset) to \(offset)")
            }
            let problems = driver.problems()
            guard problems.isEmpty else { return fail(step, "\(problems)") }
            counts.byOutcome[expected.outcome, default: 0] += 1
            if expected.unclamped != offset { counts.clamped += 1 }
            viewport = list.viewport
            if counts.operations % 25 == 0 { driver.checkInvariants() }
        }
        driver.checkInvariants()
        return counts
    }

    static let seeds: [UInt64] = Array(1...16)

    @Test(arguments: AnchoringPropertyTests.seeds)
    func theOffsetFollowsTheAnchorRuleAfterEveryChange(seed: UInt64) throws {
        let operations = AuditStress.scaled(250)
        // The structures' own checks after every mutation are suspended: the run checks them
        // every 25 operations (this test is about the anchor), which keeps it to seconds.
        let counts = try InvariantChecks.$areSuspended.withValue(true) { try run(seed: seed, operations: operations) }
        // Every run exercises each part of the rule (a full one; a scaled-down one may not).
        if operations >= 250, !counts.failed {
            #expect(counts.byOutcome[.kept, default: 0] >= 10, "seed \(seed): \(counts)")
            #expect(counts.byOutcome[.collapsed, default: 0] >= 10, "seed \(seed): \(counts)")
            #expect(counts.clamped >= 5, "seed \(seed): \(counts)")
            if counts.style == .plain { #expect(counts.byOutcome[.headerKept, default: 0] >= 3, "seed \(seed): \(counts)") }
        }
    }
}
