import ListKernelCore

extension Outline {
    /// Expands node `id` (R3, R4). A visible node's descendants it now shows are inserted as
    /// one contiguous range of rows right below it, and its own row is reconfigured; a hidden
    /// node only gets its flag. An unloaded lazy node that is visible is asked for its
    /// children: the update carries the request and a placeholder row appears below it.
    ///
    /// With `recursive`, every loaded container of the subtree is expanded too (AppKit's
    /// `expandItem(_:expandChildren:)`); only `id` itself may start a load.
    ///
    /// ```swift
    /// let update = outline.expand("Documents")
    /// update.status          // .expanded
    /// update.insertedRows    // [section 0 rows 1..<3]
    /// ```
    ///
    /// - Returns: `.expanded`, or `.noChange`, `.notExpandable`, `.unknownIdentifier`.
    /// - Complexity: O(log n + w log n) for w hidden expanded lazy nodes waiting to load;
    ///   recursive: O(subtree).
    public mutating func expand(_ id: ID, recursive: Bool = false) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        guard isContainerHandle(h) else { return OutlineUpdate(status: .notExpandable(id)) }
        if recursive { return expandRecursively(h) }
        guard !isExpandedHandle(h) else { return OutlineUpdate(status: .noChange) }
        var update = OutlineUpdate<ID>(status: .expanded)
        setFlag(Self.expandedBit, true, of: h)
        let (section, index, entry) = place(of: h)
        if loadStateOf(h) == .unloaded {
            if entry.hidden == 0 {
                update.loadRequests.append(issueRequest(h))
            } else {
                waiting.insert(h)
            }
        } else {
            let end = subtreeEnd(section, index, depth: entry.depth)
            sections[section].add(hidden: -1, depth: 0, to: (index + 1)..<end)
            if entry.hidden == 0 { update.loadRequests += activateWaiting(inSection: section) }
        }
        if entry.hidden == 0 {
            let row = sections[section].rowsBefore(index).rows
            let shown = visibleDescendantCount(of: id) ?? 0
            if shown > 0 { update.insertedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + shown))) }
            update.reconfiguredRows.append(ItemPath(section: section, item: row))
        }
        _checkInvariants()
        return update
    }

    /// Collapses node `id` (R3, R4): its shown descendants are deleted as one contiguous
    /// range of rows below it, its own row is reconfigured, and its descendants keep their
    /// flags, so expanding it again shows the subtree as it was left. A pending load is not
    /// cancelled (R11). With `recursive`, the flags of every descendant are cleared too
    /// (Option-click in Finder).
    ///
    /// - Returns: `.collapsed`, or `.noChange`, `.notExpandable`, `.unknownIdentifier`.
    /// - Complexity: O(log n); recursive: O(subtree).
    public mutating func collapse(_ id: ID, recursive: Bool = false) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        guard isContainerHandle(h) else { return OutlineUpdate(status: .notExpandable(id)) }
        if recursive { return collapseRecursively(h) }
        guard isExpandedHandle(h) else { return OutlineUpdate(status: .noChange) }
        var update = OutlineUpdate<ID>(status: .collapsed)
        let (section, index, entry) = place(of: h)
        let shown = entry.hidden == 0 ? visibleDescendantCount(of: id) ?? 0 : 0
        setFlag(Self.expandedBit, false, of: h)
        waiting.remove(h)
        let end = subtreeEnd(section, index, depth: entry.depth)
        sections[section].add(hidden: 1, depth: 0, to: (index + 1)..<end)
        if entry.hidden == 0 {
            let row = sections[section].rowsBefore(index).rows
            if shown > 0 { update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + shown))) }
            update.reconfiguredRows.append(ItemPath(section: section, item: row))
        }
        _checkInvariants()
        return update
    }

    /// Expands `id` if it is collapsed and collapses it if it is expanded.
    ///
    /// - Complexity: as `expand(_:recursive:)` or `collapse(_:recursive:)`.
    public mutating func toggle(_ id: ID) -> OutlineUpdate<ID> {
        isExpanded(id) ? collapse(id) : expand(id)
    }

    /// Sets the flag of every loaded container, hidden ones included, and starts no load
    /// (R6): an unloaded lazy node stays collapsed (a flag it was given while hidden is
    /// cleared, so that no row claims to be expanded while nothing was asked for); a loading
    /// one keeps its flag. Every section's rows are replaced (`reloadedSections`).
    ///
    /// - Complexity: O(n).
    public mutating func expandAll() -> OutlineUpdate<ID> {
        for h in 0..<flags.count where isContainerHandle(Int32(h)) {
            switch loadStateOf(Int32(h)) {
            case .none, .loaded: setFlag(Self.expandedBit, true, of: Int32(h))
            case .unloaded: setFlag(Self.expandedBit, false, of: Int32(h))
            case .loading: break
            }
        }
        waiting.removeAll()
        return rehideEverything()
    }

    /// Clears every flag (R6); pending loads continue. Every section's rows are replaced.
    ///
    /// - Complexity: O(n).
    public mutating func collapseAll() -> OutlineUpdate<ID> {
        for h in 0..<flags.count { flags[h] &= ~Self.expandedBit }
        waiting.removeAll()
        return rehideEverything()
    }

    private mutating func rehideEverything() -> OutlineUpdate<ID> {
        var update = OutlineUpdate<ID>(status: .applied)
        for section in sections.indices {
            // childHidden[d]: the collapsed ancestors of a node at depth d + 1 under the
            // current node at depth d.
            var childHidden: [Int32] = []
            let before = sections[section].rowCount
            let flags = self.flags
            sections[section].rewriteHidden { entry in
                let depth = Int(entry.depth)
                let hidden: Int32 = depth == 0 ? 0 : childHidden[depth - 1]
                if !entry.isPlaceholder {
                    // Preorder: a node at depth d follows its parent's chain, so the slots
                    // below d are its ancestors' and the ones above are stale.
                    let below = hidden + (flags[Int(entry.handle)] & Self.expandedBit != 0 ? 0 : 1)
                    if depth < childHidden.count { childHidden[depth] = below } else { childHidden.append(below) }
                }
                return hidden
            }
            if before > 0 || sections[section].rowCount > 0 { update.reloadedSections.append(section) }
        }
        _checkInvariants()
        return update
    }

    private mutating func expandRecursively(_ h: Int32) -> OutlineUpdate<ID> {
        let (section, index, entry) = place(of: h)
        let end = subtreeEnd(section, index, depth: entry.depth)
        var changed = false
        var requests: [OutlineLoadRequest<ID>] = []
        sections[section].forEachEntryIn(index..<end) { entry in
            let node = entry.handle
            guard !entry.isPlaceholder, isContainerHandle(node), !isExpandedHandle(node) else { return }
            let state = loadStateOf(node)
            if node == h || state == .none || state == .loaded || state == .loading { changed = true }
        }
        guard changed else { return OutlineUpdate(status: .noChange) }
        let shownBefore = entry.hidden == 0 ? sections[section].summary(of: (index + 1)..<end).rows(hiddenTag: 0) : 0
        let configurationBefore = configuration(of: entry)
        var handles: [Int32] = []
        sections[section].forEachEntryIn(index..<end) { entry in
            if !entry.isPlaceholder { handles.append(entry.handle) }
        }
        for node in handles where isContainerHandle(node) {
            let state = loadStateOf(node)
            if state == .none || state == .loaded || state == .loading || node == h { setFlag(Self.expandedBit, true, of: node) }
        }
        rehide(section: section, index..<end)
        if loadStateOf(h) == .unloaded {
            if entry.hidden == 0 { requests.append(issueRequest(h)) } else { waiting.insert(h) }
        }
        for node in handles where node != h && isExpandedHandle(node) && loadStateOf(node) == .unloaded { waiting.insert(node) }
        var update = OutlineUpdate<ID>(status: .expanded)
        if entry.hidden == 0 {
            requests += activateWaiting(inSection: section)
            let row = sections[section].rowsBefore(index).rows
            let newEnd = subtreeEnd(section, index, depth: entry.depth)
            let shown = Int(sections[section].summary(of: (index + 1)..<newEnd).rows(hiddenTag: 0))
            if shownBefore > 0 { update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + Int(shownBefore)))) }
            if shown > 0 { update.insertedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + shown))) }
            if configuration(of: entry) != configurationBefore { update.reconfiguredRows.append(ItemPath(section: section, item: row)) }
        }
        update.loadRequests = requests
        _checkInvariants()
        return update
    }

    private mutating func collapseRecursively(_ h: Int32) -> OutlineUpdate<ID> {
        let (section, index, entry) = place(of: h)
        let end = subtreeEnd(section, index, depth: entry.depth)
        var handles: [Int32] = []
        sections[section].forEachEntryIn(index..<end) { entry in
            if !entry.isPlaceholder && isExpandedHandle(entry.handle) { handles.append(entry.handle) }
        }
        guard !handles.isEmpty else { return OutlineUpdate(status: .noChange) }
        let shown = entry.hidden == 0 ? Int(sections[section].summary(of: (index + 1)..<end).rows(hiddenTag: 0)) : 0
        let wasExpanded = isExpandedHandle(h)
        for node in handles {
            setFlag(Self.expandedBit, false, of: node)
            waiting.remove(node)
        }
        rehide(section: section, index..<end)
        var update = OutlineUpdate<ID>(status: .collapsed)
        if entry.hidden == 0 {
            let row = sections[section].rowsBefore(index).rows
            if shown > 0 { update.deletedRows.append(OutlineRows(section: section, rows: (row + 1)..<(row + 1 + shown))) }
            if wasExpanded { update.reconfiguredRows.append(ItemPath(section: section, item: row)) }
        }
        _checkInvariants()
        return update
    }

    /// Recomputes `hidden` for the subtree at `range` (its first entry keeps its own) from
    /// the flags, by taking the entries out and putting them back.
    mutating func rehide(section: Int, _ range: Range<Int>) {
        var entries = sections[section].remove(range, leafOf: &leafOf)
        Self.recomputeHidden(&entries, flags: flags)
        sections[section].insert(entries, at: range.lowerBound, leafOf: &leafOf)
    }

    /// Gives every entry after the first the collapsed ancestors its flags imply, relative
    /// to the first entry's own `hidden` and `depth`.
    static func recomputeHidden(_ entries: inout [OutlineEntry], flags: [UInt8]) {
        guard let first = entries.first else { return }
        var childHidden: [Int32] = []
        for k in entries.indices {
            let depth = Int(entries[k].depth - first.depth)
            let hidden = depth == 0 ? entries[k].hidden : childHidden[depth - 1]
            entries[k].hidden = hidden
            if !entries[k].isPlaceholder {
                let below = hidden + (flags[Int(entries[k].handle)] & expandedBit != 0 ? 0 : 1)
                if depth < childHidden.count { childHidden[depth] = below } else { childHidden.append(below) }
            }
        }
    }
}

extension OutlineSequence {
    /// Calls `body` with the entries of `range` in order (true values).
    ///
    /// - Complexity: O(k log n).
    package func forEachEntryIn(_ range: Range<Int>, _ body: (OutlineEntry) -> Void) {
        // Entries one by one through the leaves: a range is visited by index.
        var index = range.lowerBound
        while index < range.upperBound {
            body(entry(at: index))
            index += 1
        }
    }
}
