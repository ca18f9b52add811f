extension OutlineSequence {
    /// Adds `dh` collapsed ancestors and `dd` levels of depth to every entry of `range`.
    ///
    /// - Complexity: O(log n) whatever the range's length: whole nodes get a tag, at most two
    ///   partial nodes per level are entered.
    package mutating func add(hidden dh: Int32, depth dd: Int32, to range: Range<Int>) {
        guard !range.isEmpty, dh != 0 || dd != 0 else { return }
        add(node: root, level: height, range.lowerBound, range.upperBound, dh, dd)
        total = summary(of: root, level: height)
    }

    private mutating func add(node: Int32, level: Int, _ lo: Int, _ hi: Int, _ dh: Int32, _ dd: Int32) {
        if level == 0 {
            if lo == 0 && hi == Int(leafFill[Int(node)]) {
                addTags(to: node, level: 0, hidden: dh, depth: dd)
                return
            }
            let base = Int(node) * Self.leafCapacity
            for k in (base + lo)..<(base + hi) {
                hidden[k] &+= dh
                depth[k] &+= dd
            }
            return
        }
        let base = Int(node) * Self.fanout
        var start = 0
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let end = start + Int(sums[base + slot].count)
            defer { start = end }
            if end <= lo { continue }
            if start >= hi { break }
            let child = children[base + slot]
            if lo <= start && end <= hi {
                sums[base + slot].add(hidden: dh, depth: dd)
                addTags(to: child, level: level - 1, hidden: dh, depth: dd)
            } else {
                add(node: child, level: level - 1, max(lo, start) - start, min(hi, end) - start, dh, dd)
                sums[base + slot] = summary(of: child, level: level - 1)
            }
        }
    }

    /// The leaf holding entry `index` (for `index == count`, the last leaf, one past its
    /// end), the index inside it, and the tags of the leaf and every node above it.
    private func leaf(for index: Int) -> (leaf: Int32, offset: Int, hidden: Int32, depth: Int32) {
        var node = root
        var level = height
        var index = index
        var th: Int32 = 0
        var td: Int32 = 0
        while level > 0 {
            th &+= nodeTagHidden[Int(node)]
            td &+= nodeTagDepth[Int(node)]
            let base = Int(node) * Self.fanout
            let last = Int(nodeFill[Int(node)]) - 1
            var slot = 0
            while slot < last, index >= Int(sums[base + slot].count) {
                index -= Int(sums[base + slot].count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        return (node, index, th &+ leafTagHidden[Int(node)], td &+ leafTagDepth[Int(node)])
    }

    /// Sets entry `index`'s extent.
    ///
    /// - Complexity: O(log n).
    package mutating func setUnits(_ value: Int32, at index: Int) {
        let place = leaf(for: index)
        units[Int(place.leaf) * Self.leafCapacity + place.offset] = value
        refreshUpward(from: place.leaf, level: 0)
    }

    /// Inserts `entries` (true values) before entry `index`; `leafOf[handle]` follows every
    /// node entry that lands in or moves to another leaf.
    ///
    /// - Complexity: O(k + (k / 32 + 1) log n) for k entries.
    package mutating func insert(_ entries: [OutlineEntry], at index: Int, leafOf: inout [Int32]) {
        var at = index
        var next = 0
        let chunk = Self.leafCapacity / 2
        while next < entries.count {
            let end = min(entries.count, next + chunk)
            insertChunk(entries[next..<end], at: at, leafOf: &leafOf)
            at += end - next
            next = end
        }
    }

    private mutating func insertChunk(_ entries: ArraySlice<OutlineEntry>, at index: Int, leafOf: inout [Int32]) {
        let place = leaf(for: index)
        let leaf = place.leaf
        let base = Int(leaf) * Self.leafCapacity
        let fill = Int(leafFill[Int(leaf)])
        // Stored values relative to the tags above the leaf and of the leaf.
        var merged: [OutlineEntry] = []
        merged.reserveCapacity(fill + entries.count)
        for k in 0..<place.offset { merged.append(storedEntry(base + k)) }
        for entry in entries {
            merged.append(OutlineEntry(units: entry.units, hidden: entry.hidden &- place.hidden, depth: entry.depth &- place.depth, handle: entry.handle))
        }
        for k in place.offset..<fill { merged.append(storedEntry(base + k)) }
        if merged.count <= Self.leafCapacity {
            write(merged[...], to: leaf, leafOf: &leafOf)
            refreshUpward(from: leaf, level: 0)
            return
        }
        let half = merged.count / 2
        let sibling = allocateLeaf()
        leafTagHidden[Int(sibling)] = leafTagHidden[Int(leaf)]
        leafTagDepth[Int(sibling)] = leafTagDepth[Int(leaf)]
        write(merged[..<half], to: leaf, leafOf: &leafOf)
        write(merged[half...], to: sibling, leafOf: &leafOf)
        insertChild(sibling, level: 0, after: leaf)
        refreshUpward(from: leaf, level: 0)
        refreshUpward(from: sibling, level: 0)
    }

    private func storedEntry(_ k: Int) -> OutlineEntry {
        OutlineEntry(units: units[k], hidden: hidden[k], depth: depth[k], handle: handles[k])
    }

    private mutating func write(_ entries: ArraySlice<OutlineEntry>, to leaf: Int32, leafOf: inout [Int32]) {
        let base = Int(leaf) * Self.leafCapacity
        for (k, entry) in entries.enumerated() {
            units[base + k] = entry.units
            hidden[base + k] = entry.hidden
            depth[base + k] = entry.depth
            handles[base + k] = entry.handle
            if entry.handle >= 0 { leafOf[Int(entry.handle)] = leaf }
        }
        leafFill[Int(leaf)] = Int32(entries.count)
    }

    /// Puts `child` (at `level`) into the slot after `sibling` in `sibling`'s parent, splitting
    /// full nodes up to the root, which grows a level when it splits.
    private mutating func insertChild(_ child: Int32, level: Int, after sibling: Int32) {
        if level == height {
            // The sibling is the root: a new root holds the two.
            let newRoot = allocateNode()
            let base = Int(newRoot) * Self.fanout
            children[base] = sibling
            children[base + 1] = child
            sums[base] = summary(of: sibling, level: level)
            sums[base + 1] = summary(of: child, level: level)
            nodeFill[Int(newRoot)] = 2
            setParent(of: sibling, level: level, to: newRoot)
            setParent(of: child, level: level, to: newRoot)
            root = newRoot
            height += 1
            return
        }
        let parent = parent(of: sibling, level: level)
        let at = slot(of: sibling, level: level) + 1
        var slots: [(Int32, OutlineSummary)] = []
        let base = Int(parent) * Self.fanout
        let fill = Int(nodeFill[Int(parent)])
        for slot in 0..<fill { slots.append((children[base + slot], sums[base + slot])) }
        slots.insert((child, summary(of: child, level: level)), at: at)
        slots[at - 1].1 = summary(of: sibling, level: level)
        if slots.count <= Self.fanout {
            fillNode(parent, with: slots[...], childLevel: level)
            return
        }
        let half = slots.count / 2
        let newNode = allocateNode()
        nodeTagHidden[Int(newNode)] = nodeTagHidden[Int(parent)]
        nodeTagDepth[Int(newNode)] = nodeTagDepth[Int(parent)]
        fillNode(parent, with: slots[..<half], childLevel: level)
        fillNode(newNode, with: slots[half...], childLevel: level)
        if level + 1 < height {
            let grand = Int(nodeParent[Int(parent)])
            sums[grand * Self.fanout + slot(of: parent, level: level + 1)] = summary(of: parent, level: level + 1)
        }
        insertChild(newNode, level: level + 1, after: parent)
    }

    private mutating func fillNode(_ node: Int32, with slots: ArraySlice<(Int32, OutlineSummary)>, childLevel: Int) {
        let base = Int(node) * Self.fanout
        for (k, slot) in slots.enumerated() {
            children[base + k] = slot.0
            sums[base + k] = slot.1
            setParent(of: slot.0, level: childLevel, to: node)
        }
        nodeFill[Int(node)] = Int32(slots.count)
    }

    /// Removes entries `range` and returns them (true values). A leaf left empty leaves the
    /// tree; one left under a quarter full merges with a neighbour that has room.
    ///
    /// - Complexity: O(k + (k / 64 + 1) log n) for k entries.
    @discardableResult
    package mutating func remove(_ range: Range<Int>, leafOf: inout [Int32]) -> [OutlineEntry] {
        var removed: [OutlineEntry] = []
        removed.reserveCapacity(range.count)
        var remaining = range.count
        while remaining > 0 {
            let place = leaf(for: range.lowerBound)
            let leaf = place.leaf
            let base = Int(leaf) * Self.leafCapacity
            let fill = Int(leafFill[Int(leaf)])
            let taken = min(remaining, fill - place.offset)
            for k in (base + place.offset)..<(base + place.offset + taken) {
                removed.append(OutlineEntry(units: units[k], hidden: hidden[k] &+ place.hidden, depth: depth[k] &+ place.depth, handle: handles[k]))
            }
            for k in (base + place.offset + taken)..<(base + fill) {
                units[k - taken] = units[k]
                hidden[k - taken] = hidden[k]
                depth[k - taken] = depth[k]
                handles[k - taken] = handles[k]
            }
            leafFill[Int(leaf)] = Int32(fill - taken)
            remaining -= taken
            if fill - taken == 0 && height > 0 {
                removeChild(leaf, level: 0)
            } else {
                mergeIfSparse(leaf, leafOf: &leafOf)
            }
        }
        collapseRoot()
        total = summary(of: root, level: height)
        return removed
    }

    /// Merges a leaf under a quarter full with its next (or previous) sibling when the two
    /// fit in one leaf.
    private mutating func mergeIfSparse(_ leaf: Int32, leafOf: inout [Int32]) {
        guard height > 0, Int(leafFill[Int(leaf)]) < Self.leafCapacity / 4 else {
            refreshUpward(from: leaf, level: 0)
            return
        }
        let parent = Int(leafParent[Int(leaf)])
        let slot = slot(of: leaf, level: 0)
        let fill = Int(nodeFill[parent])
        for neighbour in [slot + 1, slot - 1] where neighbour >= 0 && neighbour < fill {
            let other = children[parent * Self.fanout + neighbour]
            guard Int(leafFill[Int(leaf)] + leafFill[Int(other)]) <= Self.leafCapacity else { continue }
            let (first, second) = neighbour > slot ? (leaf, other) : (other, leaf)
            // Move the second leaf's entries to the end of the first, re-based on its tags.
            let dh = leafTagHidden[Int(second)] &- leafTagHidden[Int(first)]
            let dd = leafTagDepth[Int(second)] &- leafTagDepth[Int(first)]
            let to = Int(first) * Self.leafCapacity + Int(leafFill[Int(first)])
            let from = Int(second) * Self.leafCapacity
            let moved = Int(leafFill[Int(second)])
            for k in 0..<moved {
                units[to + k] = units[from + k]
                hidden[to + k] = hidden[from + k] &+ dh
                depth[to + k] = depth[from + k] &+ dd
                handles[to + k] = handles[from + k]
                if handles[to + k] >= 0 { leafOf[Int(handles[to + k])] = first }
            }
            leafFill[Int(first)] += Int32(moved)
            leafFill[Int(second)] = 0
            removeChild(second, level: 0)
            refreshUpward(from: first, level: 0)
            return
        }
        refreshUpward(from: leaf, level: 0)
    }

    /// Takes an empty `child` out of its parent, and a parent left empty out of its own.
    private mutating func removeChild(_ child: Int32, level: Int) {
        let parent = parent(of: child, level: level)
        let slot = slot(of: child, level: level)
        let base = Int(parent) * Self.fanout
        let fill = Int(nodeFill[Int(parent)])
        for k in slot..<(fill - 1) {
            children[base + k] = children[base + k + 1]
            sums[base + k] = sums[base + k + 1]
        }
        nodeFill[Int(parent)] = Int32(fill - 1)
        if level == 0 { freeLeaves.append(child) } else { freeNodes.append(child) }
        if fill - 1 == 0 && level + 1 < height {
            removeChild(parent, level: level + 1)
        } else {
            refreshUpward(from: parent, level: level + 1)
        }
    }

    /// Drops roots with a single child, handing their tags down.
    private mutating func collapseRoot() {
        while height > 0 && nodeFill[Int(root)] == 1 {
            let child = children[Int(root) * Self.fanout]
            addTags(to: child, level: height - 1, hidden: nodeTagHidden[Int(root)], depth: nodeTagDepth[Int(root)])
            freeNodes.append(root)
            setParent(of: child, level: height - 1, to: -1)
            root = child
            height -= 1
        }
        if height > 0 && nodeFill[Int(root)] == 0 {
            freeNodes.append(root)
            height = 0
            root = allocateLeaf()
        }
    }

    /// Rewrites every entry's `hidden` in order: `body` gets each entry (true values) and
    /// returns its new `hidden`. Tags are pushed down to the entries first.
    ///
    /// - Complexity: O(n).
    package mutating func rewriteHidden(_ body: (OutlineEntry) -> Int32) {
        pushDown(node: root, level: height, hidden: 0, depth: 0)
        rewrite(node: root, level: height, body)
        total = summary(of: root, level: height)
    }

    private mutating func pushDown(node: Int32, level: Int, hidden dh: Int32, depth dd: Int32) {
        let tags = tags(of: node, level: level)
        let th = dh &+ tags.hidden
        let td = dd &+ tags.depth
        if level == 0 {
            leafTagHidden[Int(node)] = 0
            leafTagDepth[Int(node)] = 0
            let base = Int(node) * Self.leafCapacity
            for k in base..<(base + Int(leafFill[Int(node)])) {
                hidden[k] &+= th
                depth[k] &+= td
            }
            return
        }
        nodeTagHidden[Int(node)] = 0
        nodeTagDepth[Int(node)] = 0
        let base = Int(node) * Self.fanout
        for slot in 0..<Int(nodeFill[Int(node)]) {
            pushDown(node: children[base + slot], level: level - 1, hidden: th, depth: td)
        }
    }

    private mutating func rewrite(node: Int32, level: Int, _ body: (OutlineEntry) -> Int32) {
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for k in base..<(base + Int(leafFill[Int(node)])) {
                hidden[k] = body(OutlineEntry(units: units[k], hidden: hidden[k], depth: depth[k], handle: handles[k]))
            }
            return
        }
        let base = Int(node) * Self.fanout
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let child = children[base + slot]
            rewrite(node: child, level: level - 1, body)
            sums[base + slot] = summary(of: child, level: level - 1)
        }
    }
}
