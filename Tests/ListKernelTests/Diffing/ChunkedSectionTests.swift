import Testing
import ListKernelTesting
@_spi(ListKernelTesting) @testable import ListKernelDiffing
import ListKernel

// Sections of more than 8,192 items keep their items in chunks (`_ItemList`): random edits
// against plain arrays, across the thresholds both ways, with copies taken along the way
// that must keep their contents (the chunks are shared copy-on-write), and the incremental
// difference of a derived snapshot with such sections against the full one. The debug
// invariant check compares every chunk table and index after every step too.

private typealias ChunkSnap = ListSnapshot<Int, Int>

/// What the random edits did to chunked sections: each kind must happen for the test to
/// mean anything.
private struct Coverage {
    var chunkedSteps = 0, appendsPastTheEnd = 0, prependsBeforeTheStart = 0, insertsInside = 0
    var deletes = 0, emptiedChunks = 0, moves = 0, turnedChunked = 0, turnedFlat = 0
}

/// One random edit on `snapshot` and `model` (sections 0 and 1, plain arrays); returns it
/// as Swift, for the reproducer.
private func randomChunkEdit(_ snapshot: inout ChunkSnap, _ model: inout [[Int]], _ random: inout SplitMix64, nextID: inout Int, _ coverage: inout Coverage, shrinking: Bool = false) throws -> String {
    func fresh(_ count: Int) -> [Int] {
        defer { nextID += count }
        return Array(nextID..<(nextID + count))
    }
    let section = random.below(2)
    let items = model[section]
    let chunked = snapshot._sections[section].items.isChunked
    if chunked { coverage.chunkedSteps += 1 }
    // Keep the sections around the thresholds: grow while small, shrink while large.
    let growing = !shrinking && (items.count < 12_000 || random.chance(1, in: 4))
    if items.isEmpty || (growing && random.chance(3, in: 4)) {
        let new = fresh(random.chance(1, in: items.count < 6_000 ? 2 : 3) ? random.int(in: 300...1_500) : random.int(in: 1...40))
        switch items.isEmpty ? 0 : random.below(4) {
        case 0:
            try snapshot.appendItems(new, toSection: section)
            model[section].append(contentsOf: new)
            if chunked { coverage.appendsPastTheEnd += 1 }
            return "try s.appendItems(\(new.count) new, toSection: \(section))"
        case 1:
            try snapshot.insertItems(new, beforeItem: items[0])
            model[section].insert(contentsOf: new, at: 0)
            if chunked { coverage.prependsBeforeTheStart += 1 }
            return "try s.insertItems(\(new.count) new, beforeItem: \(items[0]))"
        case 2:
            let at = random.below(items.count)
            try snapshot.insertItems(new, beforeItem: items[at])
            model[section].insert(contentsOf: new, at: at)
            if chunked { coverage.insertsInside += 1 }
            return "try s.insertItems(\(new.count) new, beforeItem: \(items[at]))"
        default:
            let at = random.below(items.count)
            try snapshot.insertItems(new, afterItem: items[at])
            model[section].insert(contentsOf: new, at: at + 1)
            if chunked { coverage.insertsInside += 1 }
            return "try s.insertItems(\(new.count) new, afterItem: \(items[at]))"
        }
    }
    if !shrinking && random.chance(1, in: 4) {
        // A move within or across the sections.
        let item = items[random.below(items.count)]
        let targetSection = random.below(2)
        let targets = model[targetSection]
        guard !targets.isEmpty else { return "// no move" }
        let anchor = targets[random.below(targets.count)]
        guard item != anchor else { return "// no move" }
        let after = random.chance(1, in: 2)
        if after { try snapshot.moveItem(item, afterItem: anchor) } else { try snapshot.moveItem(item, beforeItem: anchor) }
        model[section].removeAll { $0 == item }
        let index = model[targetSection].firstIndex(of: anchor)!
        model[targetSection].insert(item, at: after ? index + 1 : index)
        if chunked { coverage.moves += 1 }
        return "try s.moveItem(\(item), \(after ? "afterItem" : "beforeItem"): \(anchor))"
    }
    // A delete: scattered items, or a run long enough to empty whole chunks.
    var doomed: [Int]
    if shrinking || random.chance(1, in: 2) {
        let start = random.below(items.count)
        doomed = Array(items[start..<min(items.count, start + (shrinking ? random.int(in: 500...2_500) : random.int(in: 100...700)))])
        if chunked && doomed.count >= 600 { coverage.emptiedChunks += 1 }
    } else {
        doomed = (0..<random.int(in: 1...300)).map { _ in items[random.below(items.count)] }
    }
    try snapshot.deleteItems(doomed)
    let gone = Set(doomed)
    model[section].removeAll { gone.contains($0) }
    if chunked { coverage.deletes += 1 }
    return "try s.deleteItems(\(gone.count) items of section \(section))"
}

@Test func chunkedSections_matchPlainArraysThroughRandomEdits_andCopiesKeepTheirItems() throws {
    var coverage = Coverage()
    for seed in 0..<4 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        var snapshot = ChunkSnap()
        try snapshot.appendSections([0, 1])
        var model: [[Int]] = [[], []]
        for section in 0..<2 {
            // Section 0 starts near the chunking threshold, section 1 well below it.
            let count = section == 0 ? random.int(in: 7_000...9_500) : random.int(in: 0...3_000)
            model[section] = Array(nextID..<(nextID + count))
            nextID += count
            try snapshot.appendItems(model[section], toSection: section)
        }
        var copies: [(snapshot: ChunkSnap, model: [[Int]])] = []
        var script: [String] = []
        for step in 0..<240 {
            let wasChunked = (0..<2).map { snapshot._sections[$0].items.isChunked }
            // Steps 60 to 89 and 150 to 179 are deletes: the sections go back below the
            // thresholds, then grow past them again.
            let shrinking = step % 90 >= 60
            script.append(try randomChunkEdit(&snapshot, &model, &random, nextID: &nextID, &coverage, shrinking: shrinking))
            let reproducer = "seed \(seed), step \(step): \(script.suffix(4).joined(separator: "; "))"
            for section in 0..<2 {
                let isChunked = snapshot._sections[section].items.isChunked
                if isChunked && !wasChunked[section] { coverage.turnedChunked += 1 }
                if !isChunked && wasChunked[section] { coverage.turnedFlat += 1 }
                let count = model[section].count
                #expect(isChunked == (count > 8_192 || (wasChunked[section] && count >= 2_048)), "\(reproducer): section \(section) of \(count) items chunked: \(isChunked)")
                let items = model[section]
                #expect(snapshot.itemIdentifiers(inSection: section) == items, "\(reproducer): section \(section)")
                // The record's own ways out: its iterator, its contiguous storage when flat.
                let record = snapshot._sections[section].items
                #expect(Array(record) == items && record.elementsEqual(items), "\(reproducer): section \(section) iterated")
                #expect(record.withContiguousStorageIfAvailable { Array($0) } == (record.isChunked ? nil : items), "\(reproducer)")
                #expect(snapshot.numberOfItems(inSection: section) == items.count, "\(reproducer)")
                // Paths and reads at an index: the ends, and a sample in between.
                let probes = items.isEmpty ? [] : [0, items.count - 1] + (0..<40).map { _ in random.below(items.count) }
                for index in probes {
                    #expect(snapshot.itemPath(of: items[index]) == ItemPath(section: section, item: index), "\(reproducer): item \(items[index])")
                    #expect(snapshot.itemIdentifier(at: index, inSection: section) == items[index], "\(reproducer): index \(index)")
                }
                #expect(snapshot.itemIdentifier(at: items.count, inSection: section) == nil && snapshot.itemIdentifier(at: -1, inSection: section) == nil)
            }
            #expect(snapshot.itemIdentifiers == model[0] + model[1], "seed \(seed), step \(step)")
            if step % 20 == 0 { copies.append((snapshot, model)) }
        }
        for (number, copy) in copies.enumerated() {
            #expect(copy.snapshot.sections.map(\.items) == copy.model, "seed \(seed): copy \(number) changed after it was taken")
        }
    }
    print("chunked sections, random edits: \(coverage)")
    #expect(coverage.chunkedSteps > 200 && coverage.appendsPastTheEnd > 10 && coverage.prependsBeforeTheStart > 10
        && coverage.insertsInside > 20 && coverage.deletes > 20 && coverage.emptiedChunks > 5 && coverage.moves > 10
        && coverage.turnedChunked > 2 && coverage.turnedFlat > 2, "\(coverage)")
}

@Test func aChatAppendingToALongSection_copiesAChunkNotTheSection() throws {
    // The work a derived snapshot does is counted, not timed: one appended item re-files one
    // item and copies one chunk, whatever the section's length. (20,000 items: the debug
    // invariant check reads every item after every change.)
    let n = 20_000
    var base = ChunkSnap()
    try base.appendSections([0])
    try base.appendItems(Array(0..<n), toSection: 0)
    #expect(base._sections[0].items.isChunked)
    var next = base
    try next.appendItems([n], toSection: 0)
    // About 256 items of the last chunk, the running counts of 105 chunks (built three
    // quarters full) and a shard of 19 index entries, where a flat section copies 20,000
    // items and as many indexes.
    #expect(next._sections[0].items.editWeight < 500, "weight \(next._sections[0].items.editWeight)")
    #expect(next.itemIdentifier(at: n, inSection: 0) == n && next.itemPath(of: n - 1) == ItemPath(section: 0, item: n - 1))
    #expect(base.numberOfItems(inSection: 0) == n && base.itemPath(of: n) == nil)
    // A section made at once is chunked three quarters full: an insert in its middle finds
    // room in its chunk and files one item; the 65th insert at one place splits the chunk
    // and files the items of its second half again.
    func writes(_ snapshot: ChunkSnap) -> Int { snapshot._sections[0].items._chunked!.chunkOf._writes }
    let anchor = n / 2
    var middle = base
    try middle.insertItems([-2], beforeItem: anchor)
    #expect(writes(middle) - writes(base) == 1 && middle.itemPath(of: anchor) == ItemPath(section: 0, item: anchor + 1))
    for id in -65 ..< -2 { try middle.insertItems([id], beforeItem: anchor) }
    #expect(writes(middle) - writes(base) == 64)
    try middle.insertItems([-66], beforeItem: anchor)
    #expect(writes(middle) - writes(base) > 64 + 100, "\(writes(middle) - writes(base)) writes")
    #expect(middle.itemPath(of: anchor) == ItemPath(section: 0, item: anchor + 65) && middle.itemPath(of: -66) == ItemPath(section: 0, item: anchor + 64))

    var earlier = next
    try earlier.insertItems([-1], beforeItem: 0)
    #expect(earlier.itemPath(of: 0) == ItemPath(section: 0, item: 1) && next.itemPath(of: 0) == ItemPath(section: 0, item: 0))
    #expect(earlier.itemPath(of: n) == ItemPath(section: 0, item: n + 1))
}

@Test func incrementalChangesEqualTheFullDifference_withChunkedSections() throws {
    // The edit log's difference reads indexes through the chunks: the same changes as the
    // full difference, for random edits on a snapshot derived from one with two sections of
    // about 10,000 items.
    for seed in 0..<6 as Range<UInt64> {
        var random = SplitMix64(seed: 0xC4A7 + seed)
        var nextID = 0
        var base = ChunkSnap()
        try base.appendSections([0, 1, 2])
        for section in 0..<3 {
            let count = section == 2 ? 5 : random.int(in: 8_300...12_000)
            try base.appendItems(Array(nextID..<(nextID + count)), toSection: section)
            nextID += count
        }
        var model = base.sections.map(\.items)
        var coverage = Coverage()
        for round in 0..<8 {
            base._commitAsBase()
            var next = base
            var script: [String] = []
            var edited = [model[0], model[1]]   // the edits touch sections 0 and 1
            for _ in 0..<random.int(in: 1...10) {
                script.append(try randomChunkEdit(&next, &edited, &random, nextID: &nextID, &coverage))
            }
            model = edited + [model[2]]
            let reproducer = "seed \(seed), round \(round): \(script.joined(separator: "; "))"
            guard let incremental = next._incrementalChanges(from: base) else {
                Issue.record("\(reproducer): not derived")
                return
            }
            let full = next.difference(from: base).changes
            #expect(incremental == full, "\(reproducer)")
            #expect(next.sections.map(\.items) == model, "\(reproducer)")
            base = next
        }
        #expect(coverage.chunkedSteps > 10, "seed \(seed): \(coverage)")
    }
}

@Test func aChunkedSnapshotReadOnOtherTasks_keepsItsItemsWhileACopyOfItChanges() async throws {
    // A snapshot's chunks are shared by its copies and read from any isolation (the full diff
    // of `LiveSnapshotApplier` runs off the main actor): readers on three tasks check paths
    // and items of `shared` while this task edits a copy, which must copy what it changes
    // and leave `shared` alone (run under ThreadSanitizer too).
    let n = 10_000
    var built = ChunkSnap()
    try built.appendSections([0])
    try built.appendItems(Array(0..<n), toSection: 0)
    let shared = built
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
        for reader in 0..<3 {
            group.addTask {
                var mismatches = 0
                for _ in 0..<2 {
                    for item in stride(from: reader, to: n, by: 37) where shared.itemPath(of: item) != ItemPath(section: 0, item: item)
                        || shared.itemIdentifier(at: item, inSection: 0) != item {
                        mismatches += 1
                    }
                }
                return mismatches
            }
        }
        var copy = shared
        for step in 0..<60 {
            try copy.insertItems([n + step], beforeItem: n / 2)
            try copy.deleteItems([step * 101])
            try copy.appendItems([2 * n + step], toSection: 0)
        }
        let deletedBefore = (0..<60).filter { $0 * 101 < n / 2 }.count
        #expect(copy.numberOfItems == n + 60 && copy.itemPath(of: n / 2) == ItemPath(section: 0, item: n / 2 + 60 - deletedBefore))
        var total = 0
        for try await count in group { total += count }
        return total
    }
    #expect(mismatches == 0)
    #expect(shared.itemIdentifiers == Array(0..<n) && shared._sections[0].items.isChunked)
}
