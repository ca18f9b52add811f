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

/// Validation proportional to the change: with counts known only for the sections a batch
/// touches (a held snapshot's), the validator must reach exactly the verdict and mapping of
/// the full check whenever the untouched sections keep their counts (what a held snapshot
/// guarantees), and ask only for the touched sections' counts.
@Suite struct TouchedValidationTests {
    /// The sparse counts of `scenario` for the sections its batch touches, or `nil` when an
    /// untouched section changes its count or holds one a snapshot can't (the full check's
    /// business only).
    func touchedCounts(_ scenario: UpdateScenario) -> (before: SectionCounts, after: SectionCounts)? {
        let batch = scenario.batch
        let touched = batch._touchedSections(sectionCountBefore: scenario.before.count, sectionCountAfter: scenario.after.count)
        let mapping = _SectionMapping(batch, sectionCountBefore: scenario.before.count, sectionCountAfter: scenario.after.count)
        for new in scenario.after.indices where !touched.new.contains(new) {
            guard let old = mapping.oldSection(forNew: new), !touched.old.contains(old),
                  scenario.before[old] == scenario.after[new], scenario.after[new] >= 0,
                  scenario.after[new] <= ListLimits.maximumItemCount
            else { return nil }
        }
        for old in scenario.before.indices where !touched.old.contains(old) {
            guard let new = mapping.newSection(forOld: old), !touched.new.contains(new) else { return nil }
        }
        return (
            SectionCounts(sectionCount: scenario.before.count, touched: touched.old, counts: touched.old.map { scenario.before[$0] }),
            SectionCounts(sectionCount: scenario.after.count, touched: touched.new, counts: touched.new.map { scenario.after[$0] })
        )
    }

    /// Every old and new section and item (and one past each end) mapped the same way.
    func mappingDifference(_ full: ValidatedUpdate, _ touched: ValidatedUpdate, _ scenario: UpdateScenario) -> String? {
        for section in -1...scenario.before.count {
            if full.fate(ofOldSection: section) != touched.fate(ofOldSection: section) { return "fate of old section \(section)" }
            guard section >= 0, section < scenario.before.count else { continue }
            for item in -1...max(scenario.before[section], 0) {
                let path = ItemPath(section: section, item: item)
                // An item past the end of an untouched section is unknown to the touched
                // check (it trusts the snapshot's paths); the full check answers nil.
                if item == scenario.before[section], touched.countsBefore[section] == nil { continue }
                if full.fate(ofOld: path) != touched.fate(ofOld: path) { return "fate of old item \(path)" }
            }
        }
        for section in -1...scenario.after.count {
            if full.origin(ofNewSection: section) != touched.origin(ofNewSection: section) { return "origin of new section \(section)" }
            guard section >= 0, section < scenario.after.count else { continue }
            for item in -1...max(scenario.after[section], 0) {
                let path = ItemPath(section: section, item: item)
                if item == scenario.after[section], touched.countsAfter[section] == nil { continue }
                if full.origin(ofNew: path) != touched.origin(ofNew: path) { return "origin of new item \(path)" }
            }
        }
        return nil
    }

    @Test(arguments: [UInt64(1), 2, 3, 0x70C4ED])
    func touchedValidationAgreesWithTheFullCheckWhenUntouchedSectionsKeepTheirCounts(seed: UInt64) throws {
        var generator = UpdateScenarioGenerator(rng: SplitMix64(seed: seed))
        var compared = 0, accepted = 0
        for index in 0..<3_000 {
            let scenario = generator.next()
            guard let counts = touchedCounts(scenario) else { continue }
            compared += 1
            let reproducer = "seed \(seed) scenario \(index):\n\(scenario)"
            let batch = scenario.batch
            let full = Result { () throws(UpdateError) in try batch.validated(itemCountsBefore: scenario.before, itemCountsAfter: scenario.after) }
            let touched = Result { () throws(UpdateError) in try batch._validated(before: counts.before, after: counts.after) }
            switch (full, touched) {
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(reproducer)\nfull check: \(a)\ntouched check: \(b)")
            case (.success(let a), .success(let b)):
                accepted += 1
                if let problem = mappingDifference(a, b, scenario) { Issue.record("\(reproducer)\n\(problem)"); return }
                // Both apply to a layout of the before counts and leave the same counts.
                var layoutA = try ListLayout(sections: scenario.before.map { ListLayout.Section(itemCount: $0, itemExtent: .uniform(10)) })
                var layoutB = layoutA
                let describe = { (section: Int) in ListLayout.Section(itemCount: scenario.after[section], itemExtent: .uniform(10)) }
                try a.apply(to: &layoutA, sectionDescription: describe)
                try b.apply(to: &layoutB, sectionDescription: describe)
                #expect(layoutA.itemCounts() == layoutB.itemCounts() && layoutA.itemCounts() == scenario.after, "\(reproducer)\nlayouts differ")
            default:
                Issue.record("\(reproducer)\nfull check: \(full)\ntouched check: \(touched)")
                return
            }
        }
        // Both verdicts are exercised.
        #expect(compared > 1_000 && accepted > 300 && accepted < compared, "seed \(seed): \(accepted) of \(compared) accepted")
    }

    @Test func aBatchOfItemChangesTouchesOnlyTheSectionsOfItsItems() {
        var batch = BatchUpdate()
        batch.deleteItems(at: [ItemPath(section: 7, item: 0)])
        batch.insertItems(at: [ItemPath(section: 99_998, item: 3)])
        batch.moveItem(from: ItemPath(section: 4, item: 1), to: ItemPath(section: 9, item: 0))
        let touched = batch._touchedSections(sectionCountBefore: 100_000, sectionCountAfter: 100_000)
        #expect(touched.old == [4, 7, 9, 99_998])
        #expect(touched.new == [4, 7, 9, 99_998])
    }

    @Test func anUntouchedSectionsCountIsTrustedOnlyOnTheHeldSnapshotPath() throws {
        // Section 2 changes its count without any operation: the full check rejects it,
        // the touched check never reads it (a held snapshot can't do this).
        var batch = BatchUpdate()
        batch.deleteItems(at: [ItemPath(section: 0, item: 0)])
        #expect(throws: UpdateError.self) { try batch.validated(itemCountsBefore: [2, 3, 4], itemCountsAfter: [1, 3, 5]) }
        let touched = try batch._validated(
            before: SectionCounts(sectionCount: 3, touched: [0], counts: [2]),
            after: SectionCounts(sectionCount: 3, touched: [0], counts: [1])
        )
        #expect(touched.newPath(forOld: ItemPath(section: 0, item: 1)) == ItemPath(section: 0, item: 0))
        // A touched section's count is still checked.
        #expect(throws: UpdateError.self) {
            try batch._validated(
                before: SectionCounts(sectionCount: 3, touched: [0], counts: [2]),
                after: SectionCounts(sectionCount: 3, touched: [0], counts: [2])
            )
        }
    }

    @Test func aDiffableApplyAsksOnlyTheTouchedSectionsForTheirCounts() throws {
        let harness = DiffableHarness()
        var snapshot = harness.dataSource.snapshot()
        try snapshot.appendSections(Array(0..<1_000))
        for section in 0..<1_000 { try snapshot.appendItems([section * 10, section * 10 + 1], toSection: section) }
        try harness.dataSource.apply(snapshot)
        #expect(harness.list.countQueriesOfLastUpdate == 1_000)   // every section is inserted

        var next = harness.dataSource.snapshot()
        try next.deleteItems([5_000])
        try next.appendItems([-1], toSection: 900)
        try harness.dataSource.apply(next)
        #expect(harness.list.countQueriesOfLastUpdate == 2)
        #expect(harness.problems().isEmpty)
        #expect(harness.list.layout.itemCounts() == (0..<1_000).map { $0 == 500 ? 1 : $0 == 900 ? 3 : 2 })
    }

    @Test func aFrontEndThatAnswersCountsItselfKeepsTheFullCheck() throws {
        let list = VirtualList<RecordingView>()
        try list.register(kind: .item, reuseIdentifier: "item") { RecordingView(kind: .item, reuseIdentifier: "item") }
        final class Counts: ListDataSource {
            var counts = Array(repeating: 3, count: 500)
            func numberOfSections(in list: VirtualList<RecordingView>) -> Int { counts.count }
            func list(_ list: VirtualList<RecordingView>, numberOfItemsInSection section: Int) -> Int { counts[section] }
        }
        let source = Counts()
        list.dataSource = source
        try list.reloadData()
        source.counts[10] = 2
        try list.performBatchUpdates { $0.deleteItems(at: [ItemPath(section: 10, item: 0)]) }
        #expect(list.countQueriesOfLastUpdate == 500)
        source.counts[20] = 4   // no operation says so: rejected, naming the section
        #expect(throws: ListError.self) { try list.performBatchUpdates { _ in } }
    }
}
