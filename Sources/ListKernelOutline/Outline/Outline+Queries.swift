public import ListKernelCore

extension Outline {
    /// The number of sections.
    ///
    /// - Complexity: O(1).
    @inlinable public var sectionCount: Int { sections.count }

    /// The number of nodes, visible or hidden, in all sections (placeholders are not nodes).
    ///
    /// - Complexity: O(1).
    @inlinable public var nodeCount: Int { handleOf.count }

    /// Whether a node has identifier `id`.
    ///
    /// - Complexity: O(1).
    @inlinable public func contains(_ id: ID) -> Bool { handleOf[id] != nil }

    /// The number of rows of `section` (0 for a section that does not exist).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func rowCount(inSection section: Int) -> Int {
        section >= 0 && section < sections.count ? sections[section].rowCount : 0
    }

    /// The total extent of `section`'s rows in points (0 for a section that does not exist).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func rowsExtent(inSection section: Int) -> Double {
        section >= 0 && section < sections.count ? FixedPoint.points(sections[section].rowUnits) : 0
    }

    /// The configuration of row `row.item` of section `row.section`, or `nil` outside the rows.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public func configuration(ofRow row: ItemPath) -> OutlineRowConfiguration<ID>? {
        guard row.section >= 0, row.section < sections.count, row.item >= 0, row.item < sections[row.section].rowCount else { return nil }
        return configuration(of: sections[row.section].entry(ofRow: row.item).entry)
    }

    /// Whether row `row.item` of section `row.section` is a placeholder (the "loading…" row
    /// of a node whose children are being loaded), or `nil` outside the rows. The question a
    /// front end's reuse identifier asks, without building the row's configuration.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public func isPlaceholderRow(_ row: ItemPath) -> Bool? {
        guard row.section >= 0, row.section < sections.count, row.item >= 0, row.item < sections[row.section].rowCount else { return nil }
        return sections[row.section].entry(ofRow: row.item).entry.isPlaceholder
    }

    /// The row showing node `id`, or `nil` if it is hidden or unknown (as AppKit's
    /// `row(forItem:)` returns −1).
    ///
    /// - Complexity: O(log n).
    public func row(of id: ID) -> ItemPath? {
        guard let h = handleOf[id] else { return nil }
        let found = place(of: h)
        guard found.entry.hidden == 0 else { return nil }
        return ItemPath(section: found.section, item: sections[found.section].rowsBefore(found.index).rows)
    }

    /// The row whose span holds `offset` points, measured from the top of `section`'s first
    /// row, with the row's top; `nil` outside `0..<rowsExtent(inSection:)` or for NaN. An
    /// offset on a boundary belongs to the row that starts there; zero-extent rows are never
    /// returned.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public func row(atOffset offset: Double, inSection section: Int) -> (row: ItemPath, top: Double)? {
        guard section >= 0, section < sections.count, let units = FixedPoint.offsetUnits(offset),
              let found = sections[section].row(atUnits: units) else { return nil }
        return (ItemPath(section: section, item: found.row), FixedPoint.points(found.top))
    }

    /// The top of row `row.item` of section `row.section`, from the section's first row, or
    /// `nil` outside the rows.
    ///
    /// - Complexity: O(log n).
    public func top(ofRow row: ItemPath) -> Double? {
        guard row.section >= 0, row.section < sections.count, row.item >= 0, row.item < sections[row.section].rowCount else { return nil }
        return FixedPoint.points(sections[row.section].rowsBefore(sections[row.section].indexOfRow(row.item)).units)
    }

    /// The extent of row `row.item` of section `row.section` in points, or `nil` outside the
    /// rows.
    ///
    /// - Complexity: O(log n).
    public func extent(ofRow row: ItemPath) -> Double? {
        guard row.section >= 0, row.section < sections.count, row.item >= 0, row.item < sections[row.section].rowCount else { return nil }
        return FixedPoint.points(Int64(sections[row.section].entry(ofRow: row.item).entry.units))
    }

    /// Calls `body` with each row of `section` from row `row` on, in order (its address, its
    /// top from the section's first row, its extent, its configuration), until `body`
    /// returns `false`. Collapsed subtrees are stepped over by their summaries, never visited.
    ///
    /// - Complexity: O(log n + k) for k rows visited.
    @inlinable
    public func forEachRow(
        inSection section: Int, from row: Int,
        _ body: (_ row: ItemPath, _ top: Double, _ extent: Double, _ configuration: OutlineRowConfiguration<ID>) -> Bool
    ) {
        guard section >= 0, section < sections.count, row >= 0, row < sections[section].rowCount else { return }
        let start = sections[section].indexOfRow(row)
        var units = sections[section].rowsBefore(start).units
        var current = row
        sections[section].forEachRow(from: start) { _, entry in
            let keepGoing = body(ItemPath(section: section, item: current), FixedPoint.points(units), FixedPoint.points(Int64(entry.units)), configuration(of: entry))
            units += Int64(entry.units)
            current += 1
            return keepGoing
        }
    }

    /// The extents in points of rows `rows` of `section`, in order (the part of the range
    /// outside the section's rows is left out): what a list needs for rows just shown,
    /// without building each row's configuration.
    ///
    /// - Complexity: O(log n + k) for k rows.
    public func rowExtents(_ rows: Range<Int>, inSection section: Int) -> [Double] {
        guard section >= 0, section < sections.count else { return [] }
        let lower = max(0, rows.lowerBound), upper = min(rows.upperBound, sections[section].rowCount)
        guard lower < upper else { return [] }
        var extents: [Double] = []
        extents.reserveCapacity(upper - lower)
        sections[section].forEachRow(from: sections[section].indexOfRow(lower)) { _, entry in
            extents.append(FixedPoint.points(Int64(entry.units)))
            return extents.count < upper - lower
        }
        return extents
    }

    /// Whether node `id` is expanded (its identifier is in the expansion set). Hidden nodes
    /// keep their flags (R3).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func isExpanded(_ id: ID) -> Bool {
        guard let h = handleOf[id] else { return false }
        return isExpandedHandle(h)
    }

    /// Whether node `id` can hold children (it shows a disclosure arrow).
    ///
    /// - Complexity: O(1).
    public func isExpandable(_ id: ID) -> Bool {
        guard let h = handleOf[id] else { return false }
        return isContainerHandle(h)
    }

    /// Whether node `id` is a row: every ancestor is expanded.
    ///
    /// - Complexity: O(log n).
    public func isVisible(_ id: ID) -> Bool {
        guard let h = handleOf[id] else { return false }
        return place(of: h).entry.hidden == 0
    }

    /// Node `id`'s loading state, or `nil` for an unknown identifier.
    ///
    /// - Complexity: O(1).
    public func loadState(of id: ID) -> OutlineLoadState? {
        guard let h = handleOf[id] else { return nil }
        return loadStateOf(h)
    }

    /// Node `id`'s section, or `nil` for an unknown identifier.
    ///
    /// - Complexity: O(1).
    public func section(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        return Int(sectionOf[Int(h)])
    }

    /// Node `id`'s depth (0 at the top level), or `nil` for an unknown identifier.
    ///
    /// - Complexity: O(log n).
    public func depth(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        return Int(place(of: h).entry.depth)
    }

    /// Node `id`'s parent, or `nil` for a top-level node or an unknown identifier.
    ///
    /// - Complexity: O(1) (a hash lookup and two reads).
    @inlinable
    public func parent(of id: ID) -> ID? {
        guard let h = handleOf[id] else { return nil }
        let parent = parentOf[Int(h)]
        return parent < 0 ? nil : ids[Int(parent)]
    }

    /// Node `id`'s index among its siblings, or `nil` for an unknown identifier.
    ///
    /// - Complexity: O(log n).
    public func indexInParent(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        let found = place(of: h)
        let start = found.entry.depth > 0 ? sections[found.section].lastIndex(before: found.index, depthAtMost: found.entry.depth - 1)! + 1 : 0
        let summary = sections[found.section].summary(of: start..<found.index)
        return summary.count > 0 && summary.minDepth == found.entry.depth ? Int(summary.countAtMinDepth) : 0
    }

    /// Node `id`'s number of children, or `nil` for an unknown identifier (a placeholder is
    /// not a child).
    ///
    /// - Complexity: O(log n).
    public func childCount(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        return childCount(handle: h)
    }

    func childCount(handle h: Int32) -> Int {
        if loadStateOf(h) == .loading || loadStateOf(h) == .unloaded { return 0 }
        let found = place(of: h)
        let end = subtreeEnd(found.section, found.index, depth: found.entry.depth)
        let summary = sections[found.section].summary(of: (found.index + 1)..<end)
        return summary.count > 0 ? Int(summary.countAtMinDepth) : 0
    }

    /// The number of top-level nodes of `section` (0 for a section that does not exist).
    ///
    /// - Complexity: O(1).
    public func topLevelCount(inSection section: Int) -> Int {
        guard section >= 0, section < sections.count else { return 0 }
        let total = sections[section].total
        return total.count > 0 && total.minDepth == 0 ? Int(total.countAtMinDepth) : 0
    }

    /// The number of nodes strictly below node `id`, visible or not (placeholders are not
    /// counted), or `nil` for an unknown identifier.
    ///
    /// - Complexity: O(log n).
    public func descendantCount(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        let found = place(of: h)
        let end = subtreeEnd(found.section, found.index, depth: found.entry.depth)
        let summary = sections[found.section].summary(of: (found.index + 1)..<end)
        return Int(summary.count - summary.placeholders)
    }

    /// The number of rows strictly below node `id` that its subtree shows: 0 if it is
    /// collapsed; placeholders count. For a hidden node, the rows it would show once its
    /// ancestors are expanded. `nil` for an unknown identifier.
    ///
    /// - Complexity: O(log n).
    public func visibleDescendantCount(of id: ID) -> Int? {
        guard let h = handleOf[id] else { return nil }
        let found = place(of: h)
        let end = subtreeEnd(found.section, found.index, depth: found.entry.depth)
        let summary = sections[found.section].summary(of: (found.index + 1)..<end)
        return summary.count > 0 && summary.minHidden == found.entry.hidden ? Int(summary.countAtMinHidden) : 0
    }

    /// Node `id`'s path (section and child indexes), visible or hidden, or `nil` for an
    /// unknown identifier.
    ///
    /// - Complexity: O(depth · log n).
    public func path(of id: ID) -> OutlinePath? {
        guard var h = handleOf[id] else { return nil }
        var indexes: [Int] = []
        let section = Int(sectionOf[Int(h)])
        while true {
            let found = place(of: h)
            let parentIndex = found.entry.depth > 0 ? sections[section].lastIndex(before: found.index, depthAtMost: found.entry.depth - 1) : nil
            let start = parentIndex.map { $0 + 1 } ?? 0
            let summary = sections[section].summary(of: start..<found.index)
            indexes.append(summary.count > 0 && summary.minDepth == found.entry.depth ? Int(summary.countAtMinDepth) : 0)
            guard let parentIndex else { break }
            h = sections[section].entry(at: parentIndex).handle
        }
        return OutlinePath(section: section, indexes.reversed())
    }

    /// The node at `path`, or `nil` for a path that names no node.
    ///
    /// - Complexity: O(depth · log n).
    public func node(at path: OutlinePath) -> ID? {
        guard path.section >= 0, path.section < sections.count, !path.indexes.isEmpty else { return nil }
        var range = 0..<sections[path.section].count
        var index = -1
        for (level, child) in path.indexes.enumerated() {
            guard let found = sections[path.section].index(ofEntry: child, atDepth: Int32(level), in: range),
                  !sections[path.section].entry(at: found).isPlaceholder else { return nil }
            index = found
            range = (found + 1)..<subtreeEnd(path.section, found, depth: Int32(level))
        }
        return ids[Int(sections[path.section].entry(at: index).handle)]
    }

    /// Child `index` of `parent` (`nil`: the top level of `section`), or `nil` if there is none.
    ///
    /// - Complexity: O(log n).
    public func child(_ index: Int, of parent: ID?, inSection section: Int = 0) -> ID? {
        let located: (section: Int, range: Range<Int>, depth: Int32)
        if let parent {
            guard let h = handleOf[parent] else { return nil }
            let found = place(of: h)
            located = (found.section, (found.index + 1)..<subtreeEnd(found.section, found.index, depth: found.entry.depth), found.entry.depth + 1)
        } else {
            guard section >= 0, section < sections.count else { return nil }
            located = (section, 0..<sections[section].count, 0)
        }
        guard let found = sections[located.section].index(ofEntry: index, atDepth: located.depth, in: located.range) else { return nil }
        let entry = sections[located.section].entry(at: found)
        return entry.isPlaceholder ? nil : ids[Int(entry.handle)]
    }

    /// Node `id`'s extent in points (measured, or the estimate), or `nil` for an unknown
    /// identifier.
    ///
    /// - Complexity: O(log n).
    public func extent(of id: ID) -> Double? {
        guard let h = handleOf[id] else { return nil }
        return FixedPoint.points(Int64(place(of: h).entry.units))
    }

    /// Whether node `id`'s extent was measured (or given) rather than estimated.
    ///
    /// - Complexity: O(1).
    public func isMeasured(_ id: ID) -> Bool {
        guard let h = handleOf[id] else { return false }
        return flags[Int(h)] & Self.measuredBit != 0
    }
}
