@_spi(ListKernelTesting) public import ListKernelCore

extension Outline: InvariantChecked {
    /// Checks, from scratch: each section's tree and summaries; that depths step down by at
    /// most one level at a time from 0; that every entry's collapsed-ancestor count is what
    /// the flags give; that exactly the loading nodes have one placeholder, directly below
    /// them and nothing else below; that handles, identifiers, sections and leaves agree; that
    /// the pending requests are exactly the loading nodes'; and that the waiting set holds
    /// exactly the expanded unloaded lazy nodes, all hidden.
    ///
    /// - Complexity: O(n log n).
    @_spi(ListKernelTesting)
    public func _checkInvariantsNow() {
        var nodes = 0
        for (section, sequence) in sections.enumerated() {
            let entries = sequence.checkStructure()
            var childHidden: [Int32] = []
            var chain: [Int32] = []
            var previousDepth: Int32 = -1
            for (k, entry) in entries.enumerated() {
                precondition(entry.depth <= previousDepth + 1, "outline: entry \(k) of section \(section) has depth \(entry.depth) after \(previousDepth)")
                let depth = Int(entry.depth)
                let expected: Int32 = depth == 0 ? 0 : childHidden[depth - 1]
                precondition(entry.hidden == expected, "outline: entry \(k) of section \(section) counts \(entry.hidden) collapsed ancestors, its flags give \(expected)")
                if childHidden.count > depth { childHidden.removeSubrange(depth...) }
                let h = entry.node
                precondition(ids[Int(h)] != nil, "outline: entry \(k) of section \(section) names free handle \(h)")
                let hasFollower = k + 1 < entries.count && entries[k + 1].depth > entry.depth
                if entry.isPlaceholder {
                    precondition(k > 0 && entries[k - 1].handle == h && loadStateOf(h) == .loading, "outline: placeholder at entry \(k) of section \(section) is not right below its loading owner")
                    precondition(!hasFollower, "outline: a placeholder has children")
                    childHidden.append(.max)
                } else {
                    nodes += 1
                    if chain.count > depth { chain.removeSubrange(depth...) }
                    let parent: Int32 = depth == 0 ? -1 : chain[depth - 1]
                    precondition(parentOf[Int(h)] == parent, "outline: handle \(h) names parent \(parentOf[Int(h)]), its place gives \(parent)")
                    chain.append(h)
                    precondition(Int(sectionOf[Int(h)]) == section, "outline: handle \(h) names section \(sectionOf[Int(h)]), its entry is in \(section)")
                    precondition(sequence.locate(handle: h, inLeaf: leafOf[Int(h)]).index == k, "outline: handle \(h)'s leaf does not hold it at entry \(k)")
                    precondition(handleOf[ids[Int(h)]!] == h, "outline: identifier \(ids[Int(h)]!) maps to another handle")
                    let state = loadStateOf(h)
                    if hasFollower { precondition(isContainerHandle(h), "outline: handle \(h) has children but is not a container") }
                    if isExpandedHandle(h) { precondition(isContainerHandle(h), "outline: leaf \(h) is expanded") }
                    if state != .none { precondition(isContainerHandle(h), "outline: lazy handle \(h) is not a container") }
                    if state == .unloaded { precondition(!hasFollower, "outline: unloaded handle \(h) has children") }
                    if state == .loading {
                        precondition(k + 1 < entries.count && entries[k + 1].handle == OutlineEntry.placeholderHandle(of: h), "outline: loading handle \(h) has no placeholder")
                        precondition(pendingSerial[h] != nil, "outline: loading handle \(h) has no pending request")
                    } else {
                        precondition(pendingSerial[h] == nil, "outline: handle \(h) is not loading but has a pending request")
                    }
                    let waits = isExpandedHandle(h) && state == .unloaded
                    precondition(waits == waiting.contains(h), "outline: handle \(h) waiting is \(waiting.contains(h)), expected \(waits)")
                    if waits { precondition(entry.hidden > 0, "outline: visible expanded unloaded handle \(h) was not asked for its children") }
                    childHidden.append(entry.hidden + (isExpandedHandle(h) ? 0 : 1))
                }
                previousDepth = entry.depth
            }
        }
        precondition(nodes == handleOf.count, "outline: \(nodes) node entries, \(handleOf.count) identifiers")
        precondition(ids.count - freeHandles.count == handleOf.count, "outline: \(ids.count) handles, \(freeHandles.count) free, \(handleOf.count) identifiers")
        for (h, serial) in pendingSerial {
            precondition(requests[serial]?.state == .pending && requests[serial]?.handle == h, "outline: pending request \(serial) of handle \(h) is not pending")
        }
        precondition(requests.values.filter { $0.state == .pending }.count == pendingSerial.count, "outline: pending requests disagree")
    }
}
