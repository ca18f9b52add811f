extension OutlineSequence {
    /// Recomputes every summary and `total` from the entries and traps on a mismatch; checks
    /// parent links, fills, that every leaf is at the same level, and returns the entries in
    /// order (true values) for the owner's checks. The owner (`Outline`) calls it from its
    /// `_checkInvariantsNow()`.
    ///
    /// - Complexity: O(n).
    package func checkStructure() -> [OutlineEntry] {
        var entries: [OutlineEntry] = []
        entries.reserveCapacity(count)
        let summary = check(node: root, level: height, hiddenAbove: 0, depthAbove: 0, isRoot: true, into: &entries)
        precondition(summary == total, "outline sequence: the cached total \(total) differs from the recomputed \(summary)")
        precondition(parent(of: root, level: height) == -1, "outline sequence: the root has a parent")
        return entries
    }

    private func check(node: Int32, level: Int, hiddenAbove: Int32, depthAbove: Int32, isRoot: Bool, into entries: inout [OutlineEntry]) -> OutlineSummary {
        let tags = tags(of: node, level: level)
        let th = hiddenAbove &+ tags.hidden
        let td = depthAbove &+ tags.depth
        var result = OutlineSummary.empty
        if level == 0 {
            let fill = Int(leafFill[Int(node)])
            precondition(fill <= Self.leafCapacity && (fill > 0 || isRoot), "outline sequence: leaf \(node) holds \(fill) entries")
            let base = Int(node) * Self.leafCapacity
            for k in base..<(base + fill) {
                let entry = OutlineEntry(units: units[k], hidden: hidden[k] &+ th, depth: depth[k] &+ td, handle: handles[k])
                precondition(entry.hidden >= 0 && entry.depth >= 0 && entry.units >= 0, "outline sequence: entry \(entries.count) is \(entry)")
                entries.append(entry)
                result.append(OutlineSummary(units: entry.units, hidden: entry.hidden, depth: entry.depth, isPlaceholder: entry.isPlaceholder))
            }
            return result
        }
        let fill = Int(nodeFill[Int(node)])
        precondition(fill <= Self.fanout && (fill > 1 || (!isRoot && fill > 0)), "outline sequence: node \(node) at level \(level) has \(fill) slots")
        let base = Int(node) * Self.fanout
        for slot in 0..<fill {
            let child = children[base + slot]
            precondition(parent(of: child, level: level - 1) == node, "outline sequence: child \(child) of node \(node) names another parent")
            let childSummary = check(node: child, level: level - 1, hiddenAbove: th, depthAbove: td, isRoot: false, into: &entries)
            var stored = sums[base + slot]
            stored.add(hidden: th, depth: td)
            precondition(stored == childSummary, "outline sequence: slot \(slot) of node \(node) caches \(stored), its entries give \(childSummary)")
            result.append(childSummary)
        }
        return result
    }

    /// The bytes the sequence's arrays hold (their capacity), for the memory figures.
    ///
    /// - Complexity: O(1).
    package var storageBytes: Int {
        4 * (units.capacity + hidden.capacity + depth.capacity + handles.capacity)
            + 16 * leafFill.capacity
            + 4 * children.capacity + MemoryLayout<OutlineSummary>.stride * sums.capacity + 16 * nodeFill.capacity
    }
}
