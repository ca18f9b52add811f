@_spi(ListKernelTesting) public import ListKernelCore

/// Changes to the layout. Each validates all of its input, `ListLimits` included, before
/// touching anything, so a call that throws leaves the layout exactly as it was, and runs
/// `_checkInvariants()` after it (in debug builds).
extension ListLayout {
    /// Collapses or expands `section`. Its items stay in the model with their extents; a
    /// collapsed section lays out its header and footer only.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`.
    /// - Complexity: O(log S).
    public mutating func setCollapsed(_ collapsed: Bool, section: Int) throws(LayoutError) {
        try checkSection(section)
        updateSection(section, touchingItems: false) { $0.isCollapsed = collapsed }
        _checkInvariants()
    }

    /// Sets the extent of item `path` (by default, as measured). Setting a uniform
    /// section's item to another extent turns that section's storage per-item, once.
    ///
    /// ```swift
    /// try layout.setItemExtent(114, at: ItemPath(section: 0, item: 3))   // a cell expanded
    /// ```
    ///
    /// - Throws: `LayoutError.itemOutOfRange`, `.sectionOutOfRange`, `.invalidExtent`;
    ///   `.tooManyPerItemExtents` when the section would turn per-item past
    ///   `ListLimits.maximumPerItemCount`; `.contentTooLong`.
    /// - Complexity: O(log n); O(items in the section) once when a uniform section turns
    ///   per-item.
    public mutating func setItemExtent(_ points: Double, at path: ItemPath, isMeasured: Bool = true) throws(LayoutError) {
        try checkSection(path.section)
        let units = try ListLayout.units(points, for: "item \(path)")
        try setUnits(CollectionOfOne(units), from: path, isMeasured: isMeasured)
    }

    /// Sets the extents of consecutive items of one section (by default, as measured):
    /// `points[0]` for item `start`, `points[1]` for the next, and so on. `setItemExtent` for
    /// a block, with one update of the section's place in the section tree. All are checked
    /// first; when one fails nothing changes.
    ///
    /// ```swift
    /// try layout.setItemExtents([60, 44, 120], from: ItemPath(section: 0, item: 10))
    /// ```
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`; `.itemOutOfRange` for the first item of
    ///   the block outside the section; `.invalidExtent` for the first bad extent;
    ///   `.tooManyPerItemExtents`, `.contentTooLong` as `setItemExtent`.
    /// - Complexity: O(k log n) for k extents (O(k) in a section of one run); O(items in
    ///   the section) once when a uniform section turns per-item.
    public mutating func setItemExtents(_ points: [Double], from start: ItemPath, isMeasured: Bool = true) throws(LayoutError) {
        try checkSection(start.section)
        guard !points.isEmpty else { return }
        var units: [Int32] = []
        units.reserveCapacity(points.count)
        for (offset, value) in points.enumerated() {
            units.append(try ListLayout.units(value, for: "item \(ItemPath(section: start.section, item: start.item + offset))"))
        }
        try setUnits(units, from: start, isMeasured: isMeasured)
    }

    /// Sets items `start.item ..< start.item + units.count` of `start.section` (a section
    /// that exists) to `units`, for `setItemExtent` and `setItemExtents`. One descent: the
    /// range and the per-item limit are checked on the record in place, and nothing is
    /// changed when either fails. The new extents alone bound the content's growth; the old
    /// ones are read only near the limit.
    ///
    /// - Complexity: O(k log n) for k extents.
    private mutating func setUnits(_ units: some Collection<Int32>, from start: ItemPath, isMeasured: Bool) throws(LayoutError) {
        let added = units.reduce(Int64(0)) { $0 + Int64($1) }
        let nearLimit = allUnits + added > ListLimits.maximumContentUnits
        let (items, content) = (allItemCount, allUnits)
        var failure: LayoutError?
        updateSection(start.section) { record in
            let count = record.items.count
            guard start.item >= 0, start.item < count else {
                failure = .itemOutOfRange(start, itemCount: count)
                return
            }
            guard start.item + units.count <= count else {
                failure = .itemOutOfRange(ItemPath(section: start.section, item: count), itemCount: count)
                return
            }
            if count > ListLimits.maximumPerItemCount, units.contains(where: { record.items.turnsPerItem(storing: $0, measured: isMeasured) }) {
                failure = .tooManyPerItemExtents(section: start.section, itemCount: count)
                return
            }
            if nearLimit {
                var removed: Int64 = 0
                for offset in 0..<units.count { removed += Int64(record.items.extent(at: start.item + offset)) }
                do throws(LayoutError) {
                    try ListLayout.checkGrowth(items: items, units: content, addingUnits: added - removed)
                } catch {
                    failure = error
                    return
                }
            }
            for (offset, value) in units.enumerated() {
                _ = record.items.set(value, measured: isMeasured, at: start.item + offset)
            }
        }
        if let failure { throw failure }
        _checkInvariants()
    }

    /// Sets the estimate of `section`'s unmeasured items (and of items inserted later). A
    /// uniform section has no estimate, and is left as it is.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.invalidExtent`, `.contentTooLong`.
    /// - Complexity: O(log S) while no item of the section is measured one by one; O(items
    ///   in the section) otherwise.
    public mutating func setEstimatedItemExtent(_ points: Double, section: Int) throws(LayoutError) {
        try checkSection(section)
        let units = try ListLayout.units(points, for: "the estimate of section \(section)")
        let items = sections[section].items
        let (delta, overflow) = Int64(items.estimatedCount).multipliedReportingOverflow(by: Int64(units) - Int64(items.defaultExtent))
        guard !overflow else {
            throw .contentTooLong(extent: FixedPoint.points(allUnits), adding: Double(items.estimatedCount) * (points - FixedPoint.points(Int64(items.defaultExtent))))
        }
        try ListLayout.checkGrowth(items: allItemCount, units: allUnits, addingUnits: delta)
        updateSection(section) { _ = $0.items.setEstimate(units) }
        _checkInvariants()
    }

    /// Sets the extent of `section`'s header; `nil` removes the header.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.invalidExtent`, `.contentTooLong`.
    /// - Complexity: O(log S).
    public mutating func setHeaderExtent(_ points: Double?, section: Int) throws(LayoutError) {
        try checkSection(section)
        let units = try points.map { v throws(LayoutError) in try ListLayout.units(v, for: "the header of section \(section)") } ?? -1
        try ListLayout.checkGrowth(items: allItemCount, units: allUnits, addingUnits: Int64(max(units, 0)) - sections[section].headerUnits)
        updateSection(section, touchingItems: false) { $0.header = units }
        _checkInvariants()
    }

    /// Sets the extent of `section`'s footer; `nil` removes the footer.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.invalidExtent`, `.contentTooLong`.
    /// - Complexity: O(log S).
    public mutating func setFooterExtent(_ points: Double?, section: Int) throws(LayoutError) {
        try checkSection(section)
        let units = try points.map { v throws(LayoutError) in try ListLayout.units(v, for: "the footer of section \(section)") } ?? -1
        try ListLayout.checkGrowth(items: allItemCount, units: allUnits, addingUnits: Int64(max(units, 0)) - sections[section].footerUnits)
        updateSection(section, touchingItems: false) { $0.footer = units }
        _checkInvariants()
    }

    /// Inserts `count` items before item `path.item` of `path.section` (`path.item` may
    /// equal the item count, to append). They take `measuredExtent` (as measured) or, when
    /// it is `nil`, the section's uniform extent or estimate.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.itemInsertionOutOfRange`,
    ///   `.invalidCount`, `.invalidExtent`; `.tooManyItems`, `.contentTooLong` or
    ///   `.tooManyPerItemExtents` past `ListLimits`.
    /// - Complexity: O(log S) for a uniform or estimated section that stays so (items at
    ///   its own extent), whatever `count` is; O(k · (log n + 2048)) for k < 64 items into a
    ///   per-item section (chunks of at most 2048 extents, so inserting at the front of a
    ///   million-item section moves one chunk, not the section); from 64 items on, one
    ///   splice of the chunk they land in, O(log S + k + 2048 + r) for a section of r chunks
    ///   (about one per 1024 items).
    public mutating func insertItems(at path: ItemPath, count: Int = 1, measuredExtent: Double? = nil) throws(LayoutError) {
        try insertItems(at: path, count: count, measuredExtent: measuredExtent, slots: .none)
    }

    /// `insertItems(at:count:measuredExtent:)`, with the section's record slot taken from
    /// `slots` when it holds it (`itemCountsAndSlots(inSections:)`, no section change since).
    ///
    /// - Complexity: as `insertItems(at:count:measuredExtent:)`, less one descent.
    package mutating func insertItems(at path: ItemPath, count: Int, measuredExtent: Double?, slots: SectionSlots) throws(LayoutError) {
        try checkSection(path.section)
        let place = place(of: path.section, known: slots)
        let items = sections[slot: place.slot].items
        guard path.item >= 0, path.item <= items.count else { throw .itemInsertionOutOfRange(path, itemCount: items.count) }
        guard count >= 0 else { throw .invalidCount(count, for: "the items inserted at \(path)") }
        let units = try measuredExtent.map { v throws(LayoutError) in try ListLayout.units(v, for: "the items inserted at \(path)") }
        try ListLayout.checkGrowth(items: allItemCount, units: allUnits, addingItems: count, extent: units ?? items.defaultExtent)
        let converting = count > 0 && units.map { items.turnsPerItem(storing: $0, measured: true) } == true
        try ListLayout.checkPerItem(items, section: path.section, itemCount: items.count + count, converting: converting)
        updateSection(path.section, at: place) { $0.items.insert(units, count: count, at: path.item) }
        _checkInvariants()
    }

    /// Deletes the items in `range` of `section`.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.rangeOutOfBounds`.
    /// - Complexity: O(log S) for a uniform or estimated section; O(k · (log n + 2048))
    ///   otherwise for k < 64 items, and from 64 on one splice of the chunks that hold them,
    ///   O(log S + k + 2048 + r) for a section of r chunks (about one per 1024 items).
    public mutating func deleteItems(_ range: Range<Int>, inSection section: Int) throws(LayoutError) {
        try deleteItems(range, inSection: section, slots: .none)
    }

    /// `deleteItems(_:inSection:)`, with the section's record slot taken from `slots` when
    /// it holds it (`itemCountsAndSlots(inSections:)`, no section change since).
    ///
    /// - Complexity: as `deleteItems(_:inSection:)`, less one descent.
    package mutating func deleteItems(_ range: Range<Int>, inSection section: Int, slots: SectionSlots) throws(LayoutError) {
        try checkSection(section)
        let place = place(of: section, known: slots)
        let itemCount = sections[slot: place.slot].items.count
        guard range.lowerBound >= 0, range.upperBound <= itemCount else {
            throw .rangeOutOfBounds(range, bound: itemCount, for: "items of section \(section)")
        }
        updateSection(section, at: place) { $0.items.remove(range) }
        _checkInvariants()
    }

    /// Moves item `source` to `destination`, an index path in the state after the move (as
    /// UIKit's `moveRow(at:to:)`). A measured item keeps its extent; an unmeasured one
    /// takes the destination section's estimate (or uniform extent).
    ///
    /// - Throws: `LayoutError.itemOutOfRange` for the source, `.itemInsertionOutOfRange` for
    ///   the destination, `.sectionOutOfRange` for either section; `.contentTooLong` or
    ///   `.tooManyPerItemExtents` past `ListLimits`.
    /// - Complexity: O(log n + 2048).
    public mutating func moveItem(from source: ItemPath, to destination: ItemPath) throws(LayoutError) {
        try checkItem(source)
        try checkSection(destination.section)
        let sameSection = source.section == destination.section
        let target = sections[destination.section].items
        let finalCount = target.count - (sameSection ? 1 : 0)
        guard destination.item >= 0, destination.item <= finalCount else {
            throw .itemInsertionOutOfRange(destination, itemCount: finalCount)
        }
        let origin = sections[source.section].items
        let extent = origin.extent(at: source.item)
        let measured = origin.isMeasured(source.item)
        // A measured item keeps its extent; an unmeasured one takes the destination's
        // estimate (or uniform extent).
        let landing: Int32? = measured ? extent : nil
        if !sameSection {
            let converting = landing.map { target.turnsPerItem(storing: $0, measured: true) } == true
            try ListLayout.checkPerItem(target, section: destination.section, itemCount: finalCount + 1, converting: converting)
        } else if let landing, target.turnsPerItem(storing: landing, measured: true) {
            try ListLayout.checkPerItem(target, section: destination.section, itemCount: finalCount + 1, converting: true)
        }
        let arriving = landing ?? target.defaultExtent
        try ListLayout.checkGrowth(items: allItemCount, units: allUnits, addingUnits: Int64(arriving) - Int64(extent))
        updateSection(source.section) { _ = $0.items.remove(at: source.item) }
        updateSection(destination.section) { $0.items.insert(landing, at: destination.item) }
        _checkInvariants()
    }

    /// Inserts `newSections` before section `index` (`index` may equal the section count).
    ///
    /// - Throws: `LayoutError.sectionInsertionOutOfRange`, `.invalidExtent`, `.invalidCount`;
    ///   `.tooManySections`, `.tooManyItems`, `.contentTooLong` or `.tooManyPerItemExtents`
    ///   past `ListLimits`.
    /// - Complexity: O(k log S + m) for k sections with m measured extents.
    public mutating func insertSections(_ newSections: [Section], at index: Int) throws(LayoutError) {
        guard index >= 0, index <= sections.count else {
            throw .sectionInsertionOutOfRange(section: index, sectionCount: sections.count)
        }
        try ListLayout.checkGrowth(sectionCount: sections.count, adding: newSections.count)
        let records = try ListLayout.checkedRecords(newSections, firstIndex: index, items: allItemCount, units: allUnits).records
        for (offset, record) in records.enumerated() { insertRecord(record, at: index + offset) }
        _checkInvariants()
    }

    /// Deletes the sections in `range`.
    ///
    /// - Throws: `LayoutError.rangeOutOfBounds`.
    /// - Complexity: O(k log S) for k sections.
    public mutating func deleteSections(_ range: Range<Int>) throws(LayoutError) {
        guard range.lowerBound >= 0, range.upperBound <= sections.count else {
            throw .rangeOutOfBounds(range, bound: sections.count, for: "sections")
        }
        for _ in range { removeRecord(at: range.lowerBound) }
        _checkInvariants()
    }

    /// Moves section `source` to `destination`, an index in the state after the move.
    ///
    /// - Throws: `LayoutError.sectionOutOfRange` (source or destination).
    /// - Complexity: O(log S).
    public mutating func moveSection(from source: Int, to destination: Int) throws(LayoutError) {
        try checkSection(source)
        try checkSection(destination)
        sections.insert(sections.remove(at: source), at: destination)
        _checkInvariants()
    }

    /// Replaces section `index` with `section` (a reload: header, footer, items and
    /// collapsed flag are all taken from `section`).
    ///
    /// - Throws: `LayoutError.sectionOutOfRange`, `.invalidExtent`, `.invalidCount`;
    ///   `.tooManyItems`, `.contentTooLong` or `.tooManyPerItemExtents` past `ListLimits`.
    /// - Complexity: O(log S + m) for m measured extents.
    public mutating func replaceSection(_ index: Int, with section: Section) throws(LayoutError) {
        try checkSection(index)
        let record = try section.record(index: index)
        let old = sections[index]
        try ListLayout.checkGrowth(items: allItemCount - old.items.count, units: allUnits - old.fullExtent, adding: record)
        updateSection(index) { $0 = record }
        _checkInvariants()
    }
}
