@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) public import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

extension VirtualList {
    /// Applies the changes the closure records as one validated batch, with UIKit's index
    /// spaces: deletes, reloads, reconfigures and move sources name the state before the
    /// update; inserts and move destinations the state after it; the order of calls inside
    /// the batch does not matter. Change the model before or inside the closure; the list
    /// then asks the data source for its new counts and checks every section:
    /// after = before + inserted − deleted + moved in − moved out.
    ///
    /// ```swift
    /// try list.performBatchUpdates { batch in
    ///     model.remove(at: 3); model.insert("new", at: 0)
    ///     batch.deleteItems(at: [ItemPath(section: 0, item: 3)])
    ///     batch.insertItems(at: [ItemPath(section: 0, item: 0)])
    /// }
    /// ```
    ///
    /// A call from inside the closure nests: its changes join the outermost batch, and it
    /// returns the last pass marked `isJoinedToOuterBatch` (nothing is applied until the
    /// outermost call returns, and its result is the pass to draw). Anything else that
    /// changes the list (`reloadData`, a scroll) is refused inside the closure.
    ///
    /// Applying keeps the view of every item that stays or moves (a move does not
    /// reconfigure), gives reloaded items a fresh view, reconfigures reconfigured ones in
    /// place, ends the display of deleted ones, keeps the element at the top edge still (or,
    /// when it goes, brings what follows it to the top edge: `Docs/Updates.md`), and
    /// reports `transitions` for animating front ends.
    ///
    /// - Throws: `ListError.update` naming the numbers for an inconsistent batch (nothing is
    ///   applied: layout, displayed views and pool stay exactly as they were),
    ///   `.reentrantCall`, `.noDataSource`, `.invalidCount` for bad data source answers.
    /// - Complexity: O(S + k log n) for S sections and k changes, plus the pass.
    @discardableResult
    public func performBatchUpdates(_ updates: (inout BatchUpdate) -> Void) throws(ListError) -> PassResult<View> {
        if case .batchUpdates = callout, let nested = nestedBatch {
            // Nested: collected apart from the outer closure's batch (which that closure is
            // still writing to), and merged into it when the outer closure returns.
            var inner = BatchUpdate()
            updates(&inner)
            nestedBatch = nested.merging(inner)
            var joined = lastPass
            joined.isJoinedToOuterBatch = true
            return joined
        }
        try checkNotCallingOut("performBatchUpdates(_:)")
        var batch = BatchUpdate()
        nestedBatch = BatchUpdate()
        callingOut(.batchUpdates) { updates(&batch) }
        batch.merge(nestedBatch!)
        nestedBatch = nil
        return try apply(batch)
    }

    /// Applies `batch` (see `performBatchUpdates(_:)`).
    ///
    /// - Throws: as `performBatchUpdates(_:)`.
    /// - Complexity: O(S + k log n), plus the pass.
    @discardableResult
    public func apply(_ batch: BatchUpdate) throws(ListError) -> PassResult<View> {
        try apply(batch, heldCounts: nil)
    }

    /// Applies `batch`; with `heldCounts`, the data source's counts come from a snapshot it
    /// holds and from which `batch` was computed, so the sections `batch` does not touch keep
    /// their counts by construction: only the touched sections' counts are asked, through
    /// `heldCounts.items` (the item counts of the sections at the given indexes, in one
    /// call), and checked (`ListDiffableDataSource`; `Docs/Updates.md`, "Validation"); the
    /// section count is `heldCounts.sections`.
    ///
    /// - Complexity: O(S + k log n) plus the pass; O(t log S + k log n) for t touched
    ///   sections with `heldCounts`.
    @discardableResult
    func apply(_ batch: BatchUpdate, heldCounts: (sections: Int, items: ([Int]) -> [Int])?) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("apply(_:)")
        guard let dataSource else { throw .noDataSource(operation: "performBatchUpdates(_:)") }
        let update: ValidatedUpdate
        // Where the touched sections' records are, when their counts were read here.
        var slots = ListLayout.SectionSlots.none
        if let heldCounts {
            try checkSectionCount(heldCounts.sections)
            let touched = batch._touchedSections(sectionCountBefore: layout.sectionCount, sectionCountAfter: heldCounts.sections)
            let before: [Int]
            (before, slots) = layout.itemCountsAndSlots(inSections: touched.old)
            let after = callingOut(.counts) { heldCounts.items(touched.new) }
            guard after.count == touched.new.count else {
                preconditionFailure("kernel invariant: \(after.count) held counts for \(touched.new.count) touched sections")
            }
            countQueriesOfLastUpdate = touched.new.count
            do {
                update = try batch._validated(
                    before: SectionCounts(sectionCount: layout.sectionCount, touched: touched.old, counts: before),
                    after: SectionCounts(sectionCount: heldCounts.sections, touched: touched.new, counts: after)
                )
            } catch { throw .update(error) }
        } else {
            update = try validatedAgainstEveryCount(batch, dataSource: dataSource)
        }
        // Descriptions of inserted and reloaded sections, asked before anything changes.
        // (Skipped for a batch of items: joining two empty lists cost a runtime call.)
        let descriptions = batch.insertedSections.isEmpty && batch.reloadedSections.isEmpty
            ? [:] : try describeReplacedSections(of: batch, update, dataSource: dataSource)
        return try performChange(ListChange(update, of: batch)) { () throws(ListError) in
            do throws(UpdateError) {
                // The counts before were read from `layout` above, and it has not changed.
                try update.apply(toLayoutCountedBefore: &layout, slots: slots, sectionDescription: { descriptions[$0]! })
            } catch {
                throw .update(error)
            }
        }
    }

    /// Throws unless `sectionCount`, a count the data source gave, is one a list can take.
    private func checkSectionCount(_ sectionCount: Int) throws(ListError) {
        guard sectionCount >= 0 else { throw .invalidCount(sectionCount, what: "sections") }
        guard sectionCount <= ListLimits.maximumSectionCount else {
            throw .update(.limitExceeded(.tooManySections(count: layout.sectionCount, adding: sectionCount - layout.sectionCount)))
        }
    }

    /// `batch` validated against every section's count, before (the layout's) and after
    /// (the data source's): the check for counts the list does not hold.
    ///
    /// - Complexity: O(S + k log k).
    @inline(never)
    private func validatedAgainstEveryCount(_ batch: BatchUpdate, dataSource: any ListDataSource<View>) throws(ListError) -> ValidatedUpdate {
        let sectionCount = callingOut(.counts) { dataSource.numberOfSections(in: self) }
        try checkSectionCount(sectionCount)
        let before = layout.itemCounts()
        var after = [Int](repeating: 0, count: sectionCount)
        callingOut(.counts) {
            after.withUnsafeMutableBufferPointer { after in
                for section in after.indices { after[section] = dataSource.list(self, numberOfItemsInSection: section) }
            }
        }
        countQueriesOfLastUpdate = sectionCount
        do { return try batch.validated(itemCountsBefore: before, itemCountsAfter: after) } catch { throw .update(error) }
    }

    /// The descriptions of the sections `batch` inserts or reloads, by new index, asked
    /// before anything changes.
    ///
    /// - Complexity: O(k) data source calls for k such sections.
    @inline(never)
    private func describeReplacedSections(
        of batch: BatchUpdate, _ update: ValidatedUpdate, dataSource: any ListDataSource<View>
    ) throws(ListError) -> [Int: ListLayout.Section] {
        var descriptions: [Int: ListLayout.Section] = [:]
        let replaced = batch.insertedSections + batch.reloadedSections.compactMap { update.newSection(forOld: $0) }
        for section in replaced where descriptions[section] == nil {
            descriptions[section] = try sectionDescription(section, dataSource: dataSource)
        }
        return descriptions
    }

    // MARK: Folding

    /// Collapses or expands `sections` in one update (fold state is kept by section
    /// identifier). Items of a collapsed section stay in the model; their views end display
    /// and their transitions say `.deleted`. Each toggled section's displayed header is
    /// reconfigured, so it never keeps showing the old arrow. Expanding a section whose item
    /// count changed while it was folded reads the new count.
    ///
    /// ```swift
    /// try list.setCollapsed(true, sections: Array(0..<list.layout.sectionCount))   // collapse all
    /// ```
    ///
    /// - Throws: `ListError.reentrantCall`, `.layout(.sectionOutOfRange)` (nothing changes),
    ///   `.invalidCount` for a bad data source count.
    /// - Complexity: O(t log S) for t sections toggled, plus the pass.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, sections: [Int]) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("setCollapsed(_:sections:)")
        for section in sections {
            do { try layout.checkSection(section) } catch { throw .layout(error) }
        }
        let toggled = Set(sections.filter { layout.isCollapsed(section: $0) != collapsed })
        // Counts that changed while folded, read before anything changes.
        var refreshed: [Int: ListLayout.Section] = [:]
        if !collapsed, let dataSource {
            for section in toggled {
                let count = callingOut(.counts) { dataSource.list(self, numberOfItemsInSection: section) }
                if count != layout.itemCount(inSection: section) {
                    var description = try sectionDescription(section, dataSource: dataSource)
                    description.isCollapsed = false
                    refreshed[section] = description
                }
            }
        }
        // Refreshed sections replace their records: that is tried on a copy first (only
        // then, as copying costs O(S)), so a bad extent or a limit reported now leaves the
        // list as it was.
        var refreshedLayout: ListLayout?
        if !refreshed.isEmpty {
            var copy = layout
            for (section, description) in refreshed {
                do { try copy.replaceSection(section, with: description) } catch { throw .layout(error) }
            }
            refreshedLayout = copy
        }
        return try performChange(ListChange(folding: toggled, collapsed: collapsed)) { () throws(ListError) in
            if let refreshedLayout { layout = refreshedLayout }
            for section in toggled {
                let key = sectionKey(section, dataSource: dataSource)
                if collapsed { collapsedSections.insert(key) } else { collapsedSections.remove(key) }
                if refreshed[section] == nil {
                    do { try layout.setCollapsed(collapsed, section: section) } catch {
                        preconditionFailure("kernel invariant: a checked section could not be folded: \(error)")
                    }
                }
            }
        }
    }

    // MARK: The shared update path

    /// Applies a change of the layout to the displayed views and reports transitions. A
    /// change that leaves the window's sections alone takes a short path to the same result
    /// (`outsideWindowPlan`, `Docs/Updates.md`, "Changes outside the window").
    ///
    /// - Parameters:
    ///   - change: how elements before and after the change correspond (`ListChange`).
    ///   - mutate: the change of `layout`; it must validate before changing anything.
    func performChange(
        _ change: ListChange,
        mutate: () throws(ListError) -> Void
    ) throws(ListError) -> PassResult<View> {
        if let plan = outsideWindowPlan(change) { return try performChangeOutsideWindow(change, plan, mutate: mutate) }
        // 1. Frames before: displayed elements, the window and one more viewport below it
        //    (where elements that slide in come from), and the extra elements.
        let oldFrames = oldFrameTable(change)
        // 2. The anchor (`VirtualList+Anchoring.swift`): the element at the top edge, or
        //    where it collapsed to if it vanishes. Taken from the layout before the change.
        let offsetBefore = viewport.offset
        let anchor = updateAnchor(change.anchoring, frame: { oldFrames[$0] })
        let pinned = startsPinned()
        let lastItem = live.behaviour.follows ? lastItemPath() : nil

        // 3. The layout changes (validated inside `mutate`, which throws before changing).
        try mutate()

        // 4. Displayed views follow their elements; gone and reloaded ones end display. Each
        //    element's fate is looked up once, for this step and the transitions.
        var fates: [(before: ListElement, after: ListElement?, change: ElementTransition.Change, keeps: Bool)] = []
        fates.reserveCapacity(displayedStorage.count)
        do {
            // One copy of the layout for the loop: each `self.layout` call copies it (a
            // retain of its arrays), as `layout` is a stored property of a class.
            let layout = self.layout
            var locator = ListLayout.SectionLocator()
            for index in displayedStorage.indices {
                let element = displayedStorage[index].element
                let (new, what) = change.fate(ofOld: element)
                let keeps = new.map { what != .reloaded && layout.unitFrame(of: $0, locator: &locator) != nil } ?? false
                fates.append((element, new, what, keeps))
            }
        }
        // Gone views end display first (in order, the list unchanged while they call out);
        // then the kept entries are compacted to the front in place, as the pass does, so an
        // entry (a view, an identifier, a configurator) is never copied.
        for index in fates.indices where !fates[index].keeps {
            let entry = displayedStorage[index]
            endDisplay(entry)
            pendingLeft.append(EndedEntry(element: entry.element, view: entry.view))
        }
        var keptInOrder = true
        var write = 0
        for read in fates.indices where fates[read].keeps {
            let new = fates[read].after!
            if write > 0, !(displayedStorage[write - 1].element < new) { keptInOrder = false }
            if write != read { displayedStorage.swapAt(write, read) }
            displayedStorage[write].element = new
            write += 1
        }
        displayedStorage.removeLast(displayedStorage.count - write)
        // Only a move takes a kept view out of order.
        if !keptInOrder { displayedStorage.sort { $0.element < $1.element } }
        cancelAllPrefetches()

        // 5. Move the top edge as the anchor says, then keep the offset within the content.
        moveTopEdge(anchor, change, pulledFrom: offsetBefore, pinned: pinned, lastItem: lastItem)

        // 6. Reconfigure in place, then reconcile.
        for element in change.reconfigured { reconfigureDisplayed(element) }
        try reconcileInPlace()

        // 7. Transitions.
        var transitions: [ElementTransition] = []
        transitions.reserveCapacity(fates.count + 8)
        var covered: [ListElement] = []
        covered.reserveCapacity(fates.count)
        do {
            let layout = self.layout   // after the pass, which may have applied measurements
            var locator = ListLayout.SectionLocator()
            var cursor = 0   // the fates' elements were displayed, so they come in order
            for fate in fates {
                if let new = fate.after { covered.append(new) }
                transitions.append(ElementTransition(
                    before: fate.before, after: fate.after,
                    frameBefore: Self.frame(oldFrames.frame(of: fate.before, after: &cursor)),
                    frameAfter: Self.frame(fate.after.flatMap { layout.unitFrame(of: $0, locator: &locator) }),
                    change: fate.change
                ))
            }
        }
        // The displayed elements no element before the change became (both lists sorted:
        // one merge walk).
        covered.sort()
        var next = 0
        for index in displayedStorage.indices {
            let element = displayedStorage[index].element
            while next < covered.count, covered[next] < element { next += 1 }
            if next < covered.count, covered[next] == element { continue }
            let (old, what) = change.origin(ofNew: element)
            transitions.append(ElementTransition(
                before: old, after: element,
                frameBefore: Self.frame(old.flatMap { oldFrames[$0] }),
                frameAfter: Self.frame(layout.unitFrame(of: element)),
                change: what
            ))
        }
        lastResult.transitions = transitions
        return lastPass
    }

    /// The frames before a change: of the window and one more viewport below it (where
    /// elements that slide in come from), of displayed elements outside it, and of the
    /// change's extra elements (moved items' sources).
    ///
    /// - Complexity: O(log n + w) for w elements in the window and the viewport below it.
    private func oldFrameTable(_ change: ListChange) -> ElementFrameTable {
        // Sized for the window and the viewport below it (about twice the displayed
        // elements), so filling it does not rehash it several times on every update.
        var oldFrames = ElementFrameTable(minimumCapacity: 2 * displayedStorage.count + 16)
        let (lower, upper) = windowUnits()
        let reach = FixedPoint.offsetUnits(viewport.size + viewport.overscan.ahead) ?? 0
        layout.forEachElement(units: lower, upper + reach) { element, start, extent in
            oldFrames.append(element, start: start, extent: extent)
            return oldFrames.count < 2 * ListLimits.maximumDisplayedElements
        }
        // Displayed elements the walk did not reach (pinned headers, a window cut short) and
        // moved items' sources; repeats among them are dropped by the second `seal()`.
        oldFrames.seal()
        var extras: [(element: ListElement, frame: (start: Int64, extent: Int64))] = []
        oldFrames.forEachMissing(of: displayedStorage.lazy.map(\.element)) { element in
            if let frame = layout.unitFrame(of: element) { extras.append((element, frame)) }
        }
        for element in change.extraOldFrames where oldFrames[element] == nil {
            if let frame = layout.unitFrame(of: element) { extras.append((element, frame)) }
        }
        for extra in extras { oldFrames.append(extra.element, start: extra.frame.start, extent: extra.frame.extent) }
        oldFrames.seal()
        return oldFrames
    }

    /// Moves the top edge as `anchor` says after a change and keeps the offset within the
    /// content, then follows the output: a change that started at the end ends at the end;
    /// one that did not counts what it appended below (`VirtualList+Following.swift`).
    /// Returns how far the anchor moved the top edge, in units.
    @discardableResult
    private func moveTopEdge(
        _ anchor: UpdateAnchor?, _ change: ListChange, pulledFrom offsetBefore: Double, pinned: Bool, lastItem: ItemPath?
    ) -> Int64 {
        var shift: Int64 = 0
        if let anchor, let newTop = anchor.newTop(in: layout) {
            shift = newTop - anchor.top
            let delta = FixedPoint.points(shift)
            viewport.offset += delta
            pendingAdjustment += delta
        }
        pendingAdjustment += clampOffsetToContent(pulledFrom: offsetBefore)
        if pinned {
            pendingAdjustment += pinToEnd()
        } else if live.behaviour.follows, case .batch(let update) = change.kind {
            live.unseenAppended += appendedItems(update, lastItem: lastItem)
        }
        return shift
    }

    // MARK: Changes outside the window

    /// The plan of the short path when `change` is a batch that leaves the sections the
    /// window spans as they were, else `nil`: no operation names one of them, and sections
    /// are deleted, inserted, moved or reloaded only after them
    /// (`ValidatedUpdate.leavesSectionsInPlace`). Items above the window may change, which
    /// shifts everything displayed by one distance, when an anchor takes it back. Then
    /// every displayed element keeps its path, its view and its place on screen (its fate is
    /// `.unchanged`), and the pass after the change shows the same elements: the typical
    /// incremental apply of a live list, whose edits are scattered far from the screen.
    ///
    /// Needs the displayed entries current (`displayedIsCurrent`, no measurement pending),
    /// as their frames stand in for the frames before the change.
    ///
    /// - Complexity: O(d log d + log S + log k) for d displayed elements and k operations.
    private func outsideWindowPlan(_ change: ListChange) -> OutsideWindowPlan? {
        guard usesOutsideWindowPath, displayedIsCurrent, pendingMeasurements.isEmpty,
              case .batch(let update) = change.kind else { return nil }
        // One copy of the layout for this function: each `self.layout` call copies it (a
        // retain of its arrays), as `layout` is a stored property of a class.
        let layout = self.layout
        let (lower, upper) = windowUnits()
        let content = layout.contentUnits
        guard lower >= 0, lower < upper, lower < content else { return nil }
        // Past the end (or with content shorter than the viewport) a shorter content pulls the
        // offset back, which shows other elements. Within it, nothing does: the content below
        // the window reaches at least the window's end.
        let end = layout.contentExtent + viewport.insets.bottom - viewport.size
        guard viewport.offset <= end, viewport.offset >= -viewport.insets.top else { return nil }
        // Whole units everywhere, so that the top edge moves by exactly the distance the
        // content above moved, and the window's edges with it (a fraction could round an
        // edge by a unit and meet another element). A list at its end that follows the
        // output is pinned to it, which may move it by more.
        guard FixedPoint.isWholeUnits(viewport.offset), FixedPoint.isWholeUnits(viewport.size),
              FixedPoint.isWholeUnits(viewport.overscan.ahead), FixedPoint.isWholeUnits(viewport.overscan.behind),
              FixedPoint.isWholeUnits(viewport.insets.top), FixedPoint.isWholeUnits(viewport.insets.bottom),
              !wouldStartPinned() else { return nil }
        // The sections whose spans meet the window, empty ones between them included (items
        // inserted there would show). A section before the first ends at or before `lower`,
        // one after the last starts at or after `upper`. A window reaching the content's end
        // meets whatever is appended.
        let first = layout.sectionSpan(containing: lower).section
        let last = upper >= content ? Int.max : layout.sectionSpan(containing: upper - 1).section
        guard update.leavesSectionsInPlace(first...last) else { return nil }

        // The frames before: a pass set every unpinned entry's frame to its natural frame in
        // this layout; a pinned one is drawn away from it, so its natural frame is looked up.
        // (Fields are read in place: a whole entry copied would retain its view and strings.)
        // In the list's buffer, kept empty between changes (`framesBeforeScratch`), which
        // the short path gives back: no allocation a change.
        var before: [FrameBefore] = []
        swap(&before, &framesBeforeScratch)
        before.reserveCapacity(displayedStorage.count)
        for index in displayedStorage.indices {
            let element = displayedStorage[index].element
            guard (first...last).contains(element.section) else {
                keepFramesBuffer(&before)
                return nil
            }
            before.append(FrameBefore(
                element: element,
                frame: displayedStorage[index].isPinned ? Self.frame(layout.unitFrame(of: element)) : displayedStorage[index].frame
            ))
        }
        // The anchor asks for unpinned displayed elements only: their frames are exact in
        // points (multiples of 1/256), so back in units they are exact too.
        let anchor = updateAnchor(change.anchoring) { element in
            guard let index = self.displayedIndex(of: element), !self.displayedStorage[index].isPinned,
                  let frame = before[index].frame else { return nil }
            return (FixedPoint.offsetUnits(frame.start)!, FixedPoint.offsetUnits(frame.extent)!)
        }
        // Without an anchor (at the very top, or nothing displayed reaches the top edge) the
        // offset stays, so a change above the window would bring other elements into it.
        if anchor == nil, !update.leavesSectionsInPlace(0...last) {
            keepFramesBuffer(&before)
            return nil
        }
        return OutsideWindowPlan(before: before, anchor: anchor)
    }

    /// `performChange` for a change outside the window (`outsideWindowPlan`): the same
    /// result without the frames before the change, which are the displayed entries' own.
    /// Debug builds take the frames before as the full path does and check every shortcut
    /// against them: the same anchor, every displayed element at its frame and `.unchanged`,
    /// and the pass showing the same elements. (The tests compare the two paths, result for
    /// result.)
    ///
    /// - Complexity: O(d) for d displayed elements, plus the change and the pass.
    private func performChangeOutsideWindow(
        _ change: ListChange,
        _ plan: consuming OutsideWindowPlan,
        mutate: () throws(ListError) -> Void
    ) throws(ListError) -> PassResult<View> {
        // The frames are moved out of the plan, so that they are the buffer's only holder
        // when it goes back to `framesBeforeScratch` at the end.
        let anchor = plan.anchor
        var before: [FrameBefore] = []
        swap(&before, &plan.before)
        outsideWindowChangeCount += 1
        let offsetBefore = viewport.offset
        let pinned = startsPinned()   // false (the plan's condition), and consumes the override
        let lastItem = live.behaviour.follows ? lastItemPath() : nil
        #if DEBUG
        let oldFrames = oldFrameTable(change)
        assert(anchor == updateAnchor(change.anchoring, frame: { oldFrames[$0] }), "kernel invariant: the short path's anchor differs")
        for entry in before {
            assert(Self.frame(oldFrames[entry.element]) == entry.frame, "kernel invariant: displayed \(entry.element) was not at its frame")
        }
        #endif

        try mutate()

        #if DEBUG
        for entry in before {
            let fate = change.fate(ofOld: entry.element)
            assert(fate.new == entry.element && fate.change == .unchanged, "kernel invariant: a change outside the window changed \(entry.element)")
        }
        #endif
        cancelAllPrefetches()
        // The last report's transitions, whose storage the new ones reuse when nothing else
        // holds it (taken before the pass below would free it).
        var transitions: [ElementTransition] = []
        swap(&transitions, &lastResult.transitions)
        let shift = moveTopEdge(anchor, change, pulledFrom: offsetBefore, pinned: pinned, lastItem: lastItem)
        for element in change.reconfigured { reconfigureDisplayed(element) }
        if prefetchDistance == 0 {
            reconcileShifted(by: shift)
        } else {
            try reconcileInPlace()   // which announces the prefetches again
        }

        // Transitions: each element displayed before, unchanged, then any displayed now that
        // was not (none: the pass showed the same window, as debug builds check), in the
        // full path's order. A shift keeps the entries, so each is first looked for at its
        // own index, and only when one is not there are the two lists merged.
        transitions.removeAll(keepingCapacity: true)
        transitions.reserveCapacity(before.count + 8)
        var next = 0
        var sameEntries = displayedStorage.count == before.count
        for (index, entry) in before.enumerated() {
            let (element, frameBefore) = (entry.element, entry.frame)
            if index < displayedStorage.count, displayedStorage[index].element == element {
                next = index
            } else {
                sameEntries = false
                while next < displayedStorage.count, displayedStorage[next].element < element { next += 1 }
            }
            var frameAfter: ListLayout.ElementFrame?
            if next < displayedStorage.count, displayedStorage[next].element == element, !displayedStorage[next].isPinned {
                frameAfter = displayedStorage[next].frame
            } else {
                frameAfter = Self.frame(layout.unitFrame(of: element))
            }
            transitions.append(ElementTransition(
                before: element, after: element, frameBefore: frameBefore, frameAfter: frameAfter, change: .unchanged
            ))
        }
        next = 0
        for index in displayedStorage.indices where !sameEntries {
            let element = displayedStorage[index].element
            while next < before.count, before[next].element < element { next += 1 }
            if next < before.count, before[next].element == element { continue }
            // Unreachable while the plan's conditions hold; its frame before is not known here.
            assertionFailure("kernel invariant: \(element) entered in a change outside the window")
            let (old, what) = change.origin(ofNew: element)
            transitions.append(ElementTransition(
                before: old, after: element,
                frameBefore: nil,
                frameAfter: Self.frame(layout.unitFrame(of: element)),
                change: what
            ))
        }
        lastResult.transitions = transitions
        keepFramesBuffer(&before)
        return lastPass
    }

    /// Empties `frames` and keeps its storage in `framesBeforeScratch` for the next change
    /// outside the window (`frames` is left empty, without storage).
    ///
    /// - Complexity: O(d) for d frames.
    private func keepFramesBuffer(_ frames: inout [FrameBefore]) {
        frames.removeAll(keepingCapacity: true)
        swap(&frames, &framesBeforeScratch)
    }

    /// A frame in units as a frame in points.
    private static func frame(_ units: (start: Int64, extent: Int64)?) -> ListLayout.ElementFrame? {
        units.map { ListLayout.ElementFrame(start: FixedPoint.points($0.start), extent: FixedPoint.points($0.extent)) }
    }
}

/// What the short path of a change outside the window starts from: the displayed elements'
/// natural frames before the change (in points) and the anchor. Outside `VirtualList`, so
/// that it is not generic: a generic list's unspecialized code looked its type up at run
/// time on every change (as it does an array of tuples' type, hence `FrameBefore`).
private struct OutsideWindowPlan {
    var before: [FrameBefore]
    var anchor: UpdateAnchor?
}

/// A displayed element and its natural frame before a change outside the window.
struct FrameBefore {
    var element: ListElement
    var frame: ListLayout.ElementFrame?
}
