@_spi(ListKernelTesting) import ListKernelCore
public import ListKernelDiffing

extension Outline {
    /// A checked batch of items: their entries (handles still to be given) and flags.
    struct Batch {
        var items: [OutlineItem<ID>]
        var entries: [OutlineEntry]
        var flags: [UInt8]
    }

    enum Prepared {
        case success(Batch)
        case failure(OutlineStatus<ID>)
    }

    /// Checks `items` (depths, identifiers, extents, the node limit) for a place whose
    /// children have depth `baseDepth` and `baseHidden` collapsed ancestors, and computes
    /// their entries. Changes nothing.
    func prepare(_ items: [OutlineItem<ID>], baseDepth: Int32, baseHidden: Int32) -> Prepared {
        guard items.count <= Self.maximumNodeCount - nodeCount else {
            return .failure(.tooManyNodes(count: nodeCount, adding: items.count))
        }
        var seen = Set<ID>(minimumCapacity: items.count)
        var entries: [OutlineEntry] = []
        var batchFlags: [UInt8] = []
        entries.reserveCapacity(items.count)
        batchFlags.reserveCapacity(items.count)
        var childHidden: [Int32] = []
        for (k, item) in items.enumerated() {
            let maximum = k == 0 ? 0 : (items[k - 1].children == .lazy ? items[k - 1].depth : items[k - 1].depth + 1)
            guard item.depth >= 0, item.depth <= maximum else {
                return .failure(.invalidDepth(index: k, depth: item.depth, maximum: maximum))
            }
            guard handleOf[item.id] == nil, seen.insert(item.id).inserted else { return .failure(.duplicateIdentifier(item.id)) }
            var units = estimateUnits
            var value: UInt8 = 0
            if let extent = item.extent {
                guard let measured = FixedPoint.elementUnits(extent) else { return .failure(.invalidExtent(extent)) }
                units = measured
                value |= Self.measuredBit
            }
            let hasChildren = k + 1 < items.count && items[k + 1].depth > item.depth
            let isContainer = item.children != .none || hasChildren
            if isContainer { value |= Self.containerBit }
            if isContainer && item.isExpanded { value |= Self.expandedBit }
            if item.children == .lazy { value |= 1 << Self.loadShift }
            let hidden = item.depth == 0 ? baseHidden : childHidden[item.depth - 1]
            let below = hidden + (value & Self.expandedBit != 0 ? 0 : 1)
            if item.depth < childHidden.count { childHidden[item.depth] = below } else { childHidden.append(below) }
            entries.append(OutlineEntry(units: units, hidden: hidden, depth: baseDepth + Int32(item.depth), handle: 0))
            batchFlags.append(value)
        }
        return .success(Batch(items: items, entries: entries, flags: batchFlags))
    }

    /// Gives the batch's nodes handles and puts them before entry `index` of `section`,
    /// its top-level items under `parent` (-1 for the section's top level).
    mutating func commit(_ batch: Batch, section: Int, at index: Int, parent: Int32) {
        var entries = batch.entries
        // The handle of the last node at each depth of the batch, for its children's parent.
        var chain: [Int32] = []
        for k in entries.indices {
            let depth = batch.items[k].depth
            let h = allocateHandle(batch.items[k].id, section: section, parent: depth == 0 ? parent : chain[depth - 1], flags: batch.flags[k])
            if chain.count > depth { chain.removeSubrange(depth...) }
            chain.append(h)
            entries[k].handle = h
            if batch.flags[k] & Self.expandedBit != 0 && loadStateOf(h) == .unloaded { waiting.insert(h) }
        }
        if sections[section].count == 0 {
            sections[section] = OutlineSequence(entries, leafOf: &leafOf)
        } else {
            sections[section].insert(entries, at: index, leafOf: &leafOf)
        }
    }

    /// Where the children of `parent` (or `section`'s top level) are: section, the entry
    /// range holding them, their depth and collapsed ancestors, and the parent's entry.
    func childPlace(of parent: Int32?, section: Int) -> (section: Int, range: Range<Int>, depth: Int32, hidden: Int32, parentIndex: Int?) {
        guard let parent else { return (section, 0..<sections[section].count, 0, 0, nil) }
        let (section, index, entry) = place(of: parent)
        let end = subtreeEnd(section, index, depth: entry.depth)
        return (section, (index + 1)..<end, entry.depth + 1, entry.hidden + (isExpandedHandle(parent) ? 0 : 1), index)
    }

    /// The entry index where child `index` of a child place goes (its end for the last).
    func insertionIndex(_ index: Int, count: Int, in place: (section: Int, range: Range<Int>, depth: Int32, hidden: Int32, parentIndex: Int?)) -> Int {
        index == count ? place.range.upperBound : sections[place.section].index(ofEntry: index, atDepth: place.depth, in: place.range)!
    }

    /// Inserts `items` (a flat preorder list, see `OutlineItem`) as children `index…` of
    /// `parent`, or at `section`'s top level when `parent` is `nil` (R8). New containers
    /// start collapsed unless an item says otherwise (R5); a leaf parent becomes a collapsed
    /// container. Rows are inserted only where the parent is expanded and visible.
    ///
    /// - Returns: `.applied`, or `.unknownParent`, `.sectionOutOfRange`, `.parentNotLoaded`,
    ///   `.indexOutOfRange`, `.duplicateIdentifier`, `.invalidDepth`, `.invalidExtent`,
    ///   `.tooManyNodes`, each leaving the outline unchanged.
    /// - Complexity: O(k + (k / 32 + 1) log n) for k items (O(k) into an empty section).
    public mutating func insert(_ items: [OutlineItem<ID>], under parent: ID?, inSection section: Int = 0, at index: Int) -> OutlineUpdate<ID> {
        var parentHandle: Int32?
        if let parent {
            guard let h = handleOf[parent] else { return OutlineUpdate(status: .unknownParent(parent)) }
            guard childrenAreKnown(h) else { return OutlineUpdate(status: .parentNotLoaded(parent)) }
            parentHandle = h
        } else {
            guard section >= 0, section < sections.count else { return OutlineUpdate(status: .sectionOutOfRange(section: section, sectionCount: sections.count)) }
        }
        let place = childPlace(of: parentHandle, section: section)
        let count = parentHandle.map { childCount(handle: $0) } ?? topLevelCount(inSection: section)
        guard index >= 0, index <= count else { return OutlineUpdate(status: .indexOutOfRange(index: index, count: count)) }
        let batch: Batch
        switch prepare(items, baseDepth: place.depth, baseHidden: place.hidden) {
        case .failure(let status): return OutlineUpdate(status: status)
        case .success(let prepared): batch = prepared
        }
        guard !items.isEmpty else { return OutlineUpdate(status: .noChange) }
        let at = insertionIndex(index, count: count, in: place)
        var update = OutlineUpdate<ID>(status: .applied)
        var parentRow: Int?
        if let parentHandle, let parentIndex = place.parentIndex, sections[place.section].entry(at: parentIndex).hidden == 0 {
            parentRow = sections[place.section].rowsBefore(parentIndex).rows
            if !isContainerHandle(parentHandle) { update.reconfiguredRows.append(ItemPath(section: place.section, item: parentRow!)) }
        }
        if let parentHandle { setFlag(Self.containerBit, true, of: parentHandle) }
        commit(batch, section: place.section, at: at, parent: parentHandle ?? -1)
        if place.hidden == 0 { update.loadRequests = activateWaiting(inSection: place.section) }
        let end = subtreeEndOfBatch(section: place.section, at: at, depth: place.depth, topCount: batch.items.filter { $0.depth == 0 }.count)
        let rows = Int(sections[place.section].summary(of: at..<end).rows(hiddenTag: 0))
        if rows > 0 {
            let first = sections[place.section].rowsBefore(at).rows
            update.insertedRows.append(OutlineRows(section: place.section, rows: first..<(first + rows)))
        }
        _checkInvariants()
        return update
    }

    /// One past the last entry of a batch of `topCount` siblings inserted at `at`.
    private func subtreeEndOfBatch(section: Int, at: Int, depth: Int32, topCount: Int) -> Int {
        var index = at
        for _ in 0..<topCount { index = subtreeEnd(section, index, depth: depth) }
        return index
    }

    /// Deletes node `id` and its whole subtree (R8), purging their flags, measurements and
    /// pending requests (an answer for one is dropped as `.droppedNodeRemoved`). The
    /// parent stays a container, keeping its flag (R5).
    ///
    /// - Returns: `.applied` or `.unknownIdentifier`.
    /// - Complexity: O(k + (k / 64 + 1) log n) for a subtree of k nodes.
    public mutating func delete(_ id: ID) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        let (section, index, entry) = place(of: h)
        let end = subtreeEnd(section, index, depth: entry.depth)
        var update = OutlineUpdate<ID>(status: .applied)
        if entry.hidden == 0 {
            let row = sections[section].rowsBefore(index).rows
            let shown = 1 + (visibleDescendantCount(of: id) ?? 0)
            update.deletedRows.append(OutlineRows(section: section, rows: row..<(row + shown)))
        }
        let removed = sections[section].remove(index..<end, leafOf: &leafOf)
        for removedEntry in removed where !removedEntry.isPlaceholder { freeHandle(removedEntry.handle) }
        _checkInvariants()
        return update
    }

    /// Moves node `id` with its subtree to child `index` of `parent` (or of `section`'s top
    /// level when `parent` is `nil`), `index` being its final index, counted without it (R9).
    /// Flags, measurements and pending loads travel with the nodes. Rows visible before and
    /// after are reported as moves (and reconfigured if their depth changed); rows that
    /// appear or disappear as inserts or deletes.
    ///
    /// - Returns: `.moved`, `.noChange` (same place), or `.unknownIdentifier`,
    ///   `.unknownParent`, `.sectionOutOfRange`, `.cycle`, `.parentNotLoaded`,
    ///   `.indexOutOfRange`, each leaving the outline unchanged.
    /// - Complexity: O(k + (k / 32 + 1) log n) for a subtree of k nodes.
    public mutating func move(_ id: ID, under parent: ID?, inSection section: Int = 0, to index: Int) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        let (oldSection, oldIndex, entry) = place(of: h)
        let oldEnd = subtreeEnd(oldSection, oldIndex, depth: entry.depth)
        var parentHandle: Int32?
        if let parent {
            guard let p = handleOf[parent] else { return OutlineUpdate(status: .unknownParent(parent)) }
            let parentPlace = place(of: p)
            if parentPlace.section == oldSection && (oldIndex..<oldEnd).contains(parentPlace.index) {
                return OutlineUpdate(status: .cycle(id, into: parent))
            }
            guard childrenAreKnown(p) else { return OutlineUpdate(status: .parentNotLoaded(parent)) }
            parentHandle = p
        } else {
            guard section >= 0, section < sections.count else { return OutlineUpdate(status: .sectionOutOfRange(section: section, sectionCount: sections.count)) }
        }
        let oldParentIndex = entry.depth > 0 ? sections[oldSection].lastIndex(before: oldIndex, depthAtMost: entry.depth - 1) : nil
        let oldParent = oldParentIndex.map { sections[oldSection].entry(at: $0).handle }
        let destinationSection = parentHandle.map { Int(sectionOf[Int($0)]) } ?? section
        let sameParent = oldParent == parentHandle && oldSection == destinationSection
        var count = parentHandle.map { childCount(handle: $0) } ?? topLevelCount(inSection: section)
        if sameParent { count -= 1 }
        guard index >= 0, index <= count else { return OutlineUpdate(status: .indexOutOfRange(index: index, count: count)) }
        if sameParent, indexInParent(of: id) == index { return OutlineUpdate(status: .noChange) }

        var update = OutlineUpdate<ID>(status: .moved)
        let oldRow = entry.hidden == 0 ? sections[oldSection].rowsBefore(oldIndex).rows : nil
        let shown = entry.hidden == 0 ? 1 + (visibleDescendantCount(of: id) ?? 0) : 0
        var parentWasLeaf = false
        if let parentHandle {
            parentWasLeaf = !isContainerHandle(parentHandle)
            setFlag(Self.containerBit, true, of: parentHandle)
        }
        var entries = sections[oldSection].remove(oldIndex..<oldEnd, leafOf: &leafOf)
        let destination = childPlace(of: parentHandle, section: destinationSection)
        let at = insertionIndex(index, count: count, in: destination)
        let dd = destination.depth - entry.depth
        let dh = destination.hidden - entry.hidden
        for k in entries.indices {
            entries[k].depth += dd
            entries[k].hidden += dh
            if destinationSection != oldSection, !entries[k].isPlaceholder { sectionOf[Int(entries[k].handle)] = Int32(destinationSection) }
        }
        sections[destinationSection].insert(entries, at: at, leafOf: &leafOf)
        parentOf[Int(h)] = parentHandle ?? -1
        if destination.hidden == 0 { update.loadRequests = activateWaiting(inSection: destinationSection) }

        let newIndex = place(of: h).index
        let newRow = destination.hidden == 0 ? sections[destinationSection].rowsBefore(newIndex).rows : nil
        let newShown = destination.hidden == 0 ? 1 + (visibleDescendantCount(of: id) ?? 0) : 0
        switch (oldRow, newRow) {
        case (let from?, let to?):
            for k in 0..<shown {
                update.movedRows.append(Move(from: ItemPath(section: oldSection, item: from + k), to: ItemPath(section: destinationSection, item: to + k)))
                if dd != 0 { update.reconfiguredRows.append(ItemPath(section: destinationSection, item: to + k)) }
            }
        case (let from?, nil):
            update.deletedRows.append(OutlineRows(section: oldSection, rows: from..<(from + shown)))
        case (nil, let to?):
            update.insertedRows.append(OutlineRows(section: destinationSection, rows: to..<(to + newShown)))
        case (nil, nil):
            break
        }
        if parentWasLeaf, let parentIndex = destination.parentIndex, sections[destinationSection].entry(at: parentIndex).hidden == 0 {
            update.reconfiguredRows.append(ItemPath(section: destinationSection, item: sections[destinationSection].rowsBefore(parentIndex).rows))
        }
        _checkInvariants()
        return update
    }

    /// Records node `id`'s measured extent, kept while it is hidden and across moves (R10).
    /// A visible node's row is reported in `resizedRows`.
    ///
    /// - Returns: `.applied`, `.noChange`, `.unknownIdentifier` or `.invalidExtent`.
    /// - Complexity: O(log n).
    public mutating func setMeasuredExtent(_ extent: Double, for id: ID) -> OutlineUpdate<ID> {
        guard let h = handleOf[id] else { return OutlineUpdate(status: .unknownIdentifier(id)) }
        guard let units = FixedPoint.elementUnits(extent) else { return OutlineUpdate(status: .invalidExtent(extent)) }
        let (section, index, entry) = place(of: h)
        setFlag(Self.measuredBit, true, of: h)
        guard entry.units != units else { return OutlineUpdate(status: .noChange) }
        sections[section].setUnits(units, at: index)
        var update = OutlineUpdate<ID>(status: .applied)
        if entry.hidden == 0 { update.resizedRows = [ItemPath(section: section, item: sections[section].rowsBefore(index).rows)] }
        _checkInvariants()
        return update
    }
}
