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
        // Each old node's parent and index among its siblings.
        var before: [ID: (parent: OutlineParent<ID>, index: Int)] = [:]
        before.reserveCapacity(old.count)
        for (section, items) in old.sections.enumerated() {
            var chain: [ID] = []          // chain[d]: the current node at depth d
            var nextIndex: [Int] = [0]    // nextIndex[d]: the next child index at depth d
            for item in items {
                let depth = item.depth
                if chain.count > depth { chain.removeSubrange(depth...) }
                if nextIndex.count > depth + 1 { nextIndex.removeSubrange((depth + 1)...) }
                let parent: OutlineParent<ID> = depth == 0 ? .topLevel(section: section) : .node(chain[depth - 1])
                before[item.id] = (parent, nextIndex[depth])
                nextIndex[depth] += 1
                chain.append(item.id)
                nextIndex.append(0)
            }
        }
        var survivors = Set<ID>()
        survivors.reserveCapacity(before.count)
        // levels[d]: the old indexes and ids of the kept children of the current parent at
        // depth d - 1, in new order; a level is settled when its parent's subtree ends.
        var levelOld: [[Int]] = []
        var levelIDs: [[ID]] = []
        func settle(_ depth: Int, into reordered: inout [ID]) {
            guard levelOld[depth].count > 1 else { return }
            var isMember = [Bool](repeating: false, count: levelOld[depth].count)
            levelOld[depth].withUnsafeBufferPointer { values in
                isMember.withUnsafeMutableBufferPointer { members in
                    _markLongestIncreasingSubsequence(values, isMember: members)
                }
            }
            for (k, member) in isMember.enumerated() where !member { reordered.append(levelIDs[depth][k]) }
        }
        var reorderedInOrder: [ID] = []
        for (section, items) in new.sections.enumerated() {
            var chain: [ID] = []
            var open = 0  // levels in use: 0 ... open - 1
            for item in items {
                let depth = item.depth
                // Close the levels of subtrees that ended.
                while open > depth + 1 {
                    open -= 1
                    settle(open, into: &reorderedInOrder)
                }
                if chain.count > depth { chain.removeSubrange(depth...) }
                if open < depth + 1 {
                    if levelOld.count < depth + 1 {
                        levelOld.append([])
                        levelIDs.append([])
                    }
                    levelOld[depth].removeAll(keepingCapacity: true)
                    levelIDs[depth].removeAll(keepingCapacity: true)
                    open = depth + 1
                }
                let parent: OutlineParent<ID> = depth == 0 ? .topLevel(section: section) : .node(chain[depth - 1])
                if let was = before[item.id] {
                    survivors.insert(item.id)
                    if was.parent != parent {
                        reparented.append(item.id)
                    } else {
                        levelOld[depth].append(was.index)
                        levelIDs[depth].append(item.id)
                    }
                } else {
                    inserted.append(item.id)
                }
                chain.append(item.id)
                // The new node's own child level starts empty.
                if levelOld.count < depth + 2 {
                    levelOld.append([])
                    levelIDs.append([])
                }
                levelOld[depth + 1].removeAll(keepingCapacity: true)
                levelIDs[depth + 1].removeAll(keepingCapacity: true)
                open = depth + 2
            }
            while open > 0 {
                open -= 1
                settle(open, into: &reorderedInOrder)
            }
        }
        for items in old.sections {
            for item in items where !survivors.contains(item.id) { deleted.append(item.id) }
        }
        self.init(deleted: deleted, inserted: inserted, reparented: reparented, reordered: reorderedInOrder)
    }
}
