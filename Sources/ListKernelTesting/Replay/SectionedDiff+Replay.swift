public import ListKernel

// Replaying a sectioned batch with UIKit's rules, independently of how it was computed:
//
//   sections: deletes and move sources leave, inserts and move destinations take their
//             after-state slots, survivors fill the rest in order; a moved section carries
//             its items;
//   items:    in each surviving section, deletes and move sources leave, inserts and move
//             destinations take their after-state slots, and the remaining items of the
//             section's before-state self fill the other slots in order;
//   inserted and reloaded sections come whole from the new state (a reload replaces the
//   section, and may change its item count, as UIKit's reloadSections does); no item change
//   may touch a deleted, an inserted or a reloaded section.

extension SectionedDiff {
    /// Applies the diff to `old` with UIKit's batch-update rules and returns the after-state.
    ///
    /// Sections and items that survive or move come from `old`. Inserted and reloaded
    /// sections come whole from `newSection` (a reload replaces the section, as UIKit's
    /// `reloadSections` does); inserted and changed items come from `newItem`, asked once per
    /// such after-state path. Every rule is checked first, so a batch UIKit would reject is
    /// reported and nothing is built.
    ///
    /// ```swift
    /// let result = try diff.replay(on: old, newSection: { new[$0] }, newItem: { new[$0.section].items[$0.item] })
    /// assert(result == new)
    /// ```
    ///
    /// - Parameters:
    ///   - old: the before-state; its item counts must be `itemCountsBefore`.
    ///   - newSection: the after-state section at an index, for inserted sections.
    ///   - newItem: the after-state item at a path, for inserted and changed items.
    /// - Returns: the after-state.
    /// - Throws: `DiffReplayError` naming the broken rule, the sections, paths and counts.
    /// - Complexity: O(S + n + c): sections, items and changes of both states.
    public func replay<SectionID, Item>(
        on old: [DiffSection<SectionID, Item>],
        newSection: (_ afterIndex: Int) -> DiffSection<SectionID, Item>,
        newItem: (_ afterPath: ItemPath) -> Item
    ) throws(DiffReplayError) -> [DiffSection<SectionID, Item>] {
        guard old.count == itemCountsBefore.count else {
            throw DiffReplayError(.shapeMismatch, "the batch is for \(itemCountsBefore.count) sections, the collection has \(old.count)")
        }
        for (section, count) in itemCountsBefore.enumerated() where old[section].items.count != count {
            throw DiffReplayError(
                .shapeMismatch,
                "the batch is for \(count) items in section \(section), the collection has \(old[section].items.count)"
            )
        }
        let plan = try _SectionedReplayPlan(self)

        var result: [DiffSection<SectionID, Item>] = []
        result.reserveCapacity(itemCountsAfter.count)
        for section in itemCountsAfter.indices {
            let oldSection = plan.sections.source[section]
            guard oldSection >= 0, !plan.isReloadedAfter[section] else {
                let replaced = newSection(section)
                let what = oldSection >= 0 ? "reloaded" : "inserted"
                guard replaced.items.count == itemCountsAfter[section] else {
                    throw DiffReplayError(
                        .shapeMismatch,
                        "\(what) section \(section) has \(replaced.items.count) items, the batch says \(itemCountsAfter[section])"
                    )
                }
                result.append(replaced)
                continue
            }
            var items: [Item] = []
            items.reserveCapacity(itemCountsAfter[section])
            for (item, source) in plan.itemSource[section].enumerated() {
                let path = ItemPath(section: section, item: item)
                if source.section < 0 || plan.isChanged[section][item] {
                    items.append(newItem(path))
                } else {
                    items.append(old[source.section].items[source.item])
                }
            }
            result.append(DiffSection(id: old[oldSection].id, items: items))
        }
        return result
    }
}

/// Where each after-state section and item of a sectioned batch comes from, after checking
/// the batch.
internal struct _SectionedReplayPlan {
    /// The section-level plan: each after-state section's before-state index, or -1.
    var sections: _ReplayPlan
    /// For each after-state section that is not inserted, each slot's before-state path
    /// (section -1 for an inserted item). Empty for inserted sections.
    var itemSource: [[ItemPath]]
    /// For each after-state section, whether a content change names each slot.
    var isChanged: [[Bool]]
    /// For each after-state section, whether a section change (a reload) replaces it whole.
    var isReloadedAfter: [Bool]

    /// Checks `diff` against UIKit's rules and resolves every after-state slot, in four
    /// steps: the section plan, the item operations' claims, each surviving section's slots,
    /// then the item content changes.
    ///
    /// - Complexity: O(S + n + c).
    init(_ diff: SectionedDiff) throws(DiffReplayError) {
        let frame = try _SectionFrame(diff)
        sections = frame.plan
        isReloadedAfter = frame.isReloadedAfter
        var claims = _ItemClaims(frame)
        for path in diff.deletedItems { try claims.delete(path) }
        for move in diff.movedItems { try claims.move(move) }
        for path in diff.insertedItems { try claims.insert(path) }
        itemSource = try claims.resolvedSlots()
        isChanged = try claims.changedSlots(diff.changedItems, itemSource: itemSource)
    }
}

/// The section level of a sectioned batch, checked: which before-state section each
/// after-state section comes from, and which sections are deleted or reloaded.
internal struct _SectionFrame {
    let countsBefore: [Int]
    let countsAfter: [Int]
    let plan: _ReplayPlan
    var isDeleted: [Bool]
    var isReloadedBefore: [Bool]
    var isReloadedAfter: [Bool]

    /// - Complexity: O(S + c).
    init(_ diff: SectionedDiff) throws(DiffReplayError) {
        countsBefore = diff.itemCountsBefore
        countsAfter = diff.itemCountsAfter
        guard countsBefore.allSatisfy({ $0 >= 0 }), countsAfter.allSatisfy({ $0 >= 0 }) else {
            throw DiffReplayError(.shapeMismatch, "negative item count: \(countsBefore) before, \(countsAfter) after")
        }
        // A section has one way to change: a reload (UIKit has no section reconfigure).
        if let change = diff.changedSections.first(where: { $0.kind != .reload }) {
            throw DiffReplayError(
                .inconsistentContentChange,
                "section content change \(change.from) → \(change.to) is a \(change.kind), but a section can only be reloaded"
            )
        }
        plan = try _ReplayPlan(
            countBefore: countsBefore.count,
            countAfter: countsAfter.count,
            deleted: diff.deletedSections,
            inserted: diff.insertedSections,
            moved: diff.movedSections.map { ($0.from, $0.to) },
            changed: diff.changedSections.map { ($0.from, $0.to) },
            what: "section"
        )
        isDeleted = [Bool](repeating: false, count: countsBefore.count)
        for section in diff.deletedSections { isDeleted[section] = true }
        isReloadedBefore = [Bool](repeating: false, count: countsBefore.count)
        isReloadedAfter = [Bool](repeating: false, count: countsAfter.count)
        for change in diff.changedSections {
            isReloadedBefore[change.from] = true
            isReloadedAfter[change.to] = true
        }
        // A surviving section can gain at most the items inserted or moved anywhere: checked
        // before anything is allocated per item, so a hand-built diff with a huge count is
        // reported, not allocated.
        let arriving = diff.insertedItems.count + diff.movedItems.count
        for section in countsAfter.indices where hasItems(section) {
            let before = countsBefore[plan.source[section]]
            guard countsAfter[section] <= before + arriving else {
                throw DiffReplayError(
                    .countMismatch,
                    "section \(section) (section \(plan.source[section]) before) has \(countsAfter[section]) items after; "
                        + "it had \(before) before, and the batch inserts or moves only \(arriving) items in all"
                )
            }
        }
    }

    /// Whether after-state section `section` keeps items of its own (it survives and is not
    /// reloaded); inserted and reloaded sections come whole from the new state, and no item
    /// operation may name them.
    ///
    /// - Complexity: O(1).
    func hasItems(_ section: Int) -> Bool { plan.source[section] >= 0 && !isReloadedAfter[section] }
}

/// The item operations of a sectioned batch, checked one by one as they claim before-state
/// items and after-state slots.
internal struct _ItemClaims {
    private enum Role: UInt8 { case survivor, deleted, moveSource }
    private let frame: _SectionFrame
    /// Each before-state item's role.
    private var role: [[Role]]
    /// Each after-state slot's claim: nil free, (-1, -1) inserted, else a move's source.
    private var claim: [[ItemPath?]]
    private var deleted: [Int]
    private var movedOut: [Int]
    private var inserted: [Int]
    private var movedIn: [Int]

    /// - Complexity: O(S + n).
    init(_ frame: _SectionFrame) {
        self.frame = frame
        role = frame.countsBefore.map { [Role](repeating: .survivor, count: $0) }
        claim = frame.countsAfter.indices.map {
            [ItemPath?](repeating: nil, count: frame.hasItems($0) ? frame.countsAfter[$0] : 0)
        }
        deleted = [Int](repeating: 0, count: frame.countsBefore.count)
        movedOut = deleted
        inserted = [Int](repeating: 0, count: frame.countsAfter.count)
        movedIn = inserted
    }

    /// - Complexity: O(1).
    mutating func delete(_ path: ItemPath) throws(DiffReplayError) {
        try checkBefore(path, "item delete at")
        role[path.section][path.item] = .deleted
        deleted[path.section] += 1
    }

    /// - Complexity: O(1).
    mutating func move(_ move: Move<ItemPath>) throws(DiffReplayError) {
        try checkBefore(move.from, "item move from")
        try checkAfter(move.to, "item move \(move.from) → \(move.to) to")
        role[move.from.section][move.from.item] = .moveSource
        claim[move.to.section][move.to.item] = move.from
        movedOut[move.from.section] += 1
        movedIn[move.to.section] += 1
    }

    /// - Complexity: O(1).
    mutating func insert(_ path: ItemPath) throws(DiffReplayError) {
        try checkAfter(path, "item insert at")
        claim[path.section][path.item] = ItemPath(section: -1, item: -1)
        inserted[path.section] += 1
    }

    /// Each surviving section's slots, after checking that its counts balance: claimed
    /// slots take their claim, the others the section's survivors in order.
    ///
    /// - Complexity: O(S + n).
    func resolvedSlots() throws(DiffReplayError) -> [[ItemPath]] {
        var itemSource = [[ItemPath]](repeating: [], count: frame.countsAfter.count)
        for section in frame.countsAfter.indices where frame.hasItems(section) {
            let oldSection = frame.plan.source[section]
            let before = frame.countsBefore[oldSection]
            let after = frame.countsAfter[section]
            let survivors = before - deleted[oldSection] - movedOut[oldSection]
            guard survivors == after - inserted[section] - movedIn[section] else {
                throw DiffReplayError(
                    .countMismatch,
                    "section \(section) (section \(oldSection) before) has \(after) items after; it must equal "
                        + "\(before) before - \(deleted[oldSection]) deleted - \(movedOut[oldSection]) moved out "
                        + "+ \(inserted[section]) inserted + \(movedIn[section]) moved in = "
                        + "\(survivors + inserted[section] + movedIn[section])"
                )
            }
            var slots: [ItemPath] = []
            slots.reserveCapacity(after)
            var next = 0
            for slot in claim[section] {
                if let claimed = slot {
                    slots.append(claimed)
                } else {
                    while role[oldSection][next] != .survivor { next += 1 }
                    slots.append(ItemPath(section: oldSection, item: next))
                    next += 1
                }
            }
            itemSource[section] = slots
        }
        return itemSource
    }

    /// Which after-state slots a content change names, after checking that each change
    /// names, at its `to`, the item it names at its `from`, once.
    ///
    /// - Complexity: O(S + n + c).
    func changedSlots(_ changes: [ContentChange<ItemPath>], itemSource: [[ItemPath]]) throws(DiffReplayError) -> [[Bool]] {
        let countsBefore = frame.countsBefore
        let countsAfter = frame.countsAfter
        var isChanged = countsAfter.indices.map { [Bool](repeating: false, count: frame.hasItems($0) ? countsAfter[$0] : 0) }
        for change in changes {
            let text = "item content change \(change.from) → \(change.to)"
            guard change.from.section >= 0 && change.from.section < countsBefore.count
                && change.from.item >= 0 && change.from.item < countsBefore[change.from.section]
                && change.to.section >= 0 && change.to.section < countsAfter.count
                && change.to.item >= 0 && change.to.item < countsAfter[change.to.section]
            else {
                throw DiffReplayError(.indexOutOfRange, "\(text): a path is outside its state (\(countsBefore) before, \(countsAfter) after)")
            }
            guard frame.plan.source[change.to.section] >= 0 else {
                throw DiffReplayError(.changeInInsertedSection, "\(text), but section \(change.to.section) is inserted")
            }
            guard !frame.isReloadedAfter[change.to.section] else {
                throw DiffReplayError(.changeInInsertedSection, "\(text), but section \(change.to.section) is reloaded")
            }
            let actual = itemSource[change.to.section][change.to.item]
            guard actual == change.from else {
                let holds = actual.section < 0 ? "is inserted" : "holds before-state item \(actual)"
                throw DiffReplayError(.inconsistentContentChange, "\(text), but after-state \(change.to) \(holds)")
            }
            guard !isChanged[change.to.section][change.to.item] else {
                throw DiffReplayError(.indexReused, "\(text) is changed twice")
            }
            isChanged[change.to.section][change.to.item] = true
        }
        return isChanged
    }

    /// - Complexity: O(1).
    private func checkBefore(_ path: ItemPath, _ what: String) throws(DiffReplayError) {
        let countsBefore = frame.countsBefore
        guard path.section >= 0 && path.section < countsBefore.count else {
            throw DiffReplayError(.indexOutOfRange, "\(what) \(path), but the before-state has \(countsBefore.count) sections")
        }
        guard !frame.isDeleted[path.section] else {
            throw DiffReplayError(.changeInDeletedSection, "\(what) \(path), but section \(path.section) is deleted")
        }
        guard !frame.isReloadedBefore[path.section] else {
            throw DiffReplayError(.changeInDeletedSection, "\(what) \(path), but section \(path.section) is reloaded, and its items go with it")
        }
        guard path.item >= 0 && path.item < countsBefore[path.section] else {
            throw DiffReplayError(
                .indexOutOfRange,
                "\(what) \(path), but before-state section \(path.section) has \(countsBefore[path.section]) items"
            )
        }
        guard role[path.section][path.item] == .survivor else {
            let earlier = role[path.section][path.item] == .deleted ? "deleted" : "a move source"
            throw DiffReplayError(.indexReused, "\(what) \(path), which is already \(earlier)")
        }
    }

    /// - Complexity: O(1).
    private func checkAfter(_ path: ItemPath, _ what: String) throws(DiffReplayError) {
        let countsAfter = frame.countsAfter
        guard path.section >= 0 && path.section < countsAfter.count else {
            throw DiffReplayError(.indexOutOfRange, "\(what) \(path), but the after-state has \(countsAfter.count) sections")
        }
        guard frame.plan.source[path.section] >= 0 else {
            throw DiffReplayError(.changeInInsertedSection, "\(what) \(path), but section \(path.section) is inserted")
        }
        guard !frame.isReloadedAfter[path.section] else {
            throw DiffReplayError(.changeInInsertedSection, "\(what) \(path), but section \(path.section) is reloaded, and takes its items from the new state")
        }
        guard path.item >= 0 && path.item < countsAfter[path.section] else {
            throw DiffReplayError(
                .indexOutOfRange,
                "\(what) \(path), but after-state section \(path.section) has \(countsAfter[path.section]) items"
            )
        }
        if let earlier = claim[path.section][path.item] {
            let text = earlier.section < 0 ? "inserted" : "the destination of a move from \(earlier)"
            throw DiffReplayError(.indexReused, "\(what) \(path), which is already \(text)")
        }
    }
}
