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

/// Random snapshots applied in sequence, with random scrolls and folds in between. After
/// every apply: the displayed set and frames are what an independent reference layout
/// (built from the snapshot, the folds and the metrics) says the viewport shows; every view
/// shows its item; the pool's invariants hold; the transitions name every element displayed
/// before or after, each pairing the same identifier on both sides, and elements that
/// stayed, moved or were reconfigured kept their views.
@Suite struct DiffableDataSourceDifferentialTests {
    /// Metrics by section identifier, varied: some sections have no header or footer.
    /// Items are 27 points everywhere: a moved item keeps its extent (the layout carries it
    /// along), so per-section item extents would make a section's items differ.
    static func metrics(_ section: Int) -> SectionMetrics {
        SectionMetrics(
            header: section % 5 == 0 ? nil : Double(20 + section % 4 * 5),
            footer: section % 2 == 0 ? 8 : nil,
            itemExtent: .uniform(27)
        )
    }

    /// The layout the snapshot and folds describe, built without the kernel's layout.
    static func reference(_ snapshot: Snap, folded: Set<Int>) -> ReferenceLayout {
        ReferenceLayout(sections: snapshot.sections.map { section in
            let metrics = metrics(section.id)
            return ListLayout.Section(
                itemCount: section.items.count, itemExtent: metrics.itemExtent,
                header: metrics.header, footer: metrics.footer, isCollapsed: folded.contains(section.id)
            )
        })
    }

    /// State of one random run.
    struct Run {
        var random: SplitMix64
        var nextSection = 1
        var nextItem = 1_000
        var log: [String] = []

        mutating func freshItems(_ count: Int) -> [Int] {
            defer { nextItem += count }
            return Array(nextItem..<(nextItem + count))
        }

        /// One random edit of `snapshot` (content versions bumped in `model` go with a mark).
        mutating func edit(_ snapshot: inout Snap, _ model: DiffableModel) throws {
            let sections = snapshot.sectionIdentifiers
            let items = snapshot.itemIdentifiers
            func anySection() -> Int { sections[random.below(sections.count)] }
            func anyItem() -> Int { items[random.below(items.count)] }
            func someItems() -> [Int] { Array(Set((0..<random.int(in: 1...3)).map { _ in anyItem() })) }
            switch random.below(12) {
            case 0 where sections.count < 12, 1 where sections.isEmpty:
                let id = nextSection
                nextSection += 1
                if sections.isEmpty || random.chance(1, in: 4) {
                    try snapshot.appendSections([id])
                } else if random.chance(1, in: 2) {
                    try snapshot.insertSections([id], beforeSection: anySection())
                } else {
                    try snapshot.insertSections([id], afterSection: anySection())
                }
                try snapshot.appendItems(freshItems(random.below(9)), toSection: id)
                log.append("insert section \(id)")
            case 1 where sections.count > 1:
                let doomed = anySection()
                try snapshot.deleteSections([doomed])
                log.append("delete section \(doomed)")
            case 2 where sections.count > 1:
                let (moving, anchor) = (anySection(), anySection())
                guard moving != anchor else { return }
                if random.chance(1, in: 2) { try snapshot.moveSection(moving, beforeSection: anchor) } else { try snapshot.moveSection(moving, afterSection: anchor) }
                log.append("move section \(moving) near \(anchor)")
            case 3...4 where !sections.isEmpty && items.count < 150:
                let new = freshItems(random.int(in: 1...4))
                if items.isEmpty || random.chance(1, in: 3) {
                    try snapshot.appendItems(new, toSection: anySection())
                } else if random.chance(1, in: 2) {
                    try snapshot.insertItems(new, beforeItem: anyItem())
                } else {
                    try snapshot.insertItems(new, afterItem: anyItem())
                }
                log.append("insert items \(new)")
            case 5 where !items.isEmpty:
                let doomed = someItems()
                try snapshot.deleteItems(doomed)
                log.append("delete items \(doomed)")
            case 6...7 where items.count > 1:
                let (moving, anchor) = (anyItem(), anyItem())
                guard moving != anchor else { return }
                if random.chance(1, in: 2) { try snapshot.moveItem(moving, beforeItem: anchor) } else { try snapshot.moveItem(moving, afterItem: anchor) }
                log.append("move item \(moving) near \(anchor)")
            case 8 where !items.isEmpty:
                let changed = someItems()
                for id in changed { model.itemVersions[id, default: 0] += 1 }
                try snapshot.reconfigureItems(changed)
                log.append("reconfigure \(changed)")
            case 9 where !items.isEmpty:
                let changed = someItems()
                for id in changed { model.itemVersions[id, default: 0] += 1 }
                try snapshot.reloadItems(changed)
                log.append("reload \(changed)")
            case 10 where !sections.isEmpty:
                let changed = anySection()
                model.sectionVersions[changed, default: 0] += 1
                try snapshot.reloadSections([changed])
                log.append("reload section \(changed)")
            default:
                log.append("no edit")
            }
        }
    }

    func run(seed: UInt64, applies: Int) throws {
        var run = Run(random: SplitMix64(seed: seed))
        let style: ListStyle = run.random.chance(1, in: 2) ? .plain : .grouped
        let h = DiffableHarness(style: style, metrics: DiffableDataSourceDifferentialTests.metrics)
        var folded = Set<Int>()
        var viewport = Viewport(size: Double(run.random.int(in: 150...400)), overscan: .init(ahead: Double(run.random.below(3) * 40), behind: 0))
        try h.list.setViewport(viewport)
        var transitionsChecked = 0
        var changesSeen: [String: Int] = [:]
        func fail(_ step: Int, _ message: String) {
            Issue.record("seed \(seed) step \(step): \(message)\nreproduce: DiffableDataSourceDifferentialTests().run(seed: \(seed), applies: \(step + 1))\nlast steps:\n\(run.log.suffix(12).joined(separator: "\n"))")
        }

        for step in 0..<applies {
            // A scroll or a jump, sometimes a fold.
            let content = max(1, Int(h.list.layout.contentExtent))
            if run.random.chance(1, in: 5) {
                viewport.offset = Double(run.random.below(content + 100) - 50)
            } else {
                viewport.offset += Double(run.random.int(in: -120...120))
            }
            try h.list.setViewport(viewport)
            run.log.append("scroll to \(viewport.offset)")
            let sections = h.dataSource.snapshot().sectionIdentifiers
            if !sections.isEmpty, run.random.chance(1, in: 6) {
                let section = sections[run.random.below(sections.count)]
                let collapse = !folded.contains(section)
                try h.dataSource.setCollapsed(collapse, section: section)
                if collapse { folded.insert(section) } else { folded.remove(section) }
                run.log.append("fold \(section) \(collapse)")
            }

            // The apply.
            let old = h.dataSource.snapshot()
            var next = old
            for _ in 0..<run.random.int(in: 1...3) { try run.edit(&next, h.model) }
            let displayedBefore = h.list.displayed.map { ($0.element, ObjectIdentifier($0.view)) }
            let pass = try h.dataSource.apply(next)
            viewport = h.list.viewport
            var expectedSnapshot = next
            expectedSnapshot.clearMarks()
            guard h.dataSource.snapshot() == expectedSnapshot else { return fail(step, "snapshot \(h.dataSource.snapshot()) != \(expectedSnapshot)") }

            // The displayed set, against the reference.
            let reference = DiffableDataSourceDifferentialTests.reference(expectedSnapshot, folded: folded)
            let want = ReconcileDifferentialTests.expected(reference, viewport: h.list.viewport, direction: h.list.scrollDirection, style: style)
            let got = h.list.displayed.map {
                ReconcileDifferentialTests.Expected(element: $0.element, start: Int64($0.frame.start * 256), extent: Int64($0.frame.extent * 256))
            }
            guard got == want else { return fail(step, "displayed \(got) != expected \(want)") }
            let problems = h.problems()
            guard problems.isEmpty else { return fail(step, "\(problems)") }
            h.list.pool._checkInvariantsNow()

            // Transitions.
            let befores = Set(pass.transitions.compactMap(\.before))
            let afters = Set(pass.transitions.compactMap(\.after))
            if let missing = displayedBefore.first(where: { !befores.contains($0.0) }) { return fail(step, "no transition from \(missing.0)") }
            if let missing = h.list.displayed.first(where: { !afters.contains($0.element) }) { return fail(step, "no transition to \(missing.element)") }
            let viewBefore = Dictionary(uniqueKeysWithValues: displayedBefore)
            let viewAfter = h.displayedViews
            for transition in pass.transitions {
                guard let before = transition.before, let after = transition.after else { continue }
                let same: Bool
                switch (before, after) {
                case (.item(let from), .item(let to)):
                    same = old.sections[from.section].items[from.item] == expectedSnapshot.sections[to.section].items[to.item]
                case (.header(let from), .header(let to)), (.footer(let from), .footer(let to)):
                    same = old.sections[from].id == expectedSnapshot.sections[to].id
                default:
                    same = false
                }
                guard same else { return fail(step, "transition \(transition) pairs different identifiers") }
                if [.unchanged, .moved, .reconfigured].contains(transition.change), let was = viewBefore[before], let now = viewAfter[after], was != now {
                    return fail(step, "\(transition) changed its view")
                }
                transitionsChecked += 1
            }
            for transition in pass.transitions { changesSeen[transition.change.description, default: 0] += 1 }
        }
        #expect(transitionsChecked > applies, "seed \(seed): only \(transitionsChecked) transitions checked")
        let kinds = ["inserted", "deleted", "moved", "reloaded", "reconfigured", "unchanged"]
        #expect(kinds.allSatisfy { changesSeen[$0, default: 0] >= 10 }, "seed \(seed): transitions seen \(changesSeen)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomSnapshotAppliesWithScrollsAndFolds_keepTheDisplayedSetAndEveryViewRight(seed: UInt64) throws {
        try run(seed: seed, applies: 1_000)
    }
}
