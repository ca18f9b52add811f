@_spi(ListKernelTesting) public import ListKernelCore

// Computing a sectioned diff:
//
//   1. match sections by id (a linear diff of section ids: deletes, inserts, fewest moves);
//   2. match items by id across the whole list, flattened in section order (one hash pass);
//   3. classify each matched item by its sections' fates:
//
//        old section │ new section │ reported as
//        ────────────┼─────────────┼─────────────────────────────────────────────
//        deleted     │ inserted    │ nothing (goes and comes with its sections)
//        deleted     │ surviving   │ insert at the after-state path
//        surviving   │ inserted    │ delete at the before-state path
//        surviving   │ the same    │ stays if in the section's longest increasing
//                    │             │ subsequence of old item indexes, else a move
//        surviving   │ another one │ move (and a content change if it changed)
//
//   4. compare content of every item that stays or moves, for content changes.

extension SectionedDiff {
    /// Computes the diff from `old` to `new`, matching sections and items by `id` and
    /// comparing matched items with `==`.
    ///
    /// A `DiffSection` carries no content of its own, so this reports no changed sections;
    /// `ListSnapshot.reloadSections` is the way to ask for them.
    ///
    /// ```swift
    /// let diff = try SectionedDiff(from: oldSections, to: newSections, contentChangesAs: .reconfigure)
    /// ```
    ///
    /// - Parameters:
    ///   - old: the sections before the update (the before-state).
    ///   - new: the sections after the update (the after-state).
    ///   - kind: the ``ContentChangeKind`` reported for items whose content changed.
    /// - Throws: `DiffError.duplicateSection` or `.duplicateItem`, naming the identifier and
    ///   both positions, when an identifier occurs twice in one input (item identifiers must
    ///   be unique across all sections). Identifiers inside the common prefix and suffix of
    ///   the flattened inputs are paired by position and not checked.
    /// - Complexity: O(S log S + n log n) time, n items and S sections in both inputs; O(n)
    ///   when few items move; O(n + S) memory.
    @inlinable
    public init<SectionID: Hashable, Item: Identifiable & Equatable>(
        from old: [DiffSection<SectionID, Item>],
        to new: [DiffSection<SectionID, Item>],
        contentChangesAs kind: ContentChangeKind = .reload
    ) throws(DiffError) {
        try self.init(from: old, to: new, itemIdentifiedBy: { $0.id }, itemContentEquals: ==, contentChangesAs: kind)
    }

    /// Computes the diff from `old` to `new`, matching sections by `id` and items by
    /// `itemIdentifiedBy`, and reporting a content change for every item that stays or moves and for
    /// which `itemContentEquals` is false.
    ///
    /// - Parameters:
    ///   - old: the sections before the update (the before-state).
    ///   - new: the sections after the update (the after-state).
    ///   - itemID: an item's identity, unique across all sections.
    ///   - itemContentEquals: whether two items with the same identity have the same content.
    ///   - kind: the ``ContentChangeKind`` reported for items whose content changed.
    /// - Throws: `DiffError.duplicateSection` or `.duplicateItem` naming the identifier and
    ///   both positions.
    /// - Complexity: O(S log S + n log n) time, O(n) when few items move; O(n + S) memory.
    @inlinable
    public init<SectionID: Hashable, Item, ItemID: Hashable>(
        from old: [DiffSection<SectionID, Item>],
        to new: [DiffSection<SectionID, Item>],
        itemIdentifiedBy itemID: (Item) -> ItemID,
        itemContentEquals: (Item, Item) -> Bool,
        contentChangesAs kind: ContentChangeKind = .reload
    ) throws(DiffError) {
        var oldItemIDs = ContiguousArray<ItemID>()
        for section in old { for item in section.items { oldItemIDs.append(itemID(item)) } }
        var newItemIDs = ContiguousArray<ItemID>()
        for section in new { for item in section.items { newItemIDs.append(itemID(item)) } }

        let result = SectionedDiff._structure(
            oldSectionIDs: ContiguousArray(old.lazy.map { $0.id }),
            newSectionIDs: ContiguousArray(new.lazy.map { $0.id }),
            itemCountsBefore: old.map { $0.items.count },
            itemCountsAfter: new.map { $0.items.count },
            oldItemIDs: oldItemIDs,
            newItemIDs: newItemIDs
        )
        let structure: _SectionedStructure
        switch result {
        case .success(let success): structure = success
        case .failure(let error): throw error
        }
        var changes: [ContentChange<ItemPath>] = []
        var flatNew = 0
        for section in new.indices {
            let newItems = new[section].items
            for item in newItems.indices {
                let flatOld = structure.survivingOld[flatNew]
                flatNew += 1
                guard flatOld >= 0 else { continue }
                let from = structure.oldPath(ofFlat: flatOld)
                if !itemContentEquals(old[from.section].items[from.item], newItems[item]) {
                    changes.append(ContentChange(from: from, to: ItemPath(section: section, item: item), kind: kind))
                }
            }
        }
        var diff = structure.diff
        diff.changedItems = changes
        self = diff
        _checkInvariants()
    }

    /// Matches sections and items by identifier and builds every change but content changes.
    ///
    /// Specialized for the caller's identifier types but never inlined: inlined into the
    /// public initializer, Swift 6.3.1's optimizer crashes (signal 4 in
    /// EarlyRedundantLoadElimination) when a client module is built with `-O`.
    ///
    /// - Returns: the structure, or `DiffError.duplicateSection` / `.duplicateItem`.
    /// - Complexity: O(S log S + n log n).
    @inlinable @inline(never)
    internal static func _structure<SectionID: Hashable, ItemID: Hashable>(
        oldSectionIDs: ContiguousArray<SectionID>,
        newSectionIDs: ContiguousArray<SectionID>,
        itemCountsBefore: [Int],
        itemCountsAfter: [Int],
        oldItemIDs: ContiguousArray<ItemID>,
        newItemIDs: ContiguousArray<ItemID>
    ) -> Result<_SectionedStructure, DiffError> {
        let sections: _Matching
        switch _matchIdentifiers(oldSectionIDs, newSectionIDs) {
        case .success(let result):
            sections = result
        case .failure(let duplicate):
            let ids = duplicate.side == .old ? oldSectionIDs : newSectionIDs
            return .failure(.duplicateSection(
                identifier: String(describing: ids[duplicate.second]),
                side: duplicate.side,
                firstIndex: duplicate.first,
                secondIndex: duplicate.second
            ))
        }
        let items: _Matching
        switch _matchIdentifiers(oldItemIDs, newItemIDs) {
        case .success(let result):
            items = result
        case .failure(let duplicate):
            let ids = duplicate.side == .old ? oldItemIDs : newItemIDs
            let counts = duplicate.side == .old ? itemCountsBefore : itemCountsAfter
            return .failure(.duplicateItem(
                identifier: String(describing: ids[duplicate.second]),
                side: duplicate.side,
                firstPath: _itemPath(ofFlat: duplicate.first, itemCounts: counts),
                secondPath: _itemPath(ofFlat: duplicate.second, itemCounts: counts)
            ))
        }
        return .success(_SectionedStructure(
            sections: sections,
            items: items,
            itemCountsBefore: itemCountsBefore,
            itemCountsAfter: itemCountsAfter
        ))
    }
}

/// The path of the `flat`-th item when sections hold `itemCounts` items.
///
/// - Complexity: O(sections).
@usableFromInline
internal func _itemPath(ofFlat flat: Int, itemCounts: [Int]) -> ItemPath {
    var remaining = flat
    for (section, count) in itemCounts.enumerated() {
        if remaining < count { return ItemPath(section: section, item: remaining) }
        remaining -= count
    }
    preconditionFailure("flat item \(flat) beyond \(itemCounts.reduce(0, +)) items")
}

/// Every change of a sectioned diff but content changes, plus what computing them needs.
@usableFromInline
internal struct _SectionedStructure {
    /// Section and item deletes, inserts and moves; no content changes yet.
    @usableFromInline var diff: SectionedDiff
    /// For each new item (flattened): the flattened old index of the same item if it stays
    /// or moves between surviving sections (so its content may have changed), else -1.
    @usableFromInline var survivingOld: [Int]
    /// The flattened index of each old section's first item; one more entry at the end.
    @usableFromInline var oldSectionStart: [Int]
    /// The old section of each flattened old item.
    @usableFromInline var oldSectionOf: [Int]

    /// The before-state path of the `flat`-th old item.
    ///
    /// - Complexity: O(1).
    @inlinable
    func oldPath(ofFlat flat: Int) -> ItemPath {
        let section = oldSectionOf[flat]
        return ItemPath(section: section, item: flat - oldSectionStart[section])
    }

    /// Classifies every item by its sections' fates and picks the fewest moves.
    ///
    /// - Complexity: O(S log S + n log n), O(S + n) when few items move.
    @usableFromInline
    init(sections: _Matching, items: _Matching, itemCountsBefore: [Int], itemCountsAfter: [Int]) {
        let sectionDiff = LinearDiff._assemble(sections)
        var diff = SectionedDiff(
            itemCountsBefore: itemCountsBefore,
            itemCountsAfter: itemCountsAfter,
            deletedSections: sectionDiff.deleted,
            insertedSections: sectionDiff.inserted,
            movedSections: sectionDiff.moved
        )
        let sectionOldToNew = sections.oldToNew
        let sectionNewToOld = sections.newToOld
        let itemOldToNew = items.oldToNew
        let itemNewToOld = items.newToOld

        let oldStart = Self.starts(itemCountsBefore)
        let newStart = Self.starts(itemCountsAfter)
        let oldSectionOf = Self.sectionOf(itemCountsBefore, total: itemOldToNew.count)
        let newSectionOf = Self.sectionOf(itemCountsAfter, total: itemNewToOld.count)

        // Deletes: items of surviving sections that are gone or went into an inserted section.
        for section in sectionOldToNew.indices where sectionOldToNew[section] >= 0 {
            for flat in oldStart[section]..<oldStart[section + 1] {
                let flatNew = itemOldToNew[flat]
                if flatNew < 0 || sectionNewToOld[newSectionOf[flatNew]] < 0 {
                    diff.deletedItems.append(ItemPath(section: section, item: flat - oldStart[section]))
                }
            }
        }

        // Inserts and moves, section by section in after-state order.
        var survivingOld = [Int](repeating: -1, count: itemNewToOld.count)
        var matched: [Int] = []      // flattened new indexes of the items that stay or move
        var sameSection: [Int] = []  // old item indexes of those that stayed in their section
        for section in sectionNewToOld.indices {
            let oldSection = sectionNewToOld[section]
            guard oldSection >= 0 else { continue }  // inserted: its items come with it
            matched.removeAll(keepingCapacity: true)
            sameSection.removeAll(keepingCapacity: true)
            for flatNew in newStart[section]..<newStart[section + 1] {
                let flatOld = itemNewToOld[flatNew]
                guard flatOld >= 0, sectionOldToNew[oldSectionOf[flatOld]] >= 0 else {
                    diff.insertedItems.append(ItemPath(section: section, item: flatNew - newStart[section]))
                    continue
                }
                survivingOld[flatNew] = flatOld
                matched.append(flatNew)
                if oldSectionOf[flatOld] == oldSection { sameSection.append(flatOld - oldStart[oldSection]) }
            }
            let stays = _longestIncreasingSubsequenceMembers(sameSection)
            var k = 0
            for flatNew in matched {
                let flatOld = itemNewToOld[flatNew]
                let from = oldSectionOf[flatOld]
                if from == oldSection {
                    let isInSubsequence = stays[k]
                    k += 1
                    if isInSubsequence { continue }
                }
                diff.movedItems.append(
                    Move(
                        from: ItemPath(section: from, item: flatOld - oldStart[from]),
                        to: ItemPath(section: section, item: flatNew - newStart[section])
                    )
                )
            }
        }

        self.diff = diff
        self.survivingOld = survivingOld
        self.oldSectionStart = oldStart
        self.oldSectionOf = oldSectionOf
    }

    /// Prefix sums: the flattened index of each section's first item, then the total.
    private static func starts(_ counts: [Int]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        return starts
    }

    /// The section of each flattened item.
    private static func sectionOf(_ counts: [Int], total: Int) -> [Int] {
        var sectionOf: [Int] = []
        sectionOf.reserveCapacity(total)
        for (section, count) in counts.enumerated() {
            sectionOf.append(contentsOf: repeatElement(section, count: count))
        }
        return sectionOf
    }
}
