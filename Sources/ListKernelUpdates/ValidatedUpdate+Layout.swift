@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout

/// Turning the layout before the update into the layout after it, with ListLayout's own
/// mutations and no rebuilt section.
extension ValidatedUpdate {
    /// The primitive steps, in order, that turn a layout of the `itemCountsBefore` counts into
    /// one of the `itemCountsAfter` counts.
    ///
    /// The order (UIKit's: removals in the before space from the bottom up, then insertions
    /// in the after space from the top down), with every index the one valid when the step
    /// runs:
    ///
    ///     1. delete sections                  descending runs, before indexes
    ///     2. move sections                    lift each moved section to the end, then
    ///                                         place each at its after index, ascending
    ///                                         (every index counts the inserted sections
    ///                                         out: they come next)
    ///     3. insert sections                  ascending runs, after indexes
    ///     4. reload sections                  after indexes
    ///        (sections are now in their after order; each surviving one still holds
    ///         its before items)
    ///     5. delete and lift items            per section, descending, before item indexes
    ///     6. insert and drop items            per section, ascending, after item indexes
    ///
    /// Step 5 runs completely before step 6, so every lifted item is in its slot before it
    /// is dropped, whichever section it moves to.
    ///
    /// ```swift
    /// // before [3], after [3]: move item 0 to 2, reload item 1
    /// update.layoutSteps   // [lift [0, 0] into slot 0, drop slot 0 at [0, 2]]
    /// ```
    ///
    /// - Complexity: O(k log k + m² + S) to compute, for k operations, m section moves and
    ///   S sections; at most 2m section steps and one step per run of adjacent item changes.
    var layoutSteps: [LayoutStep] {
        var steps: [LayoutStep] = []
        // At most a step per section change (two per section move) and per item change.
        steps.reserveCapacity(removedSections.count + placedSections.count + reloadedSections.count
            + oldItems.removed.count + newItems.placed.count)
        // 1-4, the section steps: a function of their own, whose code a batch of items does
        // not read.
        if !(removedSections.isEmpty && placedSections.isEmpty && reloadedSections.isEmpty) { appendSectionSteps(to: &steps) }

        // 5. Deleted and moved-away items, bottom up in each section, at the section's new
        // index. The tables are read flat, a section's changes between its bounds: slicing
        // them per section retained and released each array for every section.
        var slots: [ItemPath: Int] = [:]
        let oldTable = oldItems
        for (group, oldSection) in oldItemSections.enumerated() {
            let start = oldTable.bounds[group].removed, end = oldTable.bounds[group + 1].removed
            guard start < end else { continue }
            let section = newSection(forOld: oldSection)!
            var index = end - 1
            while index >= start {
                let item = oldTable.removed[index]
                if oldTable.destinations[index] != nil {
                    slots[ItemPath(section: oldSection, item: item)] = slots.count
                    steps.append(.liftItem(ItemPath(section: section, item: item), slot: slots.count - 1))
                    index -= 1
                    continue
                }
                var low = index
                while low > start, oldTable.destinations[low - 1] == nil, oldTable.removed[low - 1] == oldTable.removed[low] - 1 { low -= 1 }
                steps.append(.deleteItems(oldTable.removed[low]..<(item + 1), inSection: section))
                index = low - 1
            }
        }

        // 6. Inserted and moved-in items, top down in each section.
        let newTable = newItems
        for (group, section) in newItemSections.enumerated() {
            var index = newTable.bounds[group]
            let end = newTable.bounds[group + 1]
            while index < end {
                let item = newTable.placed[index]
                if let source = newTable.sources[index] {
                    steps.append(.dropItem(at: ItemPath(section: section, item: item), slot: slots[source]!))
                    index += 1
                    continue
                }
                var high = index
                while high + 1 < end, newTable.sources[high + 1] == nil, newTable.placed[high + 1] == newTable.placed[high] + 1 {
                    high += 1
                }
                steps.append(.insertItems(at: ItemPath(section: section, item: item), count: high - index + 1))
                index = high + 1
            }
        }
        return steps
    }

    /// Steps 1 to 4 of `layoutSteps`, the section steps, appended to `steps`.
    ///
    /// - Complexity: O(k log k + m²) for k section changes and m section moves.
    @inline(never)
    private func appendSectionSteps(to steps: inout [LayoutStep]) {
        let deleted = zip(removedSections, sectionDestinations).filter { $0.1 < 0 }.map(\.0)
        let inserted = zip(placedSections, sectionSources).filter { $0.1 < 0 }.map(\.0)
        let moved = zip(removedSections, sectionDestinations).filter { $0.1 >= 0 }

        // 1. Deleted sections, bottom up.
        forEachRun(of: deleted, descending: true) { steps.append(.deleteSections($0)) }

        // 2. Moved sections: lift each to the end (bottom up, so the ones above keep their
        // index), then place each at its index among the sections that are not inserted.
        if !moved.isEmpty {
            let survivors = countsBefore.sectionCount - deleted.count
            var tail: [Int] = []
            for (old, _) in moved.reversed() {
                let from = old - SortedIndexes.rank(of: old, in: deleted)
                if from != survivors - 1 { steps.append(.moveSection(from: from, to: survivors - 1)) }
                tail.append(old)
            }
            var tailStart = survivors - moved.count
            for (old, new) in moved.sorted(by: { $0.1 < $1.1 }) {
                let offset = tail.firstIndex(of: old)!
                tail.remove(at: offset)
                let target = new - SortedIndexes.rank(of: new, in: inserted)
                if tailStart + offset != target { steps.append(.moveSection(from: tailStart + offset, to: target)) }
                tailStart += 1
            }
        }

        // 3. Inserted sections, top down; 4. reloaded sections.
        forEachRun(of: inserted, descending: false) { steps.append(.insertSections($0)) }
        for old in reloadedSections { steps.append(.reloadSection(newSection(forOld: old)!)) }
    }

    /// Calls `body` with each run of consecutive values of `sorted`, bottom run first when
    /// `descending`.
    private func forEachRun(of sorted: [Int], descending: Bool, _ body: (Range<Int>) -> Void) {
        var runs: [Range<Int>] = []
        for value in sorted {
            if let last = runs.last, last.upperBound == value {
                runs[runs.count - 1] = last.lowerBound..<(value + 1)
            } else {
                runs.append(value..<(value + 1))
            }
        }
        if descending { runs.reversed().forEach(body) } else { runs.forEach(body) }
    }

    /// Applies the update to `layout`, which must hold the `itemCountsBefore` counts, with
    /// ListLayout's own mutations (deletes and moves, bottom up, then inserts, top down),
    /// never rebuilding a section that survives. Surviving items keep their extents
    /// (a reloaded or reconfigured item too, until the front end measures it again); a moved
    /// item keeps a measured extent; inserted items take their section's estimate; inserted
    /// and reloaded sections are built from `sectionDescription`.
    ///
    /// Everything is checked before the first change, so a thrown error leaves `layout` as
    /// it was.
    ///
    /// ```swift
    /// try update.apply(to: &layout) { newSection in
    ///     ListLayout.Section(itemCount: dataSource.count(in: newSection), itemExtent: .estimated(44))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - layout: the layout before the update; the layout after it on return.
    ///   - sectionDescription: the description of an inserted or reloaded section, given its
    ///     index after the update; called once for each of those sections, never for others.
    /// - Throws: `UpdateError.layoutSectionCountMismatch` or `.layoutItemCountMismatch` when
    ///   `layout` does not hold the `itemCountsBefore` counts; `.sectionDescriptionItemCount` or
    ///   `.invalidSectionDescription` for a description that is not the section the data
    ///   source reported; `.limitExceeded` when the result would pass `ListLimits`
    ///   (`layout` is unchanged).
    /// - Complexity: O(S + k log k) to check (O(t log S + k log k) for t touched sections when
    ///   the counts come from a held snapshot), plus the steps' ListLayout costs: O(log S) per
    ///   section step, O(log n + 2048) per item in a per-item section (O(log S) per run in a
    ///   uniform one). Never proportional to the items of a section.
    public func apply(to layout: inout ListLayout, sectionDescription: (Int) -> ListLayout.Section) throws(UpdateError) {
        try checkCountsBefore(in: layout)
        try apply(toLayoutCountedBefore: &layout, sectionDescription: sectionDescription)
    }

    /// Throws unless `layout` holds the `countsBefore` counts.
    ///
    /// - Complexity: O(S), or O(t log S) for t touched sections when the counts come from a
    ///   held snapshot.
    private func checkCountsBefore(in layout: ListLayout) throws(UpdateError) {
        guard layout.sectionCount == countsBefore.sectionCount else {
            throw .layoutSectionCountMismatch(layout: layout.sectionCount, expected: countsBefore.sectionCount)
        }
        if let all = countsBefore.all {
            for (section, (count, expected)) in zip(layout.itemCounts(), all).enumerated() {
                guard count == expected else { throw .layoutItemCountMismatch(section: section, layout: count, expected: expected) }
            }
        } else {
            // A held snapshot's counts: the touched sections are compared, O(t log S).
            for (section, expected) in zip(countsBefore.touchedSections, countsBefore.touchedCounts) {
                let count = layout.itemCount(inSection: section) ?? -1
                guard count == expected else { throw .layoutItemCountMismatch(section: section, layout: count, expected: expected) }
            }
        }
    }

    /// `apply(to:sectionDescription:)` for a caller whose `countsBefore` were read from
    /// `layout` itself, unchanged since (VirtualList validates its batches against its own
    /// layout's counts): comparing them again would read every section's count, or descend
    /// the section tree once per touched section, to learn nothing. The other checks
    /// (descriptions, limits) are the same, and a thrown error leaves `layout` as it was.
    ///
    /// - Complexity: as `apply(to:sectionDescription:)`, without the O(S) or O(t log S)
    ///   comparison of the counts before.
    ///
    /// `slots`: where `layout`'s records of the touched sections are, found when the counts
    /// before were read (`ListLayout.itemCountsAndSlots(inSections:)`); used only when no
    /// section changes, as a section change can move records.
    package func apply(
        toLayoutCountedBefore layout: inout ListLayout,
        slots: ListLayout.SectionSlots = .none,
        sectionDescription: (Int) -> ListLayout.Section
    ) throws(UpdateError) {
        #if DEBUG
        do { try checkCountsBefore(in: layout) } catch {
            preconditionFailure("kernel invariant: the counts before were not read from this layout: \(error)")
        }
        #endif
        var descriptions: [Int: ListLayout.Section] = [:]
        var describedUnits: [Int64] = []
        // (None to join for a batch of items: joining two empty lists cost a runtime call.)
        let described = placedSections.isEmpty && reloadedSections.isEmpty ? [] : zip(placedSections, sectionSources).filter { $0.1 < 0 }.map(\.0)
            + reloadedSections.map { newSection(forOld: $0)! }
        for section in described.sortedIfNeeded() {
            let description = sectionDescription(section)
            let count = description.measuredItemExtents?.count ?? description.itemCount
            // Inserted and reloaded sections are touched: their counts are always known.
            let reported = countsAfter[section] ?? -1
            guard count == reported else {
                throw .sectionDescriptionItemCount(section: section, described: count, reported: reported)
            }
            do { describedUnits.append(try description.record(index: section).fullExtent) } catch {
                throw .invalidSectionDescription(section: section, error)
            }
            descriptions[section] = description
        }

        // The limits: the item total is exact from the counts; the content's growth is
        // bounded by the described sections and an element's largest extent for every
        // inserted or moved item. Only when that bound passes the limit, or a section past
        // the per-item limit is involved, do the steps run on a copy first, so a limit
        // reached half-way leaves `layout` as it was.
        var itemTotal = 0
        var hasSectionPastPerItemLimit = false
        func add(_ count: Int) throws(UpdateError) {
            let (sum, overflow) = itemTotal.addingReportingOverflow(count)
            guard !overflow, sum <= ListLimits.maximumItemCount else {
                throw .limitExceeded(.tooManyItems(count: layout.totalItemCount, adding: count))
            }
            itemTotal = sum
            hasSectionPastPerItemLimit = hasSectionPastPerItemLimit || count > ListLimits.maximumPerItemCount
        }
        if let all = countsAfter.all {
            for count in all {
                let (sum, overflow) = itemTotal.addingReportingOverflow(count)
                guard !overflow, sum <= ListLimits.maximumItemCount else {
                    throw .limitExceeded(.tooManyItems(count: layout.totalItemCount, adding: count))
                }
                itemTotal = sum
                hasSectionPastPerItemLimit = hasSectionPastPerItemLimit || count > ListLimits.maximumPerItemCount
            }
        } else {
            // Untouched sections keep their counts: the total is the layout's, less the
            // touched sections' counts before, plus theirs after (each count is bounded, so
            // nothing overflows on the way).
            itemTotal = layout.totalItemCount - countsBefore.touchedCounts.reduce(0, +)
            for count in countsAfter.touchedCounts { try add(count) }
        }
        guard countsAfter.sectionCount <= ListLimits.maximumSectionCount else {
            throw .limitExceeded(.tooManySections(count: layout.sectionCount, adding: countsAfter.sectionCount - layout.sectionCount))
        }
        var bound = layout.allUnits
        var mayExceed = false
        for units in describedUnits {
            let (sum, overflow) = bound.addingReportingOverflow(units)
            if overflow { mayExceed = true } else { bound = sum }
        }
        let (growth, growthOverflow) = Int64(batch.insertedItems.count + batch.movedItems.count)
            .multipliedReportingOverflow(by: Int64(Int32.max))
        let (total, totalOverflow) = bound.addingReportingOverflow(growth)
        let slots = removedSections.isEmpty && placedSections.isEmpty && reloadedSections.isEmpty ? slots : .none
        if mayExceed || growthOverflow || totalOverflow || total > ListLimits.maximumContentUnits || hasSectionPastPerItemLimit {
            var trial = layout
            try runLayoutSteps(on: &trial, descriptions: descriptions, slots: slots)
            layout = trial
        } else {
            try runLayoutSteps(on: &layout, descriptions: descriptions, slots: slots)
        }
    }

    /// Runs `layoutSteps` on `layout`. A step can fail only on `ListLimits`; any other
    /// failure is a kernel bug.
    private func runLayoutSteps(
        on layout: inout ListLayout,
        descriptions: [Int: ListLayout.Section],
        slots known: ListLayout.SectionSlots
    ) throws(UpdateError) {
        var slots = [(extent: Double, isMeasured: Bool)](repeating: (0, false), count: batch.movedItems.count)
        for step in layoutSteps {
            do {
                switch step {
                case .deleteSections(let range): try layout.deleteSections(range)
                case .moveSection(let from, let to): try layout.moveSection(from: from, to: to)
                case .insertSections(let range): try layout.insertSections(range.map { descriptions[$0]! }, at: range.lowerBound)
                case .reloadSection(let section): try layout.replaceSection(section, with: descriptions[section]!)
                case .deleteItems(let range, let section): try layout.deleteItems(range, inSection: section, slots: known)
                case .liftItem(let path, let slot):
                    // The path was validated: it is in the layout.
                    slots[slot] = (layout.itemExtent(at: path) ?? 0, layout.isMeasured(path))
                    try layout.deleteItems(path.item..<(path.item + 1), inSection: path.section, slots: known)
                case .insertItems(let path, let count): try layout.insertItems(at: path, count: count, measuredExtent: nil, slots: known)
                case .dropItem(let path, let slot):
                    try layout.insertItems(
                        at: path, count: 1, measuredExtent: slots[slot].isMeasured ? slots[slot].extent : nil, slots: known
                    )
                }
            } catch {
                switch error {
                case .tooManySections, .tooManyItems, .contentTooLong, .tooManyPerItemExtents:
                    throw .limitExceeded(error)
                default:
                    // Validation and the checks above make every other step valid.
                    preconditionFailure("layout step \(step) of a validated update failed: \(error)")
                }
            }
        }
    }
}
