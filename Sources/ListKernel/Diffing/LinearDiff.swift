/// The changes that turn one ordered collection into another, as one batch update in
/// UIKit's index spaces.
///
/// ```swift
/// let old = [Item(id: 1, version: 0), Item(id: 2, version: 0), Item(id: 3, version: 0)]
/// let new = [Item(id: 3, version: 0), Item(id: 1, version: 1), Item(id: 4, version: 0)]
/// let diff = try LinearDiff(from: old, to: new)
/// // deletedIndices [1], insertedIndices [2], moves [2 → 0], updates [0 → 1]
/// ```
///
/// Index spaces and application order (UIKit's batch-update rules):
///
///     before-state (old)                       after-state (new)
///     ┌───┬───┬───┐   delete descending,       ┌───┬───┬───┐
///     │ 1 │ 2 │ 3 │   then insert ascending    │ 3 │ 1'│ 4 │
///     └───┴───┴───┘  ───────────────────────▶  └───┴───┴───┘
///       deletedIndices, moves.from               insertedIndices, moves.to
///
/// - `deletedIndices` and every `Move.from` / `Update.from` are indexes into the old
///   collection (the before-state).
/// - `insertedIndices` and every `Move.to` / `Update.to` are indexes into the new collection
///   (the after-state).
/// - A move is a delete at `from` plus an insert at `to` of the same element. Elements that
///   are neither deleted nor moved keep their relative order and fill the after-state slots
///   that no insert or move claims, in order. ``replay(on:newElement:)`` applies exactly these
///   rules.
/// - An update means the element kept its identity but its content changed. It carries both
///   indexes; an element can be moved and updated at once. UIKit forbids reloading a moved
///   element in the same batch: use ``staged()`` for hosts with that restriction.
///
/// The moves are the fewest possible: the elements that are not moved form a longest
/// increasing subsequence of the matched elements' old indexes, taken in new order.
///
/// All arrays are sorted: `deletedIndices` and `insertedIndices` ascending, `moves` and
/// `updates` ascending by `to`.
///
/// - Complexity: computing a diff of `n` elements is O(n log n) time (O(n) when few elements
///   move) and O(n) memory; every member of this type is O(1) unless it says otherwise.
public struct LinearDiff: Hashable, Sendable, CustomStringConvertible {
    /// The number of elements in the old collection (before-state).
    public var countBefore: Int
    /// The number of elements in the new collection (after-state).
    public var countAfter: Int
    /// Indexes of removed elements, in the old collection (before-state), ascending.
    public var deletedIndices: [Int]
    /// Indexes of added elements, in the new collection (after-state), ascending.
    public var insertedIndices: [Int]
    /// Elements that changed position (before-state → after-state), ascending by `to`.
    public var moves: [Move<Int>]
    /// Elements whose content changed, ascending by `to`.
    public var updates: [ContentChange<Int>]

    /// Creates a diff from its parts, without checking them.
    ///
    /// Use it to build a batch by hand (tests, a host's own batches). The parts are checked
    /// where they are used: ``replay(on:newElement:)`` rejects an inconsistent batch with a
    /// typed error.
    ///
    /// - Parameters:
    ///   - countBefore: the number of elements before the update.
    ///   - countAfter: the number of elements after the update.
    ///   - deletedIndices: before-state indexes of removed elements.
    ///   - insertedIndices: after-state indexes of added elements.
    ///   - moves: moved elements.
    ///   - updates: elements whose content changed.
    /// - Complexity: O(1).
    @inlinable
    public init(
        countBefore: Int,
        countAfter: Int,
        deletedIndices: [Int] = [],
        insertedIndices: [Int] = [],
        moves: [Move<Int>] = [],
        updates: [ContentChange<Int>] = []
    ) {
        self.countBefore = countBefore
        self.countAfter = countAfter
        self.deletedIndices = deletedIndices
        self.insertedIndices = insertedIndices
        self.moves = moves
        self.updates = updates
    }

    /// Whether the diff changes nothing: no delete, insert, move or update.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool {
        deletedIndices.isEmpty && insertedIndices.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// Whether the diff changes the structure (deletes, inserts or moves), not only content.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var hasStructuralChanges: Bool {
        !(deletedIndices.isEmpty && insertedIndices.isEmpty && moves.isEmpty)
    }

    /// A one-line summary followed by every change, for logs and test failures.
    ///
    /// - Complexity: O(changes).
    public var description: String {
        "LinearDiff(\(countBefore) → \(countAfter): delete \(deletedIndices), insert \(insertedIndices), "
            + "move \(moves), update \(updates))"
    }
}
