@_spi(ListKernelTesting) public import ListKernelCore

// The reloaded-section rule, in one place: a reloaded section replaces all its items, so no
// item operation may name it. `ListSnapshot.difference(from:)` applies it to the diffs it
// returns, and the conversion of any diff to a `BatchUpdate` applies it again (a hand-built
// diff may not have), so the batch validator never sees an item operation in a reloaded
// section.

extension SectionedDiff {
    /// Applies the reloaded-section rule: every item change inside a section that
    /// `changedSections` reloads is dropped (changes, deletes and inserts there), a move out
    /// of one becomes an insert at its destination, and a move into one a delete at its
    /// source. Does nothing when no section is reloaded.
    ///
    /// - Complexity: O(1) when no section is reloaded; otherwise O(k log k) for k item
    ///   changes.
    @inlinable
    package mutating func _applyReloadedSectionRule() {
        Self.applyReloadedSectionRule(
            changedSections: changedSections, deletedItems: &deletedItems, insertedItems: &insertedItems,
            movedItems: &movedItems, changedItems: &changedItems
        )
    }

    /// The rule itself, on the item changes of a diff or of its `Changes`: both apply it
    /// through this one function.
    ///
    /// - Complexity: O(1) when `changedSections` is empty; otherwise O(k log k) for k item
    ///   changes.
    @inlinable
    package static func applyReloadedSectionRule(
        changedSections: [ContentChange<Int>],
        deletedItems: inout [ItemPath], insertedItems: inout [ItemPath],
        movedItems: inout [Move<ItemPath>], changedItems: inout [ContentChange<ItemPath>]
    ) {
        guard !changedSections.isEmpty else { return }
        let reloadedBefore = Set(changedSections.map(\.from))
        let reloadedAfter = Set(changedSections.map(\.to))
        changedItems.removeAll { reloadedBefore.contains($0.from.section) || reloadedAfter.contains($0.to.section) }
        deletedItems.removeAll { reloadedBefore.contains($0.section) }
        insertedItems.removeAll { reloadedAfter.contains($0.section) }
        var moves: [Move<ItemPath>] = []
        for move in movedItems {
            switch (reloadedBefore.contains(move.from.section), reloadedAfter.contains(move.to.section)) {
            case (false, false): moves.append(move)
            case (true, false): insertedItems.append(move.to)
            case (false, true): deletedItems.append(move.from)
            case (true, true): break
            }
        }
        movedItems = moves
        deletedItems.sort()
        insertedItems.sort()
    }
}
