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

/// `SectionTree` against a plain array of records: every search, prefix and record after
/// every insert, remove, move and update, with the tree grown to several levels and shrunk
/// back to nothing.
@Suite struct SectionTreeTests {
    typealias Record = ListLayout.SectionRecord

    static func record(_ rng: inout SplitMix64) -> Record {
        // Zero extents and zero position counts are common, to exercise the skipping rule.
        let header: Int32 = rng.chance(1, in: 3) ? -1 : Int32(rng.below(3) * 256)
        let footer: Int32 = rng.chance(1, in: 2) ? -1 : Int32(rng.below(2) * 256)
        let items = ItemExtents(count: rng.below(4), extent: Int32(rng.below(3) * 128), isMeasured: true)
        return Record(header: header, footer: footer, isCollapsed: rng.chance(1, in: 4), items: items)
    }

    /// Compares every answer of `tree` with the naive ones computed from `model`.
    static func mismatch(_ tree: SectionTree, _ model: [Record], _ rng: inout SplitMix64) -> String? {
        if tree.count != model.count { return "count \(tree.count), expected \(model.count)" }
        var extentStarts: [Int64] = [0]
        var positionStarts: [Int64] = [0]
        for record in model {
            extentStarts.append(extentStarts.last! + record.extent)
            positionStarts.append(positionStarts.last! + Int64(record.positionCount))
        }
        if tree.totalExtent != extentStarts.last! { return "total extent \(tree.totalExtent), expected \(extentStarts.last!)" }
        if tree.totalPositions != positionStarts.last! { return "total positions \(tree.totalPositions), expected \(positionStarts.last!)" }
        var inOrder: [Record] = []
        tree.forEach { inOrder.append($0.pointee) }
        if tree.itemCounts() != model.map(\.items.count) { return "itemCounts gives other counts" }
        if inOrder != model { return "forEach gives other records" }
        var slot = model.isEmpty ? -1 : tree.locate(section: 0).slot
        for index in model.indices {
            let found = tree.locate(section: index)
            if found.slot != slot { return "section \(index): slot(after:) gave \(slot), locate \(found.slot)" }
            if tree.records[found.slot] != model[index] { return "section \(index): other record" }
            if found.extentBefore != extentStarts[index] { return "section \(index) starts at \(found.extentBefore), expected \(extentStarts[index])" }
            if found.positionsBefore != positionStarts[index] { return "section \(index): \(found.positionsBefore) positions before, expected \(positionStarts[index])" }
            slot = tree.slot(after: slot, index: index)
        }
        if slot != -1 { return "slot(after:) of the last section is \(slot), not -1" }
        // The side-by-side descents: any sections, in any order, repeats allowed.
        let asked = model.isEmpty ? [] : (0..<rng.below(12)).map { _ in rng.below(model.count) }
        let places = tree.places(ofSections: asked)
        for (index, found) in zip(asked, places) where tree.records[found.slot] != model[index] || found.slot != tree.locate(section: index).slot {
            return "places(ofSections: \(asked)): section \(index) at slot \(found.slot), locate says \(tree.locate(section: index).slot)"
        }
        for (index, found) in zip(asked, places) where tree.slot(along: found.path) != found.slot {
            return "places(ofSections: \(asked)): section \(index)'s path leads to slot \(tree.slot(along: found.path)), not \(found.slot)"
        }
        if places.count != asked.count { return "places(ofSections:) gave \(places.count) places for \(asked.count) sections" }
        for (measure, starts) in [(SectionTree.Measure.extent, extentStarts), (.position, positionStarts)] {
            let total = starts.last!
            // Every boundary, its neighbours, and random targets; past the end too.
            // Boundaries of 40 random sections and the last, their neighbours, and random targets.
            var targets: Set<Int64> = [total, total + 1]
            for _ in 0..<40 {
                let boundary = starts[rng.below(starts.count)]
                targets.formUnion([boundary - 1, boundary, boundary + 1].filter { $0 >= 0 })
            }
            for _ in 0..<20 where total > 0 { targets.insert(Int64(rng.below(Int(total)))) }
            for target in targets {
                let found = tree.search(measure, target)
                if target >= total {
                    if found.index != model.count || found.remainder != target - total || found.slot != -1 {
                        return "\(measure) search past the end (\(target) of \(total)) gave \(found)"
                    }
                    continue
                }
                // The expected section: the one whose non-empty span holds the target.
                // The expected section: the last whose start is at or before the target.
                var low = 0
                var high = model.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle + 1] <= target { low = middle + 1 } else { high = middle }
                }
                let expected = low
                if found.index != expected || found.remainder != target - starts[expected] || found.slot != tree.locate(section: expected).slot {
                    return "\(measure) search \(target) gave \(found), expected section \(expected) remainder \(target - starts[expected])"
                }
            }
        }
        return nil
    }

    func run(seed: UInt64, steps: Int) {
        var rng = SplitMix64(seed: seed)
        var model = (0..<rng.below(40)).map { _ in SectionTreeTests.record(&rng) }
        var tree = SectionTree(model)
        var history = ["var tree = SectionTree(/* \(model.count) records of seed \(seed) */)"]
        for step in 0..<steps {
            // Grow to several levels in the first half, then shrink to empty.
            let growing = step < steps / 2
            let roll = rng.below(10)
            if model.isEmpty || (growing && roll < 5) || (!growing && roll < 1) {
                let index = rng.below(model.count + 1)
                let record = SectionTreeTests.record(&rng)
                tree.insert(record, at: index)
                model.insert(record, at: index)
                history.append("tree.insert(record, at: \(index))")
            } else if roll < 7 || !growing {
                if roll == 9 {
                    let source = rng.below(model.count)
                    let destination = rng.below(model.count)
                    tree.insert(tree.remove(at: source), at: destination)
                    model.insert(model.remove(at: source), at: destination)
                    history.append("tree.insert(tree.remove(at: \(source)), at: \(destination))")
                } else {
                    let index = rng.below(model.count)
                    let removed = tree.remove(at: index)
                    if removed != model.remove(at: index) {
                        Issue.record("seed \(seed) step \(step): remove(at: \(index)) returned another record\nreproducer:\n\(history.joined(separator: "\n"))")
                        return
                    }
                    history.append("tree.remove(at: \(index))")
                }
            } else {
                let index = rng.below(model.count)
                let collapse = rng.chance(1, in: 2)
                let header: Int32 = rng.chance(1, in: 3) ? -1 : Int32(rng.below(4) * 64)
                tree.update(index) { $0.isCollapsed = collapse; $0.header = header }
                model[index].isCollapsed = collapse
                model[index].header = header
                history.append("tree.update(\(index)) { $0.isCollapsed = \(collapse); $0.header = \(header) }")
            }
            tree._checkInvariantsNow()
            if let problem = SectionTreeTests.mismatch(tree, model, &rng) {
                Issue.record("seed \(seed) step \(step): \(problem)\nreproducer:\n\(history.suffix(40).joined(separator: "\n"))")
                return
            }
        }
        #expect(model.count < 40, "seed \(seed): the run should end nearly empty, not with \(model.count) sections")
    }

    @Test("random inserts, removes, moves and updates agree with an array after every step", arguments: [1, 2, 3, 4] as [UInt64])
    func randomOperationsAgreeWithAnArray(seed: UInt64) {
        run(seed: seed, steps: 3_000)
    }

    @Test("a tree built from 0 to 600 records holds them in order, every node 8 to 16 full")
    func builtTreesHoldTheirRecords() {
        var rng = SplitMix64(seed: 77)
        for count in [0, 1, 15, 16, 17, 31, 32, 33, 255, 256, 257, 271, 272, 273, 600] {
            let model = (0..<count).map { _ in SectionTreeTests.record(&rng) }
            let tree = SectionTree(model)
            tree._checkInvariantsNow()
            #expect(SectionTreeTests.mismatch(tree, model, &rng) == nil, "\(count) records")
        }
    }

    @Test("inserting 100,000 sections one at a time keeps every node 8 to 16 full, and deleting them empties the tree")
    func largeTreesStayBalanced() {
        var tree = SectionTree([])
        var rng = SplitMix64(seed: 5)
        let record = Record(header: 256, footer: -1, isCollapsed: false, items: ItemExtents(count: 2, extent: 256, isMeasured: true))
        for count in 0..<100_000 { tree.insert(record, at: rng.below(count + 1)) }
        tree._checkInvariantsNow()
        #expect(tree.count == 100_000)
        #expect(tree.totalExtent == 100_000 * 3 * 256)
        #expect(tree.search(.extent, 3 * 256 * 54_321 + 1).index == 54_321)
        for count in stride(from: 100_000, to: 0, by: -1) { tree.remove(at: rng.below(count)) }
        tree._checkInvariantsNow()
        #expect(tree.count == 0 && tree.totalExtent == 0)
    }
}
