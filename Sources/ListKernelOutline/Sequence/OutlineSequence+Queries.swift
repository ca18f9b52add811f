extension OutlineSequence {
    /// Entry `index` with its true values.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func entry(at index: Int) -> OutlineEntry {
        var node = root
        var level = height
        var index = index
        var tagHidden: Int32 = 0
        var tagDepth: Int32 = 0
        while level > 0 {
            tagHidden &+= nodeTagHidden[Int(node)]
            tagDepth &+= nodeTagDepth[Int(node)]
            let base = Int(node) * Self.fanout
            var slot = 0
            let last = Int(nodeFill[Int(node)]) - 1
            while slot < last, index >= Int(sums[base + slot].count) {
                index -= Int(sums[base + slot].count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        tagHidden &+= leafTagHidden[Int(node)]
        tagDepth &+= leafTagDepth[Int(node)]
        let k = Int(node) * Self.leafCapacity + index
        return OutlineEntry(units: units[k], hidden: hidden[k] &+ tagHidden, depth: depth[k] &+ tagDepth, handle: handles[k])
    }

    /// The index of the entry of `handle`, which `leaf` holds, and its true values.
    ///
    /// - Complexity: O(log n): a scan of the leaf, then a walk up.
    @usableFromInline package func locate(handle: Int32, inLeaf leaf: Int32) -> (index: Int, entry: OutlineEntry) {
        let base = Int(leaf) * Self.leafCapacity
        var k = 0
        while handles[base + k] != handle { k += 1 }
        var index = k
        var tagHidden = leafTagHidden[Int(leaf)]
        var tagDepth = leafTagDepth[Int(leaf)]
        var child = leaf
        var level = 0
        while level < height {
            let parent = Int(parent(of: child, level: level))
            let slot = slot(of: child, level: level)
            for s in 0..<slot { index += Int(sums[parent * Self.fanout + s].count) }
            tagHidden &+= nodeTagHidden[parent]
            tagDepth &+= nodeTagDepth[parent]
            child = Int32(parent)
            level += 1
        }
        return (index, OutlineEntry(units: units[base + k], hidden: hidden[base + k] &+ tagHidden, depth: depth[base + k] &+ tagDepth, handle: handle))
    }

    /// The rows among entries `0..<index` and their extent in units.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func rowsBefore(_ index: Int) -> (rows: Int, units: Int64) {
        if index >= count { return (rowCount, rowUnits) }
        var node = root
        var level = height
        var index = index
        var tag: Int32 = 0
        var rows = 0
        var sum: Int64 = 0
        while level > 0 {
            tag &+= nodeTagHidden[Int(node)]
            let base = Int(node) * Self.fanout
            var slot = 0
            while index >= Int(sums[base + slot].count) {
                let s = sums[base + slot]
                rows += Int(s.rows(hiddenTag: tag))
                sum += s.rowUnits(hiddenTag: tag)
                index -= Int(s.count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        tag &+= leafTagHidden[Int(node)]
        let base = Int(node) * Self.leafCapacity
        for k in base..<(base + index) where hidden[k] &+ tag == 0 {
            rows += 1
            sum += Int64(units[k])
        }
        return (rows, sum)
    }

    /// The index of row `row` (the `row`-th entry with no collapsed ancestor).
    ///
    /// - Precondition: `row < rowCount`.
    /// - Complexity: O(log n).
    @inlinable
    package func indexOfRow(_ row: Int) -> Int {
        var node = root
        var level = height
        var row = row
        var tag: Int32 = 0
        var index = 0
        while level > 0 {
            tag &+= nodeTagHidden[Int(node)]
            let base = Int(node) * Self.fanout
            var slot = 0
            while true {
                let s = sums[base + slot]
                let rows = Int(s.rows(hiddenTag: tag))
                if row < rows { break }
                row -= rows
                index += Int(s.count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        tag &+= leafTagHidden[Int(node)]
        var k = Int(node) * Self.leafCapacity
        while true {
            if hidden[k] &+ tag == 0 {
                if row == 0 { break }
                row -= 1
            }
            k += 1
            index += 1
        }
        return index
    }

    /// The row whose span `[top, top + extent)` holds `offset` units, counted from the first
    /// row's top: its entry index, row index and top. Zero-extent rows are never returned;
    /// `nil` outside `0..<rowUnits`. Reads only counts, collapsed-ancestor counts and extents
    /// on the way down (not depths or handles), so a lookup touches as few lines as it can.
    ///
    /// - Complexity: O(log n).
    @inlinable
    package func row(atUnits offset: Int64) -> (index: Int, row: Int, top: Int64)? {
        guard offset >= 0, offset < rowUnits else { return nil }
        var node = root
        var level = height
        var rest = offset
        var tagHidden: Int32 = 0
        var index = 0
        var row = 0
        while level > 0 {
            tagHidden &+= nodeTagHidden[Int(node)]
            let base = Int(node) * Self.fanout
            var slot = 0
            while true {
                let s = sums[base + slot]
                if s.minHidden &+ tagHidden == 0 {
                    if rest < s.unitsAtMinHidden { break }
                    rest -= s.unitsAtMinHidden
                    row += Int(s.countAtMinHidden)
                }
                index += Int(s.count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        tagHidden &+= leafTagHidden[Int(node)]
        var k = Int(node) * Self.leafCapacity
        while true {
            if hidden[k] &+ tagHidden == 0 {
                let extent = Int64(units[k])
                if rest < extent { break }
                rest -= extent
                row += 1
            }
            k += 1
            index += 1
        }
        return (index, row, offset - rest)
    }

    /// The summary of entries `range` (true values).
    ///
    /// - Complexity: O(log n).
    package func summary(of range: Range<Int>) -> OutlineSummary {
        guard !range.isEmpty else { return .empty }
        return summary(node: root, level: height, range.lowerBound, range.upperBound, hiddenAbove: 0, depthAbove: 0)
    }

    private func summary(node: Int32, level: Int, _ lo: Int, _ hi: Int, hiddenAbove: Int32, depthAbove: Int32) -> OutlineSummary {
        let tags = tags(of: node, level: level)
        let th = hiddenAbove &+ tags.hidden
        let td = depthAbove &+ tags.depth
        var result = OutlineSummary.empty
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for k in (base + lo)..<(base + hi) {
                result.append(OutlineSummary(units: units[k], hidden: hidden[k] &+ th, depth: depth[k] &+ td, isPlaceholder: handles[k] < 0))
            }
            return result
        }
        let base = Int(node) * Self.fanout
        var start = 0
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let s = sums[base + slot]
            let end = start + Int(s.count)
            defer { start = end }
            if end <= lo { continue }
            if start >= hi { break }
            if lo <= start && end <= hi {
                var full = s
                full.add(hidden: th, depth: td)
                result.append(full)
            } else {
                result.append(summary(node: children[base + slot], level: level - 1, max(lo, start) - start, min(hi, end) - start, hiddenAbove: th, depthAbove: td))
            }
        }
        return result
    }

    /// The first index at or after `index` whose entry has depth at most `maxDepth`.
    ///
    /// - Complexity: O(log n).
    @usableFromInline package func firstIndex(atOrAfter index: Int, depthAtMost maxDepth: Int32) -> Int? {
        guard index < count else { return nil }
        return first(node: root, level: height, from: index, above: 0, maxDepth)
    }

    private func first(node: Int32, level: Int, from: Int, above: Int32, _ maxDepth: Int32) -> Int? {
        let t = above &+ tags(of: node, level: level).depth
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for k in from..<Int(leafFill[Int(node)]) where depth[base + k] &+ t <= maxDepth { return k }
            return nil
        }
        let base = Int(node) * Self.fanout
        var start = 0
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let s = sums[base + slot]
            let end = start + Int(s.count)
            defer { start = end }
            if end <= from || s.minDepth &+ t > maxDepth { continue }
            if let found = first(node: children[base + slot], level: level - 1, from: max(0, from - start), above: t, maxDepth) {
                return start + found
            }
        }
        return nil
    }

    /// The last index before `index` whose entry has depth at most `maxDepth`.
    ///
    /// - Complexity: O(log n).
    @usableFromInline package func lastIndex(before index: Int, depthAtMost maxDepth: Int32) -> Int? {
        guard index > 0 else { return nil }
        return last(node: root, level: height, before: min(index, count), above: 0, maxDepth)
    }

    private func last(node: Int32, level: Int, before: Int, above: Int32, _ maxDepth: Int32) -> Int? {
        let t = above &+ tags(of: node, level: level).depth
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            var k = before - 1
            while k >= 0 {
                if depth[base + k] &+ t <= maxDepth { return k }
                k -= 1
            }
            return nil
        }
        let base = Int(node) * Self.fanout
        let fill = Int(nodeFill[Int(node)])
        var slot = 0
        var begin = 0
        while slot < fill - 1, begin + Int(sums[base + slot].count) < before {
            begin += Int(sums[base + slot].count)
            slot += 1
        }
        while slot >= 0 {
            let s = sums[base + slot]
            if s.minDepth &+ t <= maxDepth,
               let found = last(node: children[base + slot], level: level - 1, before: min(Int(s.count), before - begin), above: t, maxDepth) {
                return begin + found
            }
            slot -= 1
            if slot >= 0 { begin -= Int(sums[base + slot].count) }
        }
        return nil
    }

    /// Calls `body` with each row from entry `index` on (index, row-relative nothing: the
    /// entry's index and the entry), in order, until it returns `false`. Hidden subtrees are
    /// skipped by their summaries.
    ///
    /// - Complexity: O(log n + k) for k rows visited.
    @inlinable
    package func forEachRow(from index: Int, _ body: (Int, OutlineEntry) -> Bool) {
        guard index < count else { return }
        _ = visitRows(node: root, level: height, from: index, offset: 0, hiddenAbove: 0, depthAbove: 0, body)
    }

    @inlinable
    func visitRows(node: Int32, level: Int, from: Int, offset: Int, hiddenAbove: Int32, depthAbove: Int32, _ body: (Int, OutlineEntry) -> Bool) -> Bool {
        let tags = tags(of: node, level: level)
        let th = hiddenAbove &+ tags.hidden
        let td = depthAbove &+ tags.depth
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for k in from..<Int(leafFill[Int(node)]) where hidden[base + k] &+ th == 0 {
                let entry = OutlineEntry(units: units[base + k], hidden: 0, depth: depth[base + k] &+ td, handle: handles[base + k])
                if !body(offset + k, entry) { return false }
            }
            return true
        }
        let base = Int(node) * Self.fanout
        var start = 0
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let s = sums[base + slot]
            let end = start + Int(s.count)
            defer { start = end }
            if end <= from || s.rows(hiddenTag: th) == 0 { continue }
            if !visitRows(node: children[base + slot], level: level - 1, from: max(0, from - start), offset: offset + start, hiddenAbove: th, depthAbove: td, body) {
                return false
            }
        }
        return true
    }

    /// Calls `body` with every entry in order (true values).
    ///
    /// - Complexity: O(n).
    package func forEachEntry(_ body: (Int, OutlineEntry) -> Void) {
        var index = 0
        visitAll(node: root, level: height, hiddenAbove: 0, depthAbove: 0) { entry in
            body(index, entry)
            index += 1
        }
    }

    private func visitAll(node: Int32, level: Int, hiddenAbove: Int32, depthAbove: Int32, _ body: (OutlineEntry) -> Void) {
        let tags = tags(of: node, level: level)
        let th = hiddenAbove &+ tags.hidden
        let td = depthAbove &+ tags.depth
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for k in base..<(base + Int(leafFill[Int(node)])) {
                body(OutlineEntry(units: units[k], hidden: hidden[k] &+ th, depth: depth[k] &+ td, handle: handles[k]))
            }
            return
        }
        let base = Int(node) * Self.fanout
        for slot in 0..<Int(nodeFill[Int(node)]) {
            visitAll(node: children[base + slot], level: level - 1, hiddenAbove: th, depthAbove: td, body)
        }
    }
}

extension OutlineSequence {
    /// The index of the `k`-th entry (0-based) of depth exactly `depth` in `range`, where no
    /// entry of `range` is shallower than `depth` (a parent's descendants).
    ///
    /// - Complexity: O(log n).
    package func index(ofEntry k: Int, atDepth depth: Int32, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, k >= 0 else { return nil }
        var k = k
        return select(node: root, level: height, range.lowerBound, range.upperBound, above: 0, depth, &k)
    }

    private func select(node: Int32, level: Int, _ lo: Int, _ hi: Int, above: Int32, _ target: Int32, _ k: inout Int) -> Int? {
        let t = above &+ tags(of: node, level: level).depth
        if level == 0 {
            let base = Int(node) * Self.leafCapacity
            for i in lo..<hi where self.depth[base + i] &+ t == target {
                if k == 0 { return i }
                k -= 1
            }
            return nil
        }
        let base = Int(node) * Self.fanout
        var start = 0
        for slot in 0..<Int(nodeFill[Int(node)]) {
            let s = sums[base + slot]
            let end = start + Int(s.count)
            defer { start = end }
            if end <= lo { continue }
            if start >= hi { break }
            if lo <= start && end <= hi {
                let here = s.minDepth &+ t == target ? Int(s.countAtMinDepth) : 0
                if k >= here {
                    k -= here
                    continue
                }
            }
            if let found = select(node: children[base + slot], level: level - 1, max(lo, start) - start, min(hi, end) - start, above: t, target, &k) {
                return start + found
            }
        }
        return nil
    }
}

extension OutlineSequence {
    /// Row `row`'s entry index and entry (true values).
    ///
    /// - Precondition: `row < rowCount`.
    /// - Complexity: O(log n).
    @inlinable
    package func entry(ofRow row: Int) -> (index: Int, entry: OutlineEntry) {
        var node = root
        var level = height
        var row = row
        var tag: Int32 = 0
        var tagDepth: Int32 = 0
        var index = 0
        while level > 0 {
            tag &+= nodeTagHidden[Int(node)]
            tagDepth &+= nodeTagDepth[Int(node)]
            let base = Int(node) * Self.fanout
            var slot = 0
            while true {
                let s = sums[base + slot]
                let rows = Int(s.rows(hiddenTag: tag))
                if row < rows { break }
                row -= rows
                index += Int(s.count)
                slot += 1
            }
            node = children[base + slot]
            level -= 1
        }
        tag &+= leafTagHidden[Int(node)]
        tagDepth &+= leafTagDepth[Int(node)]
        var k = Int(node) * Self.leafCapacity
        while true {
            if hidden[k] &+ tag == 0 {
                if row == 0 { break }
                row -= 1
            }
            k += 1
            index += 1
        }
        return (index, OutlineEntry(units: units[k], hidden: 0, depth: depth[k] &+ tagDepth, handle: handles[k]))
    }
}
