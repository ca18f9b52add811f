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

@Suite struct ItemExtentsTests {
    /// Checks every query of `items` against the plain array `model` at a sample of indices.
    /// The model's running totals are summed once per check (`prefixes[i]`: the first `i`
    /// extents), not once per query: the queries below then cost O(log n) each instead of
    /// O(n), which kept these tests among the suite's slowest.
    func check(_ items: ItemExtents, _ model: [(Int32, Bool)], rng: inout SplitMix64) -> String? {
        if items.count != model.count { return "count \(items.count) != \(model.count)" }
        var prefixes = [Int64](repeating: 0, count: model.count + 1)
        for i in 0..<model.count { prefixes[i + 1] = prefixes[i] + Int64(model[i].0) }
        let total = prefixes[model.count]
        if items.total != total { return "total \(items.total) != \(total)" }
        guard !model.isEmpty else { return nil }
        for _ in 0..<8 {
            let index = rng.below(model.count)
            if items.extent(at: index) != model[index].0 { return "extent at \(index)" }
            if items.isMeasured(index) != model[index].1 { return "measured at \(index)" }
            let prefix = prefixes[index]
            if items.prefix(index) != prefix { return "prefix(\(index)) \(items.prefix(index)) != \(prefix)" }
            if total > 0 {
                let offset = Int64(rng.below(Int(total)))
                // The item holding `offset`: the first whose running total after it passes
                // `offset` (zero-extent items before it are skipped, as the search skips them).
                var low = 0
                var high = model.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if prefixes[middle + 1] > offset { high = middle } else { low = middle + 1 }
                }
                let expected = low
                let running = prefixes[expected]
                let found = items.search(offset)
                if found.index != expected || found.remainder != offset - running || found.extent != model[expected].0 {
                    return "search(\(offset)) = \(found) != (\(expected), \(offset - running), \(model[expected].0))"
                }
                if items.lookupLink != 0, ExtentRun.search(offset, link: items.lookupLink) != found {
                    return "search(\(offset)) through the lookup link = \(ExtentRun.search(offset, link: items.lookupLink)), not \(found)"
                }
            }
        }
        return nil
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func largeSectionsSplitAndMergeRunsAndStillAgreeWithAPlainArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var items = ItemExtents(count: 3_000, extent: 40, isMeasured: false)
        var model = Array(repeating: (Int32(40), false), count: 3_000)
        for step in 0..<6_000 {
            let roll = rng.below(10)
            let extent = Int32(rng.chance(1, in: 5) ? 0 : rng.int(in: 1...9_000))
            if roll < 4 || model.isEmpty {
                // Inserts cluster at the front so one run fills and splits again and again.
                let index = rng.chance(1, in: 2) ? rng.below(min(model.count, 50) + 1) : rng.below(model.count + 1)
                let measured = rng.chance(1, in: 2)
                items.insert(measured ? extent : nil, at: index)
                model.insert(measured ? (extent, true) : (items.defaultExtent, false), at: index)
            } else if roll < 7 {
                let index = rng.below(model.count)
                let removed = items.remove(at: index)
                let expected = model.remove(at: index)
                #expect(removed.extent == expected.0 && removed.measured == expected.1, "seed \(seed) step \(step)")
            } else {
                let index = rng.below(model.count)
                let measured = rng.chance(3, in: 4)
                _ = items.set(extent, measured: measured, at: index)
                model[index] = (extent, measured)
            }
            if let problem = check(items, model, rng: &rng) {
                Issue.record("seed \(seed) step \(step): \(problem)")
                return
            }
            if step % 500 == 0 { items._checkInvariantsNow() }
        }
        items._checkInvariantsNow()
    }

    /// Inserts and removals of many items at once (from `ItemExtents.spliceThreshold` up, one
    /// splice of the runs they touch) mixed with single ones, against a plain array: blocks
    /// land at run edges, inside runs, at both ends, span several runs and empty the section.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func blockInsertsAndRemovalsAgreeWithAPlainArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let startMeasured = rng.chance(1, in: 2)
        var items = ItemExtents(count: rng.below(5_000), extent: 40, isMeasured: startMeasured)
        var model = Array(repeating: (Int32(40), startMeasured), count: items.count)
        var history = ["var items = ItemExtents(count: \(items.count), extent: 40, isMeasured: \(startMeasured))"]
        for step in 0..<400 {
            let roll = rng.below(10)
            let count = rng.chance(1, in: 3) ? rng.below(ItemExtents.spliceThreshold) : rng.int(in: ItemExtents.spliceThreshold...6_000)
            if roll < 4 || model.isEmpty {
                let index = [0, model.count, rng.below(model.count + 1)][rng.below(3)]
                let extent: Int32? = rng.chance(1, in: 3) ? nil : Int32(rng.int(in: 0...9_000))
                history.append("items.insert(\(String(describing: extent)), count: \(count), at: \(index))")
                let value = (extent ?? items.defaultExtent, extent != nil || items.defaultIsMeasured)
                items.insert(extent, count: count, at: index)
                model.insert(contentsOf: repeatElement(value, count: count), at: index)
            } else if roll < 8 {
                let lower = rng.below(model.count + 1)
                let range = lower..<min(model.count, lower + count)
                history.append("items.remove(\(range))")
                items.remove(range)
                model.removeSubrange(range)
            } else {
                let index = rng.below(model.count)
                let extent = Int32(rng.int(in: 1...9_000))
                history.append("_ = items.set(\(extent), measured: true, at: \(index))")
                _ = items.set(extent, measured: true, at: index)
                model[index] = (extent, true)
            }
            items._checkInvariantsNow()
            if let problem = check(items, model, rng: &rng) {
                Issue.record("seed \(seed) step \(step): \(problem)\nreproducer:\n\(history.joined(separator: "\n"))")
                return
            }
        }
    }

    @Test func aUniformSectionStaysUniformWhileItsItemsKeepTheUniformExtent() {
        var items = ItemExtents(count: 200_000, extent: 44 * 256, isMeasured: true)
        items.insert(nil, at: 0)
        items.insert(44 * 256, at: 500)
        _ = items.set(44 * 256, measured: true, at: 7)
        items.remove(at: 3)
        #expect(items.isUniform)
        #expect(items.count == 200_001)
        _ = items.set(88 * 256, measured: true, at: 7)
        #expect(!items.isUniform)
        #expect(items.total == 200_001 * 44 * 256 + 44 * 256)
        items._checkInvariantsNow()
    }
}
