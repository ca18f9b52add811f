@_spi(ListKernelTesting) public import ListKernelCore

/// The changes that turn one ordered collection into another, as one batch update in
/// UIKit's index spaces.
///
/// ```swift
/// let old = [Item(id: 1, version: 0), Item(id: 2, version: 0), Item(id: 3, version: 0)]
/// let new = [Item(id: 3, version: 0), Item(id: 1, version: 1), Item(id: 4, version: 0)]
/// let diff = try LinearDiff(from: old, to: new)
/// // deleted [1], inserted [2], moved [2 → 0], changed [reload 0 → 1]
/// ```
///
/// Index spaces and application order (UIKit's batch-update rules):
///
///     before-state (old)                       after-state (new)
///     ┌───┬───┬───┐   delete descending,       ┌───┬───┬───┐
///     │ 1 │ 2 │ 3 │   then insert ascending    │ 3 │ 1'│ 4 │
///     └───┴───┴───┘  ───────────────────────▶  └───┴───┴───┘
///       deleted, moved.from, changed.from        inserted, moved.to, changed.to
///
/// - `deleted` and every `from` of `moved` and `changed` are indexes into the old
///   collection (the before-state).
/// - `inserted` and every `to` of `moved` and `changed` are indexes into the new collection
///   (the after-state).
/// - A move is a delete at `from` plus an insert at `to` of the same element. Elements that
///   are neither deleted nor moved keep their relative order and fill the after-state slots
///   that no insert or move claims, in order. `ListKernelTesting`'s `replay(on:newElement:)`
///   applies exactly these rules.
/// - A content change means the element kept its identity but its content changed. It
///   carries both indexes and how to refresh the element (``ContentChangeKind``); an element
///   can be moved and changed at once. UIKit forbids reloading a moved element in the same
///   batch: use ``staged()`` for hosts with that restriction.
///
/// The moves are the fewest possible: the elements that are not moved form a longest
/// increasing subsequence of the matched elements' old indexes, taken in new order.
///
/// All arrays are sorted: `deleted` and `inserted` ascending, `moved` and `changed`
/// ascending by `to`.
///
/// - Complexity: computing a diff of `n` elements is O(n log n) time (O(n) when few elements
///   move) and O(n) memory; every member of this type is O(1) unless it says otherwise.
public struct LinearDiff: Hashable, Sendable, CustomStringConvertible {
    /// The number of elements in the old collection (before-state).
    public var countBefore: Int
    /// The number of elements in the new collection (after-state).
    public var countAfter: Int
    /// Indexes of removed elements, in the old collection (before-state), ascending.
    public var deleted: [Int]
    /// Indexes of added elements, in the new collection (after-state), ascending.
    public var inserted: [Int]
    /// Elements that changed position (before-state → after-state), ascending by `to`.
    public var moved: [Move<Int>]
    /// Elements whose content changed (before-state → after-state), ascending by `to`.
    public var changed: [ContentChange<Int>]

    /// Creates a diff from its parts, without checking them.
    ///
    /// Use it to build a batch by hand (tests, a host's own batches). The parts are checked
    /// where they are used: ``BatchUpdate`` validation, and `ListKernelTesting`'s
    /// `replay(on:newElement:)`, reject an inconsistent batch with a typed error.
    ///
    /// ```swift
    /// let diff = LinearDiff(countBefore: 3, countAfter: 3, deleted: [0], inserted: [2])
    /// ```
    ///
    /// - Parameters:
    ///   - countBefore: the number of elements before the update.
    ///   - countAfter: the number of elements after the update.
    ///   - deleted: before-state indexes of removed elements.
    ///   - inserted: after-state indexes of added elements.
    ///   - moved: moved elements.
    ///   - changed: elements whose content changed.
    /// - Complexity: O(1).
    @inlinable
    public init(
        countBefore: Int,
        countAfter: Int,
        deleted: [Int] = [],
        inserted: [Int] = [],
        moved: [Move<Int>] = [],
        changed: [ContentChange<Int>] = []
    ) {
        self.countBefore = countBefore
        self.countAfter = countAfter
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.changed = changed
    }

    /// Whether the diff changes nothing: no delete, insert, move or content change.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool {
        deleted.isEmpty && inserted.isEmpty && moved.isEmpty && changed.isEmpty
    }

    /// Whether the diff changes the structure (deletes, inserts or moves), not only content.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var hasStructuralChanges: Bool {
        !(deleted.isEmpty && inserted.isEmpty && moved.isEmpty)
    }

    /// A one-line summary followed by every change, for logs and test failures.
    ///
    /// - Complexity: O(changes).
    public var description: String {
        "LinearDiff(\(countBefore) → \(countAfter): deleted \(deleted), inserted \(inserted), "
            + "moved \(moved), changed \(changed))"
    }
}
