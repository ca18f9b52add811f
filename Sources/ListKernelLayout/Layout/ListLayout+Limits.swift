@_spi(ListKernelTesting) import ListKernelCore

/// The checks that keep a layout within `ListLimits`. Each runs before a mutation changes or
/// allocates anything, with overflow-reporting arithmetic, so a request of `Int.max` items
/// is reported, never wrapped or trapped on.
extension ListLayout {
    /// Throws unless `sectionCount + adding` sections are within the limit.
    ///
    /// - Complexity: O(1).
    static func checkGrowth(sectionCount: Int, adding: Int) throws(LayoutError) {
        let (total, overflow) = sectionCount.addingReportingOverflow(adding)
        guard !overflow, total <= ListLimits.maximumSectionCount else {
            throw .tooManySections(count: sectionCount, adding: adding)
        }
    }

    /// Throws unless a list of `items` items and `units` units can take `count` more items of
    /// `extent` units each.
    ///
    /// - Complexity: O(1).
    static func checkGrowth(items: Int, units: Int64, addingItems count: Int, extent: Int32) throws(LayoutError) {
        let (newItems, itemsOverflow) = items.addingReportingOverflow(count)
        guard !itemsOverflow, newItems <= ListLimits.maximumItemCount else {
            throw .tooManyItems(count: items, adding: count)
        }
        let (added, productOverflow) = Int64(count).multipliedReportingOverflow(by: Int64(extent))
        let (newUnits, sumOverflow) = units.addingReportingOverflow(added)
        guard !productOverflow, !sumOverflow, newUnits <= ListLimits.maximumContentUnits else {
            let adding = Double(count) * FixedPoint.points(Int64(extent))
            throw .contentTooLong(extent: FixedPoint.points(units), adding: adding)
        }
    }

    /// Throws unless a list of `items` items and `units` units can take `record`.
    ///
    /// - Complexity: O(1).
    static func checkGrowth(items: Int, units: Int64, adding record: SectionRecord) throws(LayoutError) {
        try checkGrowth(items: items, units: units, addingItems: record.items.count, extent: 0)
        try checkGrowth(items: 0, units: units, addingUnits: record.fullExtent)
    }

    /// Converts `sections` (the first at index `firstIndex`) to records, checking that a
    /// list of `items` items and `units` units can take each in turn; returns the records
    /// and the totals with them.
    ///
    /// - Complexity: O(k + m) for k sections with m measured extents.
    static func checkedRecords(
        _ sections: [Section], firstIndex: Int, items: Int, units: Int64
    ) throws(LayoutError) -> (records: [SectionRecord], items: Int, units: Int64) {
        var (records, items, units) = ([SectionRecord](), items, units)
        records.reserveCapacity(sections.count)
        for (offset, section) in sections.enumerated() {
            let record = try section.record(index: firstIndex + offset)
            try checkGrowth(items: items, units: units, adding: record)
            items += record.items.count
            units += record.fullExtent
            records.append(record)
        }
        return (records, items, units)
    }

    /// Throws unless a list of `units` units can grow by `delta` units (`delta` may be
    /// negative).
    ///
    /// - Complexity: O(1).
    static func checkGrowth(items: Int, units: Int64, addingUnits delta: Int64) throws(LayoutError) {
        let (newUnits, overflow) = units.addingReportingOverflow(delta)
        guard !overflow, newUnits <= ListLimits.maximumContentUnits else {
            throw .contentTooLong(extent: FixedPoint.points(units), adding: FixedPoint.points(delta))
        }
    }

    /// Throws unless `section` may hold `itemCount` items after a change: a section that
    /// stores its extents one by one (already, or once `converting` turns it per-item) holds
    /// at most `ListLimits.maximumPerItemCount`.
    ///
    /// - Complexity: O(1).
    static func checkPerItem(_ items: ItemExtents, section: Int, itemCount: Int, converting: Bool) throws(LayoutError) {
        guard (items.isUniform && !converting) || itemCount <= ListLimits.maximumPerItemCount else {
            throw .tooManyPerItemExtents(section: section, itemCount: itemCount)
        }
    }

    /// Applies `change` to section `index`'s record, keeping `allItemCount` and `allUnits`.
    /// The caller has checked that the change keeps the list within `ListLimits`;
    /// `touchingItems: false` promises that `change` leaves the items alone.
    ///
    /// - Complexity: O(log S) plus the cost of `change`.
    mutating func updateSection(_ index: Int, touchingItems: Bool = true, _ change: (inout SectionRecord) -> Void) {
        updateSection(index, at: SectionTree.Place(slot: sections.locate(section: index).slot, path: 0), touchingItems: touchingItems, change)
    }

    /// `updateSection(_:touchingItems:_:)` of the record at `place` (from
    /// `sections.locate(section:)`, path 0, or `SectionTree.places(ofSections:)`, with no
    /// section change since): one descent fewer, and with a path the totals above it are
    /// moved along it, without a search at each level.
    ///
    /// - Complexity: O(log S) plus the cost of `change`.
    mutating func updateSection(_ index: Int, at place: SectionTree.Place, touchingItems: Bool = true, _ change: (inout SectionRecord) -> Void) {
        var itemDelta = 0
        var unitDelta: Int64 = 0
        sections.update(index, atSlot: place.slot, path: place.path, touchingItems: touchingItems) { record in
            let items = record.items.count
            let units = record.fullExtent
            change(&record)
            itemDelta = record.items.count - items
            unitDelta = record.fullExtent - units
        }
        allItemCount += itemDelta
        allUnits += unitDelta
    }

    /// Inserts `record` as section `index`, keeping the totals.
    ///
    /// - Complexity: O(log S).
    mutating func insertRecord(_ record: SectionRecord, at index: Int) {
        sections.insert(record, at: index)
        allItemCount += record.items.count
        allUnits += record.fullExtent
    }

    /// Removes section `index`, keeping the totals.
    ///
    /// - Complexity: O(log S).
    @discardableResult
    mutating func removeRecord(at index: Int) -> SectionRecord {
        let record = sections.remove(at: index)
        allItemCount -= record.items.count
        allUnits -= record.fullExtent
        return record
    }
}
