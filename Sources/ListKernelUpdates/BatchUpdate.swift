@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// A batch of changes to a sectioned list, collected as a value and checked as a whole, with
/// the index spaces of UIKit's `performBatchUpdates`.
///
/// ```swift
/// var update = BatchUpdate()
/// update.deleteItems(at: [ItemPath(section: 0, item: 1)])      // before the update
/// update.insertItems(at: [ItemPath(section: 0, item: 0)])      // after the update
/// update.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 0))
/// let checked = try update.validated(itemCountsBefore: [4, 2], itemCountsAfter: [3, 3])
/// checked.newPath(forOld: ItemPath(section: 0, item: 0))       // [0, 1]
/// ```
///
/// Index spaces (each operation is checked in the space it uses):
///
///     before the update                         after the update
///     ─────────────────                         ────────────────
///     deleteItems, deleteSections               insertItems, insertSections
///     reloadItems, reloadSections               moveItem(… to:), moveSection(… to:)
///     reconfigureItems
///     moveItem(from: …), moveSection(from: …)
///
/// The order of calls inside a batch does not matter: a batch is a set of facts about two
/// states, not a script. Items that no operation names keep their relative order; inserted
/// items and move destinations land exactly at the after-update paths given, and the
/// untouched items fill the remaining places in order. A reloaded item or section keeps its
/// place among the untouched ones.
///
/// Rules the validator enforces (UIKit's, plus the ones UIKit leaves as crashes or silent
/// misbehaviour; each has its own `UpdateError` case and test):
/// - sections: `after.count == before.count + inserted − deleted`;
/// - every section that survives and is not reloaded: `after = before + inserted − deleted
///   + moved in − moved out` (a move inside one section counts as one in and one out);
/// - a reloaded section may report any count: all its items are replaced, so no item
///   operation may name it (this is how collapse-by-reload works);
/// - an inserted section takes all its items from the data source, so no item may be
///   inserted or moved into it in the same batch (UIKit's count check would count them
///   twice);
/// - no item operation may address a deleted section, and no item may move out of one;
/// - a reload or reconfigure of items never changes a count;
/// - any two operations on one path in the same space conflict, the same operation twice
///   included (delete + reload, delete + move, reload + move, reconfigure + any of those,
///   insert + move to, two moves from or to one path); likewise for sections;
/// - a section that moves keeps its items: they are addressed by its old index in
///   before-space operations and by its new index in after-space ones.
///
/// Nested batches flatten into the outermost one: all of them use the outermost batch's
/// before and after states, so `merge(_:)` just collects the operations.
///
/// - Complexity: every recording method is O(k) for k paths or sections recorded;
///   `validated(itemCountsBefore:itemCountsAfter:)` is O(S + k log k) for S sections and k
///   operations, and never visits the items of a section.
public struct BatchUpdate: Equatable, Sendable, CustomStringConvertible {
    /// Items inserted, as paths after the update, in call order.
    public private(set) var insertedItems: [ItemPath] = []
    /// Items deleted, as paths before the update, in call order.
    public private(set) var deletedItems: [ItemPath] = []
    /// Items reloaded (their views replaced), as paths before the update, in call order.
    public private(set) var reloadedItems: [ItemPath] = []
    /// Items reconfigured (their views kept and bound again), as paths before the update.
    public private(set) var reconfiguredItems: [ItemPath] = []
    /// Item moves, in call order.
    public private(set) var movedItems: [Move<ItemPath>] = []
    /// Sections inserted, as indexes after the update, in call order.
    public private(set) var insertedSections: [Int] = []
    /// Sections deleted, as indexes before the update, in call order.
    public private(set) var deletedSections: [Int] = []
    /// Sections reloaded, as indexes before the update, in call order.
    public private(set) var reloadedSections: [Int] = []
    /// Section moves, in call order.
    public private(set) var movedSections: [Move<Int>] = []

    /// An empty batch.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// A batch built by `build`, the way a `performBatchUpdates` block is written.
    ///
    /// ```swift
    /// let update = BatchUpdate { $0.deleteSections([2]); $0.insertItems(at: [ItemPath(section: 0, item: 0)]) }
    /// ```
    ///
    /// - Parameter build: records the batch's operations.
    /// - Complexity: that of `build`.
    public init(_ build: (inout BatchUpdate) -> Void) {
        build(&self)
    }

    /// Records items inserted at `paths`, which address the state after the update.
    ///
    /// - Complexity: O(k) for k paths.
    public mutating func insertItems(at paths: some Sequence<ItemPath>) { insertedItems.append(contentsOf: paths) }

    /// Records the items at `paths`, which address the state before the update, as deleted.
    ///
    /// - Complexity: O(k) for k paths.
    public mutating func deleteItems(at paths: some Sequence<ItemPath>) { deletedItems.append(contentsOf: paths) }

    /// `deleteItems(at: deleted)` and `insertItems(at: inserted)`, adopting each array's
    /// storage when the batch lists none of its kind yet: a diff's conversion hands over
    /// arrays it built, which appending would copy into new storage.
    ///
    /// - Complexity: O(1) when adopted, else O(k) for k paths.
    package mutating func _appendItems(deleted: [ItemPath], inserted: [ItemPath]) {
        if deletedItems.isEmpty { deletedItems = deleted } else { deletedItems.append(contentsOf: deleted) }
        if insertedItems.isEmpty { insertedItems = inserted } else { insertedItems.append(contentsOf: inserted) }
    }

    /// Room for `count` more item moves, so that recording them allocates once.
    ///
    /// - Complexity: O(existing moves) when it reallocates.
    package mutating func _reserveItemMoves(_ count: Int) { movedItems.reserveCapacity(movedItems.count + count) }

    /// Records the items at `paths` (before the update) as reloaded: each keeps its place,
    /// and its view is replaced by a freshly dequeued one.
    ///
    /// - Complexity: O(k) for k paths.
    public mutating func reloadItems(at paths: some Sequence<ItemPath>) { reloadedItems.append(contentsOf: paths) }

    /// Records the items at `paths` (before the update, as UIKit's `reconfigureItems(at:)`)
    /// as reconfigured: each keeps its place and its view, which is bound again.
    ///
    /// - Complexity: O(k) for k paths.
    public mutating func reconfigureItems(at paths: some Sequence<ItemPath>) { reconfiguredItems.append(contentsOf: paths) }

    /// Records a move of the item at `source` (before the update) to `destination` (after it).
    ///
    /// - Complexity: O(1) amortized.
    public mutating func moveItem(from source: ItemPath, to destination: ItemPath) {
        movedItems.append(Move(from: source, to: destination))
    }

    /// Records sections inserted at `sections`, indexes after the update.
    ///
    /// - Complexity: O(k) for k sections.
    public mutating func insertSections(_ sections: some Sequence<Int>) { insertedSections.append(contentsOf: sections) }

    /// Records the sections at `sections` (before the update) as deleted, with their items.
    ///
    /// - Complexity: O(k) for k sections.
    public mutating func deleteSections(_ sections: some Sequence<Int>) { deletedSections.append(contentsOf: sections) }

    /// Records the sections at `sections` (before the update) as reloaded: each keeps its
    /// place, its header, footer and items are replaced, and it may change its item count.
    ///
    /// - Complexity: O(k) for k sections.
    public mutating func reloadSections(_ sections: some Sequence<Int>) { reloadedSections.append(contentsOf: sections) }

    /// Records a move of section `source` (before the update) to `destination` (after it),
    /// with its items.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func moveSection(from source: Int, to destination: Int) {
        movedSections.append(Move(from: source, to: destination))
    }

    /// Adds every operation of `other`, a batch nested in this one: both address this
    /// batch's before and after states.
    ///
    /// - Complexity: O(k) for k operations in `other`.
    public mutating func merge(_ other: BatchUpdate) {
        insertedItems += other.insertedItems
        deletedItems += other.deletedItems
        reloadedItems += other.reloadedItems
        reconfiguredItems += other.reconfiguredItems
        movedItems += other.movedItems
        insertedSections += other.insertedSections
        deletedSections += other.deletedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
    }

    /// This batch with every operation of `other` added.
    ///
    /// - Complexity: O(k) for k operations in both.
    public func merging(_ other: BatchUpdate) -> BatchUpdate {
        var result = self
        result.merge(other)
        return result
    }

    /// The number of operations recorded (each path, section or move counts once).
    ///
    /// - Complexity: O(1).
    public var operationCount: Int {
        insertedItems.count + deletedItems.count + reloadedItems.count + reconfiguredItems.count + movedItems.count
            + insertedSections.count + deletedSections.count + reloadedSections.count + movedSections.count
    }

    /// Whether the batch records no operation.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { operationCount == 0 }

    /// Whether two batches record the same operations, in any order (duplicates count).
    ///
    /// - Complexity: O(k log k).
    public static func == (lhs: BatchUpdate, rhs: BatchUpdate) -> Bool {
        lhs.insertedItems.sorted() == rhs.insertedItems.sorted()
            && lhs.deletedItems.sorted() == rhs.deletedItems.sorted()
            && lhs.reloadedItems.sorted() == rhs.reloadedItems.sorted()
            && lhs.reconfiguredItems.sorted() == rhs.reconfiguredItems.sorted()
            && lhs.movedItems.sorted() == rhs.movedItems.sorted()
            && lhs.insertedSections.sorted() == rhs.insertedSections.sorted()
            && lhs.deletedSections.sorted() == rhs.deletedSections.sorted()
            && lhs.reloadedSections.sorted() == rhs.reloadedSections.sorted()
            && lhs.movedSections.sorted() == rhs.movedSections.sorted()
    }

    /// The batch as Swift that rebuilds it, for reproducers:
    /// `BatchUpdate { $0.deleteItems(at: [ItemPath(section: 0, item: 1)]) }`.
    ///
    /// - Complexity: O(k).
    public var description: String {
        func paths(_ paths: [ItemPath]) -> String {
            "[" + paths.map { "ItemPath(section: \($0.section), item: \($0.item))" }.joined(separator: ", ") + "]"
        }
        var calls: [String] = []
        if !deletedSections.isEmpty { calls.append("$0.deleteSections(\(deletedSections))") }
        if !reloadedSections.isEmpty { calls.append("$0.reloadSections(\(reloadedSections))") }
        for move in movedSections { calls.append("$0.moveSection(from: \(move.from), to: \(move.to))") }
        if !insertedSections.isEmpty { calls.append("$0.insertSections(\(insertedSections))") }
        if !deletedItems.isEmpty { calls.append("$0.deleteItems(at: \(paths(deletedItems)))") }
        if !reloadedItems.isEmpty { calls.append("$0.reloadItems(at: \(paths(reloadedItems)))") }
        if !reconfiguredItems.isEmpty { calls.append("$0.reconfigureItems(at: \(paths(reconfiguredItems)))") }
        for move in movedItems {
            calls.append("$0.moveItem(from: ItemPath(section: \(move.from.section), item: \(move.from.item)), to: ItemPath(section: \(move.to.section), item: \(move.to.item)))")
        }
        if !insertedItems.isEmpty { calls.append("$0.insertItems(at: \(paths(insertedItems)))") }
        return calls.isEmpty ? "BatchUpdate()" : "BatchUpdate { " + calls.joined(separator: "; ") + " }"
    }
}
