/// The tree diff of two outline snapshots, keyed by identifier (R14): the identifiers that
/// are gone, the new ones, the nodes whose parent changed (each one move; its descendants
/// travel with it and are not moves), and, among the children that kept their parent, the
/// fewest that must move so the rest stay in order (those outside one longest increasing
/// subsequence of their old relative order, as ListKit and this package's `LinearDiff` do).
///
/// ```swift
/// // before: A(B, C), D      after: A(C, B), D(E)
/// let diff = OutlineDiff(from: before, to: after)
/// diff.inserted     // [E]
/// diff.reordered    // [B] or [C]: one sibling move
/// diff.moveCount    // 1
/// ```
///
/// Replaying the diff (delete `deleted`; move each of `reparented` and `reordered` to its
/// new place; insert `inserted`) turns the old forest into the new one.
///
/// - Complexity: O(n log n) for n nodes in the two snapshots (O(n) when siblings are mostly
///   in order); O(n) memory.
public struct OutlineDiff<ID: Hashable & Sendable>: Sendable {
    /// Identifiers in the old snapshot only, in its preorder.
    public let deleted: [ID]
    /// Identifiers in the new snapshot only, in its preorder.
    public let inserted: [ID]
    /// Surviving nodes whose parent (or top-level section) changed, in the new preorder.
    public let reparented: [ID]
    /// Surviving nodes that kept their parent but move among its children, in the new
    /// preorder: the fewest such moves.
    public let reordered: [ID]

    /// The number of moves: `reparented.count + reordered.count`.
    ///
    /// - Complexity: O(1).
    public var moveCount: Int { reparented.count + reordered.count }

    /// Whether the two snapshots hold the same forest.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && reparented.isEmpty && reordered.isEmpty }

    @usableFromInline
    init(deleted: [ID], inserted: [ID], reparented: [ID], reordered: [ID]) {
        self.deleted = deleted
        self.inserted = inserted
        self.reparented = reparented
        self.reordered = reordered
    }

    /// The diff from `old` to `new`. Inlinable, so that it runs specialized for the
    /// caller's identifier type.
    ///
    /// - Complexity: O(n log n), O(n) when siblings are mostly in order.
    @inlinable
    public init(from old: OutlineSnapshot<ID>, to new: OutlineSnapshot<ID>) {
        var deleted: [ID] = []
        var inserted: [ID] = []
        var reparented: [ID] = []
        // Old nodes get dense indexes in preorder; a parent is named by its old index, a
        // section's top level by -1 - section. One hash per node and pass, small values.
        let oldCount = old.count
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(oldCount)
        var oldParent: [Int] = []
        var oldSibling: [Int] = []
        oldParent.reserveCapacity(oldCount)
        oldSibling.reserveCapacity(oldCount)
        var chain: [Int] = []       // chain[d]: the current node at depth d (deeper slots are stale)
        var nextSibling: [Int] = [] // nextSibling[d]: the next child index at depth d
        for (section, items) in old.sections.enumerated() {
            for item in items {
                let depth = item.depth
                let index = oldParent.count
                oldParent.append(depth == 0 ? -1 - section : chain[depth - 1])
                if depth == 0 && nextSibling.isEmpty { nextSibling.append(0) }
                oldSibling.append(nextSibling[depth])
                nextSibling[depth] += 1
                if depth + 1 < nextSibling.count { nextSibling[depth + 1] = 0 } else { nextSibling.append(0) }
                if depth < chain.count { chain[depth] = index } else { chain.append(index) }
                oldIndex[item.id] = index
            }
            if !nextSibling.isEmpty { nextSibling[0] = 0 }
        }
        var survived = [Bool](repeating: false, count: oldCount)
        // levelOld[d] / levelIDs[d]: the old sibling indexes and ids of the kept children of
        // the current parent at depth d - 1, in new order; settled when the parent's subtree ends.
        var levelOld: [[Int]] = []
        var levelIDs: [[ID]] = []
        var reorderedInOrder: [ID] = []
        func settle(_ depth: Int) {
            guard levelOld[depth].count > 1 else { return }
            var isMember = [Bool](repeating: false, count: levelOld[depth].count)
            levelOld[depth].withUnsafeBufferPointer { values in
                isMember.withUnsafeMutableBufferPointer { members in
                    _markLongestIncreasingSubsequence(values, isMember: members)
                }
            }
            for (k, member) in isMember.enumerated() where !member { reorderedInOrder.append(levelIDs[depth][k]) }
        }
        func clear(_ depth: Int) {
            if depth < levelOld.count {
                levelOld[depth].removeAll(keepingCapacity: true)
                levelIDs[depth].removeAll(keepingCapacity: true)
            } else {
                levelOld.append([])
                levelIDs.append([])
            }
        }
        var newCount = 0
        for (section, items) in new.sections.enumerated() {
            var open = 0  // levels in use: 0 ..< open
            for item in items {
                let depth = item.depth
                while open > depth + 1 {
                    open -= 1
                    settle(open)
                }
                if open < depth + 1 {
                    clear(depth)
                    open = depth + 1
                }
                let parent = depth == 0 ? -1 - section : chain[depth - 1]
                let key: Int
                if let was = oldIndex[item.id] {
                    survived[was] = true
                    key = was
                    if oldParent[was] != parent {
                        reparented.append(item.id)
                    } else {
                        levelOld[depth].append(oldSibling[was])
                        levelIDs[depth].append(item.id)
                    }
                } else {
                    inserted.append(item.id)
                    key = Int.min + newCount  // matches no old parent
                }
                newCount += 1
                if depth < chain.count { chain[depth] = key } else { chain.append(key) }
                clear(depth + 1)
                open = depth + 2
            }
            while open > 0 {
                open -= 1
                settle(open)
            }
        }
        var index = 0
        for items in old.sections {
            for item in items {
                if !survived[index] { deleted.append(item.id) }
                index += 1
            }
        }
        self.init(deleted: deleted, inserted: inserted, reparented: reparented, reordered: reorderedInOrder)
    }
}
