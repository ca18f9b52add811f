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

/// Random item edits on a snapshot derived from the one a data source holds: the changes
/// computed from the edit log (`_incrementalChanges`) must be exactly the full difference's,
/// the batches the same arrays in the same order, and two lists, one applying incrementally
/// and one through the full diff, must show the same passes.
@Suite struct IncrementalApplyTests {
    /// Applies one random item edit (or a mark) to `snapshot`, returning it as Swift.
    static func randomEdit(_ snapshot: inout Snap, _ random: inout SplitMix64, nextID: inout Int) throws -> String {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        func anyItem() -> Int { items[random.below(items.count)] }
        func fresh(_ count: Int) -> [Int] {
            defer { nextID += count }
            return Array(nextID..<(nextID + count))
        }
        switch items.isEmpty ? random.below(2) : random.below(10) {
        case 0:
            let section = sections[random.below(sections.count)], new = fresh(random.int(in: 1...3))
            try snapshot.appendItems(new, toSection: section)
            return "try next.appendItems(\(new), toSection: \(section))"
        case 1:
            // An empty section takes an append; the others an insert too.
            let section = sections[random.below(sections.count)], new = fresh(1)
            try snapshot.appendItems(new, toSection: section)
            return "try next.appendItems(\(new), toSection: \(section))"
        case 2, 3:
            let anchor = anyItem(), new = fresh(random.int(in: 1...2))
            if random.chance(1, in: 2) {
                try snapshot.insertItems(new, beforeItem: anchor)
                return "try next.insertItems(\(new), beforeItem: \(anchor))"
            }
            try snapshot.insertItems(new, afterItem: anchor)
            return "try next.insertItems(\(new), afterItem: \(anchor))"
        case 4, 5:
            let doomed = Array(Set((0..<random.int(in: 1...2)).map { _ in anyItem() }))
            try snapshot.deleteItems(doomed)
            return "try next.deleteItems(\(doomed))"
        case 6, 7:
            let item = anyItem(), anchor = anyItem()
            guard item != anchor else { return "// no move" }
            if random.chance(1, in: 2) {
                try snapshot.moveItem(item, beforeItem: anchor)
                return "try next.moveItem(\(item), beforeItem: \(anchor))"
            }
            try snapshot.moveItem(item, afterItem: anchor)
            return "try next.moveItem(\(item), afterItem: \(anchor))"
        case 8:
            let item = anyItem()
            if random.chance(1, in: 2) {
                try snapshot.reloadItems([item])
                return "try next.reloadItems([\(item)])"
            }
            try snapshot.reconfigureItems([item])
            return "try next.reconfigureItems([\(item)])"
        default:
            let section = sections[random.below(sections.count)]
            if random.chance(1, in: 3) {
                try snapshot.reloadSections([section])
                return "try next.reloadSections([\(section)])"
            }
            let item = anyItem()
            try snapshot.reconfigureItems([item])
            return "try next.reconfigureItems([\(item)])"
        }
    }

    /// A random snapshot of 1…6 sections of 0…12 items.
    static func randomBase(_ random: inout SplitMix64, nextID: inout Int) throws -> Snap {
        var snapshot = Snap()
        let sectionCount = random.int(in: 1...6)
        try snapshot.appendSections(Array(0..<sectionCount))
        for section in 0..<sectionCount {
            let count = random.int(in: 0...12)
            try snapshot.appendItems(Array(nextID..<(nextID + count)), toSection: section)
            nextID += count
        }
        return snapshot
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 0x1AC2E])
    func incrementalChangesEqualTheFullDifference_overRandomEditSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for round in 0..<400 {
            var nextID = 0
            var base = try Self.randomBase(&random, nextID: &nextID)
            base._commitAsBase()
            var next = base
            var script: [String] = []
            for _ in 0..<random.int(in: 0...12) { script.append(try Self.randomEdit(&next, &random, nextID: &nextID)) }
            let reproducer = "seed \(seed) round \(round):\nvar next = try snap(\(base.sections.map { ($0.id, $0.items) }))\n" + script.joined(separator: "\n")
            guard let incremental = next._incrementalChanges(from: base) else {
                Issue.record("\(reproducer)\nnot derived")
                return
            }
            let full = next.difference(from: base).changes
            guard incremental == full else {
                Issue.record("\(reproducer)\nincremental: \(incremental)\nfull: \(full)")
                return
            }
            let a = BatchUpdate._converting(incremental, rebindingMovedReconfigures: true)
            let b = BatchUpdate._converting(full, rebindingMovedReconfigures: true)
            #expect(a.batch == b.batch && a.reconfiguredAfterMove == b.reconfiguredAfterMove, "\(reproducer)")
        }
    }

    @Test func patienceOverRunsPicksTheFullDiffsMembers_onEveryShortPermutationOfRuns() {
        // Every order of up to 5 runs of lengths 1…3 over consecutive values: the members
        // equal `_longestIncreasingSubsequenceMembers` on the expanded values.
        func permutations(_ values: [Int]) -> [[Int]] {
            guard values.count > 1 else { return [values] }
            return values.indices.flatMap { index in
                var rest = values
                let first = rest.remove(at: index)
                return permutations(rest).map { [first] + $0 }
            }
        }
        var checked = 0
        var prefixes: [Int] = []   // one buffer for every case: each answer replaces the last
        for runCount in 1...5 {
            for lengths in [[1, 1, 1, 1, 1], [2, 1, 3, 1, 2], [3, 3, 1, 2, 1], [1, 2, 2, 3, 3]] {
                let lengths = Array(lengths.prefix(runCount))
                var starts: [Int] = []
                var next = 0
                for length in lengths { starts.append(next); next += length }
                for order in permutations(Array(0..<runCount)) {
                    let runs = order.map { (value: starts[$0], length: lengths[$0]) }
                    _RunPatience.memberPrefixes(runs, into: &prefixes)
                    let expanded = runs.flatMap { Array($0.value..<($0.value + $0.length)) }
                    let expected = _longestIncreasingSubsequenceMembers(expanded)
                    let got = zip(runs, prefixes).flatMap { run, prefix in (0..<run.length).map { $0 < prefix } }
                    #expect(got == expected, "runs \(runs)")
                    checked += 1
                }
            }
        }
        #expect(checked > 400)
    }

    @Test func aSnapshotNotDerivedFromTheCurrentOneTakesTheFullDiff() throws {
        var base = try snap([(0, [1, 2, 3]), (1, [4])])
        base._commitAsBase()
        var sectionEdit = base
        try sectionEdit.appendSections([2])
        #expect(sectionEdit._incrementalChanges(from: base) == nil)
        let rebuilt = try snap([(0, [1, 2, 3]), (1, [4])])
        #expect(rebuilt._incrementalChanges(from: base) == nil)   // equal contents, another history
        var stale = base
        try stale.deleteItems([2])
        var newer = base
        try newer.appendItems([9], toSection: 1)
        newer._commitAsBase()
        #expect(stale._incrementalChanges(from: newer) == nil)    // derived from an older one
        #expect(base._incrementalChanges(from: base) == SectionedDiff.Changes())   // resubmitted
        var failed = base
        #expect(throws: SnapshotError.self) { try failed.deleteItems([99]) }
        #expect(failed._isSameVersion(as: base))                  // a rejected edit changes nothing
    }

    /// A second list applying every snapshot through the full diff (a rebuilt copy, with
    /// the same marks, is never derived).
    static func undervived(_ snapshot: Snap) throws -> Snap {
        var copy = try Snap(sections: snapshot.sections)
        try copy.reloadItems(Array(snapshot.reloadedItemIdentifiers))
        try copy.reconfigureItems(Array(snapshot.reconfiguredItemIdentifiers))
        try copy.reloadSections(Array(snapshot.reloadedSectionIdentifiers))
        return copy
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func incrementalAndFullAppliesGiveTheSamePasses(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let incremental = DiffableHarness(), full = DiffableHarness()
        for harness in [incremental, full] { _ = try harness.list.setViewport(Viewport(size: 300)) }
        var nextID = 0
        let base = try Self.randomBase(&random, nextID: &nextID)
        try incremental.dataSource.apply(base)
        try full.dataSource.apply(base)
        for round in 0..<150 {
            var next = incremental.dataSource.snapshot()
            var script: [String] = []
            for _ in 0..<random.int(in: 1...6) { script.append(try Self.randomEdit(&next, &random, nextID: &nextID)) }
            let reproducer = "seed \(seed) round \(round): \(script.joined(separator: "; "))"
            #expect(next._isDerived(from: incremental.dataSource.current), "\(reproducer)")
            let a = try incremental.dataSource.apply(next)
            let b = try full.dataSource.apply(try Self.undervived(next))
            #expect(a.transitions == b.transitions, "\(reproducer)")
            #expect(a.displayed.map(\.element) == b.displayed.map(\.element), "\(reproducer)")
            #expect(a.displayed.map(\.frame) == b.displayed.map(\.frame), "\(reproducer)")
            #expect(a.anchorAdjustment == b.anchorAdjustment, "\(reproducer)")
            #expect(incremental.problems().isEmpty && full.problems().isEmpty, "\(reproducer)")
            if random.chance(1, in: 3) {
                let offset = Double(random.int(in: 0...600))
                _ = try incremental.list.scroll(to: offset)
                _ = try full.list.scroll(to: offset)
            }
        }
    }

    /// The data source keeps the incremental difference's buffers between applies and lets
    /// go of them after a large change: a 2,000-item insert into one section, then small
    /// edits, each pass the same as the full diff's.
    @Test func aLargeIncrementalApplyThenSmallOnes_giveTheFullDiffsPasses() throws {
        let incremental = DiffableHarness(), full = DiffableHarness()
        for harness in [incremental, full] { _ = try harness.list.setViewport(Viewport(size: 300)) }
        var base = Snap()
        try base.appendSections([0, 1])
        try base.appendItems(Array(0..<40), toSection: 0)
        try base.appendItems(Array(40..<50), toSection: 1)
        try incremental.dataSource.apply(base)
        try full.dataSource.apply(base)
        var nextID = 1_000
        for round in 0..<4 {
            var next = incremental.dataSource.snapshot()
            let count = round == 0 ? 2_000 : 2
            let top = try #require(next.itemIdentifiers(inSection: 0)?.dropFirst(round).first)
            try next.insertItems(Array(nextID..<(nextID + count)), beforeItem: top)
            nextID += count
            try next.moveItem(45, afterItem: top)   // and a move (out of section 1 the first time)
            let a = try incremental.dataSource.apply(next)
            let b = try full.dataSource.apply(try Self.undervived(next))
            #expect(a.transitions == b.transitions, "round \(round)")
            #expect(a.displayed.map(\.element) == b.displayed.map(\.element), "round \(round)")
            #expect(incremental.dataSource.snapshot() == full.dataSource.snapshot(), "round \(round)")
            #expect(incremental.problems().isEmpty && full.problems().isEmpty, "round \(round)")
        }
    }

    /// What a replaced snapshot holds alone, which decides how many wait for a release, is
    /// counted in the chunks and shards the edits copied, not in sections: one edit at
    /// 10,000 sections copies one chunk of 64 section records, its group (64 references)
    /// and the group table (3), one shard of the item index, its group (64 references) and
    /// the group table (16), and the edited section's items. Marks copy none of them.
    @Test func aReplacedSnapshotHoldsAloneWhatTheEditsCopied_notEverySection() throws {
        let sections = 10_000
        var base = try Snap(sections: (0..<sections).map { DiffSection(id: $0, items: [2 * $0, 2 * $0 + 1]) })
        base._commitAsBase()

        var marked = base
        try marked.reconfigureItems([7])
        #expect(marked._storageExclusiveToBase == 0, "marks copied storage: \(marked._storageExclusiveToBase)")

        var edited = base
        try edited.appendItems([1_000_000], toSection: 5_000)
        let chunkTable = (sections + 4_095) / 4_096, chunkGroup = 64, chunk = 64
        let shardTable = 16, shardGroup = 64, shard = (2 * sections + 1) / 1_024
        let items = 3
        let oneEdit = chunkTable + chunkGroup + chunk + shardTable + shardGroup + shard + items
        #expect(edited._storageExclusiveToBase == oneEdit)

        // Each further edit copies at most one more chunk and shard and their groups.
        try edited.deleteItems([2 * 9_000])
        #expect(edited._storageExclusiveToBase <= oneEdit + chunkGroup + chunk + shardGroup + shard + 1)
        #expect(edited._storageExclusiveToBase < sections / 4)
    }

    /// Replaced snapshots the current one was derived from wait in a batch, released
    /// together (one background task per batch, not one per apply); an unrelated snapshot's
    /// predecessor, which shares nothing, is released at once; the batch never outgrows its
    /// limits.
    @Test func replacedDerivedSnapshotsAreReleasedInBatches_unrelatedOnesAtOnce() throws {
        let harness = DiffableHarness()
        let dataSource = harness.dataSource
        try dataSource.apply(try snap([(0, [1, 2, 3]), (1, [4])]))
        let limit = ListDiffableDataSource<Int, Int, RecordingView>.retiringLimits.snapshots
        var waiting: [Int] = []
        for id in 10..<(10 + 2 * limit + 3) {
            var next = dataSource.snapshot()
            try next.appendItems([id], toSection: id % 2)
            try dataSource.apply(next)
            waiting.append(dataSource.retiring.count)
        }
        let expected = (1...(2 * limit + 3)).map { $0 % limit }
        #expect(waiting == expected, "snapshots waiting after each apply: \(waiting)")
        let before = dataSource.retiring.count
        try dataSource.apply(try snap([(0, [1]), (1, [2])]))
        #expect(dataSource.retiring.count == before, "an unrelated snapshot's predecessor waited")
        #expect(dataSource.retiringEntries < ListDiffableDataSource<Int, Int, RecordingView>.retiringLimits.entries)
    }
}
