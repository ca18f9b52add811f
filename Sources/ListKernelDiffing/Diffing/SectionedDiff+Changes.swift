@_spi(ListKernelTesting) public import ListKernelCore

extension SectionedDiff {
    /// A diff's changes without its item counts: what turning a diff into a batch reads, and
    /// what an incremental snapshot difference computes without visiting every section (a
    /// diff's counts cost O(S) to produce).
    @usableFromInline
    package struct Changes: Equatable, Sendable {
        @usableFromInline package var deletedSections: [Int] = []
        @usableFromInline package var insertedSections: [Int] = []
        @usableFromInline package var movedSections: [Move<Int>] = []
        @usableFromInline package var changedSections: [ContentChange<Int>] = []
        @usableFromInline package var deletedItems: [ItemPath] = []
        @usableFromInline package var insertedItems: [ItemPath] = []
        @usableFromInline package var movedItems: [Move<ItemPath>] = []
        @usableFromInline package var changedItems: [ContentChange<ItemPath>] = []

        /// No changes.
        ///
        /// - Complexity: O(1).
        @inlinable
        package init() {}

        /// Applies the reloaded-section rule (see `SectionedDiff._applyReloadedSectionRule()`).
        ///
        /// - Complexity: O(1) when no section is reloaded; otherwise O(k log k).
        @inlinable
        package mutating func applyReloadedSectionRule() {
            SectionedDiff.applyReloadedSectionRule(
                changedSections: changedSections, deletedItems: &deletedItems, insertedItems: &insertedItems,
                movedItems: &movedItems, changedItems: &changedItems
            )
        }
    }

    /// The diff's changes, without its counts.
    ///
    /// - Complexity: O(1) (the arrays are shared).
    @inlinable
    package var changes: Changes {
        var changes = Changes()
        changes.deletedSections = deletedSections
        changes.insertedSections = insertedSections
        changes.movedSections = movedSections
        changes.changedSections = changedSections
        changes.deletedItems = deletedItems
        changes.insertedItems = insertedItems
        changes.movedItems = movedItems
        changes.changedItems = changedItems
        return changes
    }
}
