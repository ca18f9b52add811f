/// One section's outline nodes in preorder, in a B+ tree of leaves of at most 64 entries and
/// inner nodes of at most 16 slots, with lazy tags that add collapsed ancestors and depth to
/// whole subtrees.
///
/// ```
///  inner node: 16 slots, each: child + OutlineSummary of the child's entries
///              tagHidden, tagDepth: added to everything stored below this node
///        │
///        ▼
///  leaf:  units | hidden | depth | handle   × ≤ 64 (four parallel arrays, 64 per leaf)
///         tagHidden, tagDepth
///
///  true value of an entry = stored value + the tags of its leaf and of every inner node
///                           above it
///  true value of a slot's summary = stored summary + the tags of the node holding it and
///                           of every node above
/// ```
///
/// Collapsing a node adds 1 to `hidden` over its descendants' range: a range add touches at
/// most two partial nodes per level and tags whole ones, O(log n) whatever the range. Rows
/// are the entries with `hidden == 0`; the summaries count them and sum their extents, so
/// "row k", "row at offset y" and "rows before entry i" are descents of O(log n).
///
/// Every traversal here recurses over the tree's levels only (at most about 8 at 2^27
/// entries), never over the outline's depth (R17).
@usableFromInline
package struct OutlineSequence: Sendable {
    @usableFromInline static var leafCapacity: Int { 64 }
    @usableFromInline static var fanout: Int { 16 }

    // Leaves: entries of leaf l at l * 64 ..< l * 64 + leafFill[l].
    @usableFromInline var units: [Int32] = []
    @usableFromInline var hidden: [Int32] = []
    @usableFromInline var depth: [Int32] = []
    @usableFromInline var handles: [Int32] = []
    @usableFromInline var leafFill: [Int32] = []
    @usableFromInline var leafParent: [Int32] = []
    @usableFromInline var leafTagHidden: [Int32] = []
    @usableFromInline var leafTagDepth: [Int32] = []

    // Inner nodes: slots of node n at n * 16 ..< n * 16 + nodeFill[n].
    @usableFromInline var children: [Int32] = []
    @usableFromInline var sums: [OutlineSummary] = []
    @usableFromInline var nodeFill: [Int32] = []
    @usableFromInline var nodeParent: [Int32] = []
    @usableFromInline var nodeTagHidden: [Int32] = []
    @usableFromInline var nodeTagDepth: [Int32] = []

    /// The root: a leaf when `height == 0`, else an inner node `height` levels above the leaves.
    @usableFromInline var root: Int32 = 0
    @usableFromInline var height: Int = 0
    var freeLeaves: [Int32] = []
    var freeNodes: [Int32] = []
    /// The summary of every entry (true values).
    @usableFromInline package internal(set) var total: OutlineSummary = .empty

    /// An empty sequence.
    package init() {
        root = allocateLeaf()
    }

    /// The entries `entries`, in order, leaves filled to three quarters; `leafOf[handle]` is
    /// set for every node entry.
    ///
    /// - Complexity: O(n).
    package init(_ entries: [OutlineEntry], leafOf: inout [Int32]) {
        let perLeaf = Self.leafCapacity * 3 / 4
        guard entries.count > perLeaf else {
            root = allocateLeaf()
            insert(entries, at: 0, leafOf: &leafOf)
            return
        }
        var level: [Int32] = []
        var start = 0
        while start < entries.count {
            let leaf = allocateLeaf()
            let end = min(entries.count, start + perLeaf)
            let base = Int(leaf) * Self.leafCapacity
            for k in start..<end {
                let entry = entries[k]
                units[base + k - start] = entry.units
                hidden[base + k - start] = entry.hidden
                depth[base + k - start] = entry.depth
                handles[base + k - start] = entry.handle
                if entry.handle >= 0 { leafOf[Int(entry.handle)] = leaf }
            }
            leafFill[Int(leaf)] = Int32(end - start)
            level.append(leaf)
            start = end
        }
        var levelHeight = 0
        let perNode = Self.fanout * 3 / 4
        while level.count > 1 {
            var upper: [Int32] = []
            var k = 0
            while k < level.count {
                let end = min(level.count, k + perNode)
                let node = allocateNode()
                for slot in 0..<(end - k) {
                    children[Int(node) * Self.fanout + slot] = level[k + slot]
                    sums[Int(node) * Self.fanout + slot] = summary(of: level[k + slot], level: levelHeight)
                    setParent(of: level[k + slot], level: levelHeight, to: node)
                }
                nodeFill[Int(node)] = Int32(end - k)
                upper.append(node)
                k = end
            }
            level = upper
            levelHeight += 1
        }
        root = level[0]
        height = levelHeight
        total = summary(of: root, level: height)
    }

    /// The number of entries.
    @inlinable package var count: Int { Int(total.count) }

    /// The number of rows (entries no collapsed ancestor hides).
    @inlinable package var rowCount: Int { Int(total.rows(hiddenTag: 0)) }

    /// The extent of the rows, in units.
    @inlinable package var rowUnits: Int64 { total.rowUnits(hiddenTag: 0) }

    // MARK: - Storage

    mutating func allocateLeaf() -> Int32 {
        if let leaf = freeLeaves.popLast() {
            leafFill[Int(leaf)] = 0
            leafParent[Int(leaf)] = -1
            leafTagHidden[Int(leaf)] = 0
            leafTagDepth[Int(leaf)] = 0
            return leaf
        }
        let leaf = Int32(leafFill.count)
        units.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
        hidden.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
        depth.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
        handles.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
        leafFill.append(0)
        leafParent.append(-1)
        leafTagHidden.append(0)
        leafTagDepth.append(0)
        return leaf
    }

    mutating func allocateNode() -> Int32 {
        if let node = freeNodes.popLast() {
            nodeFill[Int(node)] = 0
            nodeParent[Int(node)] = -1
            nodeTagHidden[Int(node)] = 0
            nodeTagDepth[Int(node)] = 0
            return node
        }
        let node = Int32(nodeFill.count)
        children.append(contentsOf: repeatElement(0, count: Self.fanout))
        sums.append(contentsOf: repeatElement(.empty, count: Self.fanout))
        nodeFill.append(0)
        nodeParent.append(-1)
        nodeTagHidden.append(0)
        nodeTagDepth.append(0)
        return node
    }

    @inlinable
    func parent(of child: Int32, level: Int) -> Int32 {
        level == 0 ? leafParent[Int(child)] : nodeParent[Int(child)]
    }

    mutating func setParent(of child: Int32, level: Int, to parent: Int32) {
        if level == 0 { leafParent[Int(child)] = parent } else { nodeParent[Int(child)] = parent }
    }

    @inlinable
    func tags(of child: Int32, level: Int) -> (hidden: Int32, depth: Int32) {
        level == 0
            ? (leafTagHidden[Int(child)], leafTagDepth[Int(child)])
            : (nodeTagHidden[Int(child)], nodeTagDepth[Int(child)])
    }

    mutating func addTags(to child: Int32, level: Int, hidden dh: Int32, depth dd: Int32) {
        if level == 0 {
            leafTagHidden[Int(child)] &+= dh
            leafTagDepth[Int(child)] &+= dd
        } else {
            nodeTagHidden[Int(child)] &+= dh
            nodeTagDepth[Int(child)] &+= dd
        }
    }

    /// The summary of `child`'s entries, its own tags applied (not those above it).
    func summary(of child: Int32, level: Int) -> OutlineSummary {
        var result = OutlineSummary.empty
        if level == 0 {
            let base = Int(child) * Self.leafCapacity
            for k in base..<(base + Int(leafFill[Int(child)])) {
                result.append(OutlineSummary(units: units[k], hidden: hidden[k], depth: depth[k], isPlaceholder: handles[k] < 0))
            }
        } else {
            let base = Int(child) * Self.fanout
            for k in base..<(base + Int(nodeFill[Int(child)])) { result.append(sums[k]) }
        }
        let tags = tags(of: child, level: level)
        result.add(hidden: tags.hidden, depth: tags.depth)
        return result
    }

    /// The slot of `child` in its parent.
    func slot(of child: Int32, level: Int) -> Int {
        let parent = Int(parent(of: child, level: level))
        let base = parent * Self.fanout
        for slot in 0..<Int(nodeFill[parent]) where children[base + slot] == child { return slot }
        preconditionFailure("outline sequence: a child is missing from its parent")
    }

    /// Refreshes the summaries on the way from `child` (at `level`) to the root, and `total`.
    mutating func refreshUpward(from child: Int32, level: Int) {
        var child = child
        var level = level
        while level < height {
            let parent = parent(of: child, level: level)
            sums[Int(parent) * Self.fanout + slot(of: child, level: level)] = summary(of: child, level: level)
            child = parent
            level += 1
        }
        total = summary(of: root, level: height)
    }
}
