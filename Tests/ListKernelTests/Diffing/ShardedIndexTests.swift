import Testing
import ListKernelTesting
@testable import ListKernelDiffing
import ListKernel

// The snapshot's item index (`_ShardedIndex`) against a plain dictionary: random inserts,
// updates and removals across the split into shards, with copies taken along the way that
// must keep their contents while the original goes on changing (copy-on-write per shard).

private typealias Index = _ShardedIndex<Int, Int>

/// Every key of `model` maps to its value in `index`, and nothing else is there.
private func matches(_ index: Index, _ model: [Int: Int], keys: Range<Int>) -> Bool {
    guard index.count == model.count else { return false }
    return keys.allSatisfy { index[$0] == model[$0] }
}

@Test func shardedIndex_matchesADictionary_acrossTheSplit_andCopiesKeepTheirContents() {
    let threshold = Index.shardingThreshold
    let keys = 0..<(3 * threshold)
    for seed in 0..<3 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var index = Index()
        var model: [Int: Int] = [:]
        var copies: [(index: Index, model: [Int: Int])] = []
        for step in 0..<(5 * threshold) {
            let key = random.below(keys.count)
            switch random.below(4) {
            case 0:
                index[key] = nil
                model[key] = nil
            default:
                index[key] = step
                model[key] = step
            }
            if step % threshold == threshold / 2 { copies.append((index, model)) }
        }
        #expect(index._shardCount == Index.shardCount, "seed \(seed): \(index.count) entries in \(index._shardCount) shards")
        #expect(matches(index, model, keys: keys), "seed \(seed): the index differs from the dictionary")
        for (number, copy) in copies.enumerated() {
            #expect(matches(copy.index, copy.model, keys: keys), "seed \(seed): copy \(number) changed after it was taken")
        }
        index.removeAll()
        #expect(index.count == 0 && index._shardCount == 1 && (0..<100).allSatisfy { index[$0] == nil }, "seed \(seed)")
    }
}

@Test func shardedIndex_sizedUpFront_fillsByUpdateValue_likeADictionary() {
    // Sized below and past the threshold: one shard, or all of them from the start; either
    // way `updateValue` answers what a dictionary's does, and the index holds what it does.
    for (seed, capacity) in [(UInt64(10), 1_000), (11, 2 * Index.shardingThreshold)] {
        var random = SplitMix64(seed: seed)
        var index = Index(minimumCapacity: capacity)
        #expect(index.count == 0 && index._shardCount == (capacity > Index.shardingThreshold ? Index.shardCount : 1), "seed \(seed)")
        var model: [Int: Int] = [:]
        let keys = 0..<(capacity + capacity / 4)
        var differentAnswer: (step: Int, key: Int)?
        for step in 0..<capacity {
            let key = random.below(keys.count)
            if index.updateValue(step, forKey: key) != model.updateValue(step, forKey: key), differentAnswer == nil {
                differentAnswer = (step, key)
            }
        }
        #expect(differentAnswer == nil, "seed \(seed): updateValue answered unlike a dictionary at \(String(describing: differentAnswer))")
        #expect(matches(index, model, keys: keys), "seed \(seed): the index differs from the dictionary")
    }
}

@Test func shardedIndex_aCopyChangedInAFewKeys_countsOnlyTheirShardsAsCopied() {
    var index = Index()
    let count = 4 * Index.shardingThreshold
    for key in 0..<count { index[key] = key }
    index.resetCopyCount()
    var copy = index
    for key in [7, 60_000, 123, 9_999, 7] { copy[key] = -key }
    // Five writes copy the group table, and change at most four groups and four shards (one
    // key twice), each about count / shards entries: what the original now holds alone.
    let shards = copy._shardCount, groups = copy._groups.count
    let bound = groups + 5 * (shards / groups) + 5 * (count / shards)
    #expect(shards == Index.shardCount && groups > 1, "\(shards) shards in \(groups) groups")
    #expect(copy.copiedEntries > groups && copy.copiedEntries <= bound, "\(copy.copiedEntries) entries copied, at most \(bound) expected")
    #expect(index[7] == 7 && index[60_000] == 60_000 && copy[7] == -7 && copy[60_000] == -60_000)
    #expect(index.copiedEntries == 0, "the original counts \(index.copiedEntries) copied entries without being changed")
    copy.resetCopyCount()
    #expect(copy.copiedEntries == 0)
}

@Test func shardedIndex_splitsFourWaysAgainAsItGrows_andKeepsEveryEntry() {
    // Past `maximumShardFill` entries a shard on average, 1,024 shards become 4,096 in 64
    // groups; the entries stay, and a copy changed in two keys holds at most two groups and
    // two shards of its own, not the whole index.
    let count = Index.maximumShardFill * Index.shardCount + 1_000
    var index = Index()
    for key in 0..<count { index[key] = key &* 3 }
    #expect(index._shardCount == 4 * Index.shardCount && index._groups.count == 4 * Index.shardCount >> Index.groupBits,
            "\(count) entries in \(index._shardCount) shards, \(index._groups.count) groups")
    #expect(index.count == count && (0..<count).allSatisfy { index[$0] == $0 &* 3 }, "an entry was lost in the split")
    index.resetCopyCount()
    var copy = index
    copy[5] = nil
    copy[count] = 1
    #expect(copy.count == count && copy[5] == nil && copy[count] == 1 && index[5] == 15 && index[count] == nil)
    let bound = index._groups.count + 2 * (1 << Index.groupBits) + 2 * (count / index._shardCount)
    #expect(copy.copiedEntries > 0 && copy.copiedEntries <= bound, "\(copy.copiedEntries) entries copied, at most \(bound) expected")
    let sized = Index(minimumCapacity: count)
    #expect(sized._shardCount == index._shardCount, "sized for \(count): \(sized._shardCount) shards, grown: \(index._shardCount)")
}

@Test func snapshotsPastTheShardingThreshold_deriveAndApplyLikeSmallOnes() throws {
    // A snapshot large enough for a sharded item index, changed on derived copies: the
    // incremental changes equal the full diff's, and the base keeps its contents.
    let sections = 8
    let perSection = Index.shardingThreshold / 4
    var base = ListSnapshot<Int, Int>()
    try base.appendSections(Array(0..<sections))
    for section in 0..<sections {
        try base.appendItems(Array(section * perSection..<(section + 1) * perSection), toSection: section)
    }
    base._commitAsBase()
    let baseSections = base.sections
    var random = SplitMix64(seed: 42)
    var nextID = sections * perSection
    for round in 0..<20 {
        var next = base
        var steps: [String] = []
        for _ in 0..<5 {
            let item = random.below(sections * perSection)
            guard next.containsItem(item) else { continue }
            switch random.below(3) {
            case 0:
                try next.insertItems([nextID], beforeItem: item)
                steps.append("insert \(nextID) before \(item)")
                nextID += 1
            case 1:
                try next.deleteItems([item])
                steps.append("delete \(item)")
            default:
                let section = random.below(sections)
                try next.appendItems([nextID], toSection: section)
                steps.append("append \(nextID) to \(section)")
                nextID += 1
            }
        }
        let repro = "seed 42, round \(round): \(steps)"
        let incremental = try #require(next._incrementalChanges(from: base), "\(repro): not derived")
        #expect(incremental == next.difference(from: base).changes, "\(repro)")
        #expect(base.sections == baseSections, "\(repro): the base changed")
        for section in 0..<sections {
            for (offset, item) in next.itemIdentifiers(inSection: section)!.enumerated() where offset % 97 == 0 {
                #expect(next.itemPath(of: item) == ItemPath(section: section, item: offset), "\(repro): item \(item)")
            }
        }
    }
}

// The snapshot's sections (`_ChunkedArray`) against a plain array: appends, inserts,
// removals, replacements and in-place changes at random, with copies that keep their
// contents while the original changes.

@Test func chunkedArray_matchesAnArray_andCopiesKeepTheirContents() {
    for seed in 0..<20 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var chunked = _ChunkedArray<[Int]>()
        var model: [[Int]] = []
        var copies: [(chunked: _ChunkedArray<[Int]>, model: [[Int]])] = []
        var steps: [String] = []
        for step in 0..<400 {
            switch random.below(6) {
            case 0, 1:
                chunked.append([step])
                model.append([step])
                steps.append("append")
            case 2:
                let at = random.below(model.count + 1)
                chunked.insert([step], at: at)
                model.insert([step], at: at)
                steps.append("insert at \(at)")
            case 3 where !model.isEmpty:
                let at = random.below(model.count)
                #expect(chunked.remove(at: at) == model.remove(at: at), "seed \(seed): \(steps)")
                steps.append("remove at \(at)")
            case 4 where !model.isEmpty:
                let at = random.below(model.count)
                chunked[at].append(step)
                model[at].append(step)
                steps.append("change \(at)")
            default:
                let lower = random.below(model.count + 1), upper = lower + random.below(model.count - lower + 1)
                let new = (0..<random.below(70)).map { [step, $0] }
                chunked.replaceSubrange(lower..<upper, with: new)
                model.replaceSubrange(lower..<upper, with: new)
                steps.append("replace \(lower)..<\(upper) with \(new.count)")
            }
            if step % 50 == 0 { copies.append((chunked, model)) }
            #expect(Array(chunked) == model && chunked.count == model.count, "seed \(seed), step \(step): \(steps.suffix(3))")
        }
        #expect(chunked._chunks.dropLast().allSatisfy { $0.count == _ChunkedArray<[Int]>.chunkSize }, "seed \(seed): a chunk before the last is not full")
        for (number, copy) in copies.enumerated() {
            #expect(Array(copy.chunked) == copy.model, "seed \(seed): copy \(number) changed after it was taken")
        }
        #expect(chunked == _ChunkedArray(model) && (copies.isEmpty || copies[0].chunked != chunked || copies[0].model == model))
    }
}

@Test func chunkedArray_acrossGroupsOfChunks_matchesAnArray_andCopiesKeepTheirContents() {
    // Past 4,096 elements the chunks sit in more than one group: appends open groups,
    // inserts and removals rebuild from a chunk inside a group or at a group's start, and
    // in-place changes of a copy leave the original as it was.
    let perGroup = _ChunkedArray<Int>.chunkSize * _ChunkedArray<Int>.groupSize
    for seed in 0..<6 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var model = Array(0..<(2 * perGroup + random.below(perGroup)))
        var chunked = _ChunkedArray(model)
        var steps: [String] = []
        for step in 0..<60 {
            let copy = (chunked, model)
            switch random.below(4) {
            case 0:
                let count = random.below(3 * _ChunkedArray<Int>.chunkSize)
                chunked.append(contentsOf: 0..<count)
                model.append(contentsOf: 0..<count)
                steps.append("append \(count)")
            case 1:
                // At a group's start, inside a group, or anywhere.
                let at = [perGroup, perGroup + 64 * random.below(64), random.below(model.count + 1)][random.below(3)]
                chunked.insert(-step, at: min(at, model.count))
                model.insert(-step, at: min(at, model.count))
                steps.append("insert at \(at)")
            case 2 where model.count > 1:
                // Never all of them: the first element stays.
                let lower = 1 + random.below(model.count - 1), upper = min(model.count, lower + random.below(2 * perGroup))
                chunked.removeSubrange(lower..<upper)
                model.removeSubrange(lower..<upper)
                steps.append("remove \(lower)..<\(upper)")
            default:
                let at = random.below(model.count)
                chunked[at] = step
                model[at] = step
                steps.append("change \(at)")
                #expect(Array(copy.0) == copy.1, "seed \(seed), step \(step): the copy changed with the original")
            }
            #expect(Array(chunked) == model, "seed \(seed), step \(step): \(steps.suffix(3))")
        }
        let chunks = chunked._chunks
        #expect(chunks.dropLast().allSatisfy { $0.count == _ChunkedArray<Int>.chunkSize } && chunked._groups.dropLast().allSatisfy { $0.count == _ChunkedArray<Int>.groupSize },
                "seed \(seed): a chunk or a group before the last is not full")
        #expect(chunked._groups.count == (model.count + perGroup - 1) / perGroup, "seed \(seed): \(chunked._groups.count) groups for \(model.count)")
    }
}

@Test func sectionsGrowingAndShrinkingAcrossTheIndexedThreshold_keepEveryItemsPath() throws {
    // Item indexes live in their section's record past `indexedThreshold` items: sections
    // grow past it and shrink back through inserts, deletes and moves between two sections,
    // and every item's path stays the one its position gives (the debug invariant check
    // also compares each record's indexes after every step).
    let threshold = ListSnapshot<Int, Int>._Section.indexedThreshold
    for seed in 0..<10 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var snapshot = ListSnapshot<Int, Int>()
        try snapshot.appendSections([0, 1])
        var nextID = 0
        var largest = 0
        var crossedBack = false
        for step in 0..<(8 * threshold) {
            let items = snapshot.itemIdentifiers
            let growing = step < 4 * threshold
            // Growing: insert, move or append; then shrinking: a move once in four, else a
            // delete.
            switch growing ? random.below(3) : (random.below(4) == 0 ? 1 : 3) {
            case 0 where !items.isEmpty:
                try snapshot.insertItems([nextID], beforeItem: items[random.below(items.count)])
                nextID += 1
            case 1 where items.count > 1:
                let item = items[random.below(items.count)], anchor = items[random.below(items.count)]
                if item != anchor { try snapshot.moveItem(item, afterItem: anchor) }
            case 3 where !items.isEmpty:
                try snapshot.deleteItems([items[random.below(items.count)]])
            default:
                try snapshot.appendItems([nextID], toSection: random.below(2))
                nextID += 1
            }
            for section in 0..<2 {
                let sectionItems = snapshot.itemIdentifiers(inSection: section)!
                largest = max(largest, sectionItems.count)
                if largest > threshold && sectionItems.count < threshold / 2 { crossedBack = true }
                for (index, item) in sectionItems.enumerated() {
                    #expect(snapshot.itemPath(of: item) == ItemPath(section: section, item: index), "seed \(seed), step \(step): item \(item)")
                }
            }
        }
        #expect(largest > threshold && crossedBack, "seed \(seed): no section grew past the threshold and back (largest \(largest))")
    }
}

@Test func shardedIndex_sizedForMoreEntriesThanAnyMemory_stopsAtTheLargestThreshold() {
    // The shard count for a capacity grows until its split threshold holds the capacity;
    // past 2^62 entries no threshold of `Int` does, and the search once looped forever.
    let bits = Index.shardBits(holding: .max)
    #expect(bits == Index.maximumShardBits)
    let threshold = Index.splitThreshold(bits: bits)
    #expect(threshold > 0 && threshold == Index.maximumShardFill << bits, "threshold \(threshold) at \(bits) bits")
    let (next, overflow) = Index.maximumShardFill.multipliedReportingOverflow(by: 1 << Index.nextBits(after: bits))
    #expect(overflow || next < 0, "the next threshold, \(next), would still fit")
    // Within range, the answer is the least shard count whose threshold holds the entries.
    for entries in [0, Index.shardingThreshold, Index.shardingThreshold + 1, 1 << 40, (1 << 40) + 1] {
        let found = Index.shardBits(holding: entries)
        #expect(entries <= Index.splitThreshold(bits: found), "\(entries) entries past the threshold of \(found) bits")
        if found > 0 {
            let previous = found == Index.nextBits(after: 0) ? 0 : found - 2
            #expect(entries > Index.splitThreshold(bits: previous), "\(entries) entries fit \(previous) bits already")
        }
    }
}
