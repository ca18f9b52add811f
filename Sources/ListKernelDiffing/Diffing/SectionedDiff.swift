@_spi(ListKernelTesting) public import ListKernelCore

/// The changes that turn one sectioned list into another, as one batch update in UIKit's
/// index spaces: section and item deletes, inserts, moves and content changes.
///
/// ```swift
/// let diff = try SectionedDiff(from: oldSections, to: newSections)
/// for path in diff.deletedItems { … }      // before-state paths
/// for path in diff.insertedItems { … }     // after-state paths
/// ```
///
/// Index spaces (UIKit's `performBatchUpdates` rules):
///
///     before-state                 after-state
///     deletedSections              insertedSections
///     movedSections.from     ──▶   movedSections.to
///     changedSections.from         changedSections.to
///     deletedItems                 insertedItems
///     movedItems.from        ──▶   movedItems.to
///     changedItems.from            changedItems.to
///
/// Applying the batch (what `ListKernelTesting`'s `replay(on:newSection:newItem:)` does): sections are deleted
/// (descending, before-state), then inserted (ascending, after-state); a moved section
/// carries its items. Then items: deletes and move sources leave their before-state
/// sections; inserts and move destinations take their after-state slots; the remaining items
/// of each surviving section keep their relative order and fill the other slots.
///
/// Normalization rules (named, each with its own test):
/// - **Items go with their section.** The items of a deleted section are not reported as
///   deleted, and the items of an inserted section are not reported as inserted.
/// - **Moves across a deleted or inserted section become deletes or inserts.** An item
///   that leaves a deleted section for a surviving one is an insert at its after-state
///   path; an item that leaves a surviving section for an inserted one is a delete at its
///   before-state path. No content change is reported for them: they are configured fresh.
/// - **Fewest moves.** Surviving sections that are not moved form a longest increasing
///   subsequence of their old indexes; inside each surviving section, the items that stayed
///   in it and are not moved do too. Items that change section are always moves.
///
/// A section changes only by a reload (`changedSections` are all of kind `.reload`: UIKit has
/// no section reconfigure); an item change is a reload or a reconfigure. UIKit forbids a
/// reload and a move of the same item (or section) in one batch; content changes here carry
/// both paths, and ``staged()`` splits the diff for hosts with that restriction.
///
/// All arrays are sorted ascending: deletes by before-state index or path, inserts by
/// after-state index or path, moves and content changes by their after-state `to`.
///
/// - Complexity: every member is O(1) unless it says otherwise.
public struct SectionedDiff: Hashable, Sendable, CustomStringConvertible {
    /// The number of items in each section before the update; its count is the number of
    /// sections before.
    public var itemCountsBefore: [Int]
    /// The number of items in each section after the update; its count is the number of
    /// sections after.
    public var itemCountsAfter: [Int]
    /// Deleted sections (with their items), before-state indexes, ascending.
    public var deletedSections: [Int]
    /// Inserted sections (with their items), after-state indexes, ascending.
    public var insertedSections: [Int]
    /// Moved sections (with their items), ascending by `to`.
    public var movedSections: [Move<Int>]
    /// Sections whose content changed (reloaded, kind `.reload`), ascending by `to`.
    public var changedSections: [ContentChange<Int>]
    /// Deleted items, before-state paths, ascending.
    public var deletedItems: [ItemPath]
    /// Inserted items, after-state paths, ascending.
    public var insertedItems: [ItemPath]
    /// Moved items (within or across sections), ascending by `to`.
    public var movedItems: [Move<ItemPath>]
    /// Items whose content changed, ascending by `to`.
    public var changedItems: [ContentChange<ItemPath>]

    /// Creates a diff from its parts, without checking them.
    ///
    /// Use it to build a batch by hand (tests, a host's own batches). The parts are checked
    /// where they are used: ``BatchUpdate`` validation, and `ListKernelTesting`'s
    /// `replay(on:newSection:newItem:)`, reject an inconsistent batch with a typed error.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: items per section before the update.
    ///   - itemCountsAfter: items per section after the update.
    ///   - deletedSections: before-state section indexes.
    ///   - insertedSections: after-state section indexes.
    ///   - movedSections: moved sections.
    ///   - changedSections: sections to reload.
    ///   - deletedItems: before-state item paths.
    ///   - insertedItems: after-state item paths.
    ///   - movedItems: moved items.
    ///   - changedItems: items whose content changed.
    /// - Complexity: O(1).
    @inlinable
    public init(
        itemCountsBefore: [Int],
        itemCountsAfter: [Int],
        deletedSections: [Int] = [],
        insertedSections: [Int] = [],
        movedSections: [Move<Int>] = [],
        changedSections: [ContentChange<Int>] = [],
        deletedItems: [ItemPath] = [],
        insertedItems: [ItemPath] = [],
        movedItems: [Move<ItemPath>] = [],
        changedItems: [ContentChange<ItemPath>] = []
    ) {
        self.itemCountsBefore = itemCountsBefore
        self.itemCountsAfter = itemCountsAfter
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.changedSections = changedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.changedItems = changedItems
    }

    /// Whether the diff changes nothing.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { !hasStructuralChanges && changedSections.isEmpty && changedItems.isEmpty }

    /// Whether the diff deletes, inserts or moves a section or an item (not only content).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var hasStructuralChanges: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty)
    }

    /// Every change, for logs and test failures.
    ///
    /// - Complexity: O(changes + sections).
    public var description: String {
        "SectionedDiff(\(itemCountsBefore) → \(itemCountsAfter): sections deleted \(deletedSections), "
            + "inserted \(insertedSections), moved \(movedSections), changed \(changedSections); "
            + "items deleted \(deletedItems), inserted \(insertedItems), moved \(movedItems), changed \(changedItems))"
    }
}
