@_spi(ListKernelTesting) public import ListKernelCore

extension ListSnapshot {
    /// The batch update that turns `old` into this snapshot, in UIKit's index spaces, with
    /// the marks of this snapshot turned into content changes.
    ///
    /// ```swift
    /// var next = current
    /// try next.deleteItems([3])
    /// try next.reconfigureItems([5])
    /// let diff = next.difference(from: current)
    /// // diff.deletedItems == [path of 3 in current]
    /// // diff.changedItems == [reconfigure: path of 5 in current → path of 5 in next]
    /// ```
    ///
    /// Structure comes from `SectionedDiff`'s matching by identifier (see its rules: items go
    /// with their deleted or inserted section, fewest moves). Content changes come only from
    /// marks, since a snapshot holds identifiers, not content:
    /// - an item marked with `reloadItems` gives a content change of kind `.reload`, one
    ///   marked with `reconfigureItems` (and not for reload) one of kind `.reconfigure`, when
    ///   the item is in `old` too and neither its old nor its new section is deleted or
    ///   inserted (otherwise it is already deleted or inserted, and configured fresh);
    /// - a section marked with `reloadSections` gives a changed section (kind `.reload`) when
    ///   it is in `old` too.
    ///
    /// Marks in `old` are ignored: they belonged to the update that produced `old`.
    ///
    /// This does not throw: a snapshot's identifiers are unique by construction.
    ///
    /// - Parameter old: the snapshot currently shown (the before-state).
    /// - Returns: the batch from `old` to `self`.
    /// - Complexity: O(S log S + n log n + marks log marks), O(S + n + marks log marks) when
    ///   few items move; n items of both snapshots.
    @inlinable
    public func difference(from old: ListSnapshot) -> SectionedDiff {
        var oldItemIDs = ContiguousArray<ItemID>()
        oldItemIDs.reserveCapacity(old.numberOfItems)
        for section in old._sections { section.items.forEachRun { oldItemIDs.append(contentsOf: $0) } }
        var newItemIDs = ContiguousArray<ItemID>()
        newItemIDs.reserveCapacity(numberOfItems)
        for section in _sections { section.items.forEachRun { newItemIDs.append(contentsOf: $0) } }

        let result = SectionedDiff._structure(
            oldSectionIDs: ContiguousArray(old._sections.lazy.map { $0.id }),
            newSectionIDs: ContiguousArray(_sections.lazy.map { $0.id }),
            itemCountsBefore: old._sections.map { $0.items.count },
            itemCountsAfter: _sections.map { $0.items.count },
            oldItemIDs: oldItemIDs,
            newItemIDs: newItemIDs
        )
        var diff: SectionedDiff
        switch result {
        case .success(let structure): diff = structure.diff
        case .failure(let error): preconditionFailure("a ListSnapshot holds a duplicate identifier: \(error)")
        }
        diff.changedItems = _markedItemChanges(from: old)
        diff.changedSections = _markedSectionChanges(from: old)
        diff._applyReloadedSectionRule()
        diff._checkInvariants()
        return diff
    }

    /// The item changes this snapshot's marks give against `old`, ascending by `to`.
    ///
    /// - Complexity: O(marks log marks).
    @usableFromInline
    internal func _markedItemChanges(from old: ListSnapshot) -> [ContentChange<ItemPath>] {
        var changes: [ContentChange<ItemPath>] = []
        func add(_ item: ItemID, _ kind: ContentChangeKind) {
            guard let now = _locate(item), let before = old._locate(item),
                  _sectionIndex[before.section] != nil, old._sectionIndex[now.section] != nil
            else { return }
            changes.append(
                ContentChange(
                    from: ItemPath(section: before.position, item: before.index),
                    to: ItemPath(section: now.position, item: now.index),
                    kind: kind
                )
            )
        }
        for item in _reloadedItems { add(item, .reload) }
        for item in _reconfiguredItems where !_reloadedItems.contains(item) { add(item, .reconfigure) }
        // (Sorting even an empty array makes its storage unique: an allocation, for the
        // usual apply with nothing marked.)
        if changes.count > 1 { changes.sort { $0.to < $1.to } }
        return changes
    }

    /// The section changes this snapshot's marks give against `old`, ascending by `to`.
    ///
    /// (Item changes inside those sections are folded into them by
    /// `SectionedDiff._applyReloadedSectionRule()`.)
    ///
    /// - Complexity: O(marks log marks).
    @usableFromInline
    internal func _markedSectionChanges(from old: ListSnapshot) -> [ContentChange<Int>] {
        var changes: [ContentChange<Int>] = []
        for section in _reloadedSections {
            if let from = old._sectionIndex[section], let to = _sectionIndex[section] {
                changes.append(ContentChange(from: from, to: to, kind: .reload))
            }
        }
        if changes.count > 1 { changes.sort { $0.to < $1.to } }   // (see `_markedItemChanges`)
        return changes
    }
}
