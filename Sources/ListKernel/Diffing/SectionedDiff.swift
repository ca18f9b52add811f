/// The changes that turn one sectioned list into another, as one batch update in UIKit's
/// index spaces: section and item deletes, inserts, moves and updates.
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
///     sectionMoves.from      ──▶   sectionMoves.to
///     deletedItems                 insertedItems
///     itemMoves.from               itemMoves.to
///     *Updates.from                *Updates.to
///
/// Applying the batch (what ``replay(on:newSection:newItem:)`` does): sections are deleted
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
///   before-state path. No update is reported for them: they are configured fresh.
/// - **Fewest moves.** Surviving sections that are not moved form a longest increasing
///   subsequence of their old indexes; inside each surviving section, the items that stayed
///   in it and are not moved do too. Items that change section are always moves.
///
/// UIKit forbids an update and a move of the same item (or section) in one batch; updates
/// here carry both paths, and ``staged()`` splits the diff for hosts with that restriction.
///
/// All arrays are sorted ascending: deletes by before-state index or path, inserts by
/// after-state index or path, moves and updates by their after-state `to`.
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
    public var sectionMoves: [Move<Int>]
    /// Sections to refresh, ascending by `to`.
    public var sectionUpdates: [ContentChange<Int>]
    /// Deleted items, before-state paths, ascending.
    public var deletedItems: [ItemPath]
    /// Inserted items, after-state paths, ascending.
    public var insertedItems: [ItemPath]
    /// Moved items (within or across sections), ascending by `to`.
    public var itemMoves: [Move<ItemPath>]
    /// Updated items, ascending by `to`.
    public var itemUpdates: [ContentChange<ItemPath>]

    /// Creates a diff from its parts, without checking them.
    ///
    /// Use it to build a batch by hand (tests, a host's own batches). The parts are checked
    /// where they are used: ``replay(on:newSection:newItem:)`` rejects an inconsistent batch
    /// with a typed error.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: items per section before the update.
    ///   - itemCountsAfter: items per section after the update.
    ///   - deletedSections: before-state section indexes.
    ///   - insertedSections: after-state section indexes.
    ///   - sectionMoves: moved sections.
    ///   - sectionUpdates: sections to refresh.
    ///   - deletedItems: before-state item paths.
    ///   - insertedItems: after-state item paths.
    ///   - itemMoves: moved items.
    ///   - itemUpdates: updated items.
    /// - Complexity: O(1).
    @inlinable
    public init(
        itemCountsBefore: [Int],
        itemCountsAfter: [Int],
        deletedSections: [Int] = [],
        insertedSections: [Int] = [],
        sectionMoves: [Move<Int>] = [],
        sectionUpdates: [ContentChange<Int>] = [],
        deletedItems: [ItemPath] = [],
        insertedItems: [ItemPath] = [],
        itemMoves: [Move<ItemPath>] = [],
        itemUpdates: [ContentChange<ItemPath>] = []
    ) {
        self.itemCountsBefore = itemCountsBefore
        self.itemCountsAfter = itemCountsAfter
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.sectionMoves = sectionMoves
        self.sectionUpdates = sectionUpdates
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.itemMoves = itemMoves
        self.itemUpdates = itemUpdates
    }

    /// Whether the diff changes nothing.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { !hasStructuralChanges && sectionUpdates.isEmpty && itemUpdates.isEmpty }

    /// Whether the diff deletes, inserts or moves a section or an item (not only updates).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var hasStructuralChanges: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && sectionMoves.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && itemMoves.isEmpty)
    }

    /// Every change, for logs and test failures.
    ///
    /// - Complexity: O(changes + sections).
    public var description: String {
        "SectionedDiff(\(itemCountsBefore) → \(itemCountsAfter): sections delete \(deletedSections), "
            + "insert \(insertedSections), move \(sectionMoves), update \(sectionUpdates); "
            + "items delete \(deletedItems), insert \(insertedItems), move \(itemMoves), update \(itemUpdates))"
    }
}
