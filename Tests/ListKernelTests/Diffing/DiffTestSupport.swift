import ListKernel
import ListKernelTesting

// Shared helpers of the diffing tests: random (old, new) pairs with many kinds of edits, and
// brute-force references that share no code with the diff.

typealias Item = VersionedItem
typealias Section = DiffSection<Int, VersionedItem>

/// Shorthand: items with version 0, or `id:version` pairs.
func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0, version: 0) } }

/// A section of version-0 items.
func section(_ id: Int, _ ids: [Int]) -> Section { Section(id: id, items: items(ids)) }

/// The length of a longest strictly increasing subsequence, by O(n²) dynamic programming.
func bruteForceLISLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] {
            best[i] = max(best[i], best[j] + 1)
        }
    }
    return best.max() ?? 0
}

/// A random linear pair: old of 0–12 unique ids; new by a random mix of deletes, updates,
/// moves, inserts, or sometimes a full shuffle, an identical copy or an unrelated array.
func randomLinearPair(_ random: inout SplitMix64) -> DiffInputPair<[Item]> {
    var nextID = 0
    func freshID() -> Int {
        nextID += 1
        return nextID - 1
    }
    let old = (0..<random.below(13)).map { _ in Item(id: freshID(), version: 0) }
    var new = old
    switch random.below(10) {
    case 0:
        break  // identical
    case 1:
        random.shuffle(&new)
    case 2:
        new = (0..<random.below(8)).map { _ in Item(id: freshID(), version: 0) }  // nothing shared
    default:
        for _ in 0..<random.below(6) {
            switch random.below(4) {
            case 0 where !new.isEmpty:
                new.remove(at: random.below(new.count))
            case 1 where !new.isEmpty:
                new[random.below(new.count)].version += 1
            case 2 where !new.isEmpty:
                let moving = new.remove(at: random.below(new.count))
                new.insert(moving, at: random.below(new.count + 1))
            default:
                new.insert(Item(id: freshID(), version: 0), at: random.below(new.count + 1))
            }
        }
    }
    return DiffInputPair(old: old, new: new)
}

/// A random sectioned pair: 0–5 sections of 0–6 items (ids unique across sections); new by
/// a random mix of section deletes, inserts (empty or with fresh or existing items), moves
/// and emptying, and item deletes, inserts, moves within and across sections, and updates.
func randomSectionedPair(_ random: inout SplitMix64) -> DiffInputPair<[Section]> {
    var nextSection = 100
    var nextItem = 0
    func freshItem() -> Item {
        nextItem += 1
        return Item(id: nextItem - 1, version: 0)
    }
    let old = (0..<random.below(6)).map { _ -> Section in
        nextSection += 1
        return Section(id: nextSection - 1, items: (0..<random.below(7)).map { _ in freshItem() })
    }
    var new = old

    /// Removes and returns a random item of `new`, if any.
    func takeRandomItem() -> Item? {
        let filled = new.indices.filter { !new[$0].items.isEmpty }
        guard !filled.isEmpty else { return nil }
        let section = filled[random.below(filled.count)]
        return new[section].items.remove(at: random.below(new[section].items.count))
    }

    for _ in 0..<random.below(8) {
        switch random.below(11) {
        case 0 where !new.isEmpty:  // delete a section, sometimes rescuing items into others
            let doomed = new.remove(at: random.below(new.count))
            for item in doomed.items where !new.isEmpty && random.chance(1, in: 3) {
                let target = random.below(new.count)
                new[target].items.insert(item, at: random.below(new[target].items.count + 1))
            }
        case 1:  // insert a section, empty or with fresh items or with items taken from elsewhere
            var items: [Item] = []
            for _ in 0..<random.below(4) {
                if random.chance(1, in: 2), let taken = takeRandomItem() { items.append(taken) } else { items.append(freshItem()) }
            }
            nextSection += 1
            new.insert(Section(id: nextSection - 1, items: items), at: random.below(new.count + 1))
        case 2 where !new.isEmpty:  // move a section
            let moving = new.remove(at: random.below(new.count))
            new.insert(moving, at: random.below(new.count + 1))
        case 3 where !new.isEmpty:  // empty a section
            new[random.below(new.count)].items.removeAll()
        case 4, 5:  // move an item, within or across sections
            if let item = takeRandomItem(), !new.isEmpty {
                let target = random.below(new.count)
                new[target].items.insert(item, at: random.below(new[target].items.count + 1))
            }
        case 6:
            _ = takeRandomItem()  // delete an item
        case 7 where !new.isEmpty:  // insert a fresh item
            let target = random.below(new.count)
            new[target].items.insert(freshItem(), at: random.below(new[target].items.count + 1))
        case 8, 9:  // update an item
            let filled = new.indices.filter { !new[$0].items.isEmpty }
            if !filled.isEmpty {
                let section = filled[random.below(filled.count)]
                new[section].items[random.below(new[section].items.count)].version += 1
            }
        default:
            if random.chance(1, in: 3) { random.shuffle(&new) }
        }
    }
    return DiffInputPair(old: old, new: new)
}

/// The fewest item and section moves any valid batch needs for `pair`, computed from the
/// definitions with brute-force LIS: every item that changes between two surviving sections
/// must move; inside a surviving section the items that stay can keep at most a longest
/// increasing subsequence of their old order; likewise for surviving sections.
func fewestMoves(_ pair: DiffInputPair<[Section]>) -> (sections: Int, items: Int) {
    var oldSectionIndex: [Int: Int] = [:]
    for (index, section) in pair.old.enumerated() { oldSectionIndex[section.id] = index }
    let newSectionIDs = Set(pair.new.map(\.id))
    var oldPlace: [Int: (section: Int, item: Int)] = [:]
    for (s, section) in pair.old.enumerated() {
        for (i, item) in section.items.enumerated() { oldPlace[item.id] = (s, i) }
    }
    let survivingOldIndexes = pair.new.compactMap { oldSectionIndex[$0.id] }
    let movedSections = survivingOldIndexes.count - bruteForceLISLength(survivingOldIndexes)

    var movedItems = 0
    for section in pair.new {
        guard let oldIndex = oldSectionIndex[section.id] else { continue }
        var sameSection: [Int] = []
        for item in section.items {
            guard let place = oldPlace[item.id], newSectionIDs.contains(pair.old[place.section].id) else { continue }
            if place.section == oldIndex { sameSection.append(place.item) } else { movedItems += 1 }
        }
        movedItems += sameSection.count - bruteForceLISLength(sameSection)
    }
    return (movedSections, movedItems)
}

extension SectionedDiff {
    /// Replays on `pair.old`, taking inserted sections and inserted or updated items from
    /// `pair.new`.
    func replay(_ pair: DiffInputPair<[Section]>) throws(DiffReplayError) -> [Section] {
        try replay(on: pair.old, newSection: { pair.new[$0] }, newItem: { pair.new[$0.section].items[$0.item] })
    }
}

extension LinearDiff {
    /// Replays on `pair.old`, taking inserted or updated elements from `pair.new`.
    func replay(_ pair: DiffInputPair<[Item]>) throws(DiffReplayError) -> [Item] {
        try replay(on: pair.old, newElement: { pair.new[$0] })
    }
}
