public import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelCore

/// What `Outline.apply(_:expansion:)` does with expansion flags (R14).
///
/// - Complexity: every member is O(1).
public struct OutlineExpansionPolicy: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case retain, fromSnapshot }
    let kind: Kind

    /// Surviving nodes keep their flags; new nodes take the snapshot's (the default):
    /// AppKit keeps expansion across reloads, and UIKit's "the snapshot wins" draws
    /// complaints from apps that rebuild snapshots from their model.
    public static var retain: OutlineExpansionPolicy { OutlineExpansionPolicy(kind: .retain) }
    /// Every node takes the snapshot's flag.
    public static var fromSnapshot: OutlineExpansionPolicy { OutlineExpansionPolicy(kind: .fromSnapshot) }
}

extension Outline {
    /// The outline as a snapshot: every node in preorder with its depth, whether it is a
    /// container or lazy (a loaded lazy node is written as a container with its children),
    /// its flag and, if measured, its extent.
    ///
    /// - Complexity: O(n).
    public func snapshot() -> OutlineSnapshot<ID> {
        let sections = sections.map { sequence in
            var items: [OutlineItem<ID>] = []
            items.reserveCapacity(sequence.count)
            sequence.forEachEntry { _, entry in
                guard !entry.isPlaceholder else { return }
                let h = entry.handle
                let state = loadStateOf(h)
                let children: OutlineItem<ID>.Children = state == .unloaded || state == .loading ? .lazy : (isContainerHandle(h) ? .container : .none)
                items.append(OutlineItem(
                    ids[Int(h)]!, depth: Int(entry.depth), children: children, isExpanded: isExpandedHandle(h),
                    extent: flags[Int(h)] & Self.measuredBit != 0 ? Double(entry.units) / 256 : nil
                ))
            }
            return items
        }
        return try! OutlineSnapshot(sections: sections)
    }

    /// Replaces the whole outline with `snapshot` (R14): the tree diff from the current
    /// outline is computed and returned; surviving nodes keep their measured extents and,
    /// with `.retain`, their flags; deleted nodes' requests are dropped; a surviving lazy
    /// node that is loading keeps its request if the snapshot still declares it lazy. The
    /// update reports every section as reloaded. A snapshot whose section count differs from
    /// the outline's is rejected (`.sectionOutOfRange`), as is one holding an extent that is
    /// not valid (`.invalidExtent`).
    ///
    /// - Complexity: O(n log n) for the diff, O(n) to rebuild.
    public mutating func apply(_ snapshot: OutlineSnapshot<ID>, expansion: OutlineExpansionPolicy = .retain) -> (update: OutlineUpdate<ID>, diff: OutlineDiff<ID>?) {
        guard snapshot.sections.count == sections.count else {
            return (OutlineUpdate(status: .sectionOutOfRange(section: snapshot.sections.count, sectionCount: sections.count)), nil)
        }
        guard snapshot.count <= Self.maximumNodeCount else { return (OutlineUpdate(status: .tooManyNodes(count: 0, adding: snapshot.count)), nil) }
        for items in snapshot.sections {
            for item in items {
                if let extent = item.extent, FixedPoint.elementUnits(extent) == nil { return (OutlineUpdate(status: .invalidExtent(extent)), nil) }
            }
        }
        let diff = OutlineDiff(from: self.snapshot(), to: snapshot)
        // Purge the deleted nodes.
        for id in diff.deleted { freeHandle(handleOf[id]!) }
        var update = OutlineUpdate<ID>(status: .applied)
        for (section, items) in snapshot.sections.enumerated() {
            var entries: [OutlineEntry] = []
            entries.reserveCapacity(items.count)
            var chain: [Int32] = []
            for (k, item) in items.enumerated() {
                let parent = item.depth == 0 ? -1 : chain[item.depth - 1]
                let hasChildren = k + 1 < items.count && items[k + 1].depth > item.depth
                let isContainer = item.children != .none || hasChildren
                let h: Int32
                var units = estimateUnits
                if let existing = handleOf[item.id] {
                    h = existing
                    units = place(of: h).entry.units
                    sectionOf[Int(h)] = Int32(section)
                    parentOf[Int(h)] = parent
                    let keepsLoad = item.children == .lazy && loadStateOf(h) == .loading
                    if !keepsLoad, let serial = pendingSerial.removeValue(forKey: h) { requests[serial]?.state = .superseded }
                    if !keepsLoad { setLoadState(item.children == .lazy ? .unloaded : .none, of: h) }
                    if expansion == .fromSnapshot { setFlag(Self.expandedBit, item.isExpanded, of: h) }
                } else {
                    h = allocateHandle(item.id, section: section, parent: parent, flags: item.isExpanded ? Self.expandedBit : 0)
                    if item.children == .lazy { setLoadState(.unloaded, of: h) }
                }
                if let extent = item.extent, let measured = FixedPoint.elementUnits(extent) {
                    units = measured
                    setFlag(Self.measuredBit, true, of: h)
                }
                setFlag(Self.containerBit, isContainer, of: h)
                if !isContainer { setFlag(Self.expandedBit, false, of: h) }
                if chain.count > item.depth { chain.removeSubrange(item.depth...) }
                chain.append(h)
                entries.append(OutlineEntry(units: units, hidden: 0, depth: Int32(item.depth), handle: h))
                if loadStateOf(h) == .loading {
                    entries.append(OutlineEntry(units: placeholderUnits, hidden: 0, depth: Int32(item.depth) + 1, handle: OutlineEntry.placeholderHandle(of: h)))
                }
            }
            // Hidden counts from the flags, over the whole section (top-level nodes have none).
            var childHidden: [Int32] = []
            for k in entries.indices {
                let depth = Int(entries[k].depth)
                entries[k].hidden = depth == 0 ? 0 : childHidden[depth - 1]
                if !entries[k].isPlaceholder {
                    if childHidden.count > depth { childHidden.removeSubrange(depth...) }
                    childHidden.append(entries[k].hidden + (isExpandedHandle(entries[k].handle) ? 0 : 1))
                }
            }
            sections[section] = OutlineSequence(entries, leafOf: &leafOf)
            update.reloadedSections.append(section)
        }
        waiting = Set(handleOf.values.filter { isExpandedHandle($0) && loadStateOf($0) == .unloaded })
        for section in sections.indices { update.loadRequests += activateWaiting(inSection: section) }
        _checkInvariants()
        return (update, diff)
    }
}
