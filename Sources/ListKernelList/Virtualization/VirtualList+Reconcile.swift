@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

extension VirtualList {
    /// Moves the viewport and reconciles: elements that stay keep their views untouched,
    /// elements that left go back to the pool, elements that entered are dequeued and
    /// configured. The scroll direction follows the offset change.
    ///
    /// ```swift
    /// let pass = try list.setViewport(Viewport(offset: 1_200, size: 900))
    /// for gone in pass.left { remove(gone.view) }          // apply `left` first,
    /// for shown in pass.displayed { place(shown.view, shown.frame) }
    /// ```
    ///
    /// - Throws: `ListError.reentrantCall`, `.invalidViewport`, `.unregisteredIdentifier`,
    ///   `.tooManyElementsInWindow` (all checked before any view changes).
    /// - Complexity: O(log n + k + c) for k displayed elements and c elements that changed.
    @discardableResult
    public func setViewport(_ newViewport: Viewport) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("setViewport(_:)")
        try VirtualList.validate(newViewport)
        let oldViewport = viewport
        let oldDirection = scrollDirection
        if newViewport.offset > viewport.offset {
            scrollDirection = .forward
        } else if newViewport.offset < viewport.offset {
            scrollDirection = .backward
        }
        let wasPinned = live.behaviour.follows && isAtEnd
        let oldAdjustment = pendingAdjustment
        viewport = newViewport
        if newViewport.size != oldViewport.size || newViewport.insets != oldViewport.insets {
            // A size or inset change (keyboard, rotation): a pinned list stays at the end, a
            // list aligned to its end keeps short content there (R6, R7).
            if wasPinned {
                pendingAdjustment += pinToEnd()
            } else if live.behaviour.follows || live.behaviour.alignsShortContentToEnd {
                pendingAdjustment += clampOffsetToContent(pulledFrom: oldViewport.offset)
            }
        }
        do {
            return try reconcile()
        } catch {
            viewport = oldViewport
            scrollDirection = oldDirection
            pendingAdjustment = oldAdjustment
            throw error
        }
    }

    /// Moves the viewport's offset only; see `setViewport(_:)`.
    ///
    /// - Complexity: as `setViewport(_:)`.
    @discardableResult
    public func scroll(to offset: Double) throws(ListError) -> PassResult<View> {
        var moved = viewport
        moved.offset = offset
        return try setViewport(moved)
    }

    static func validate(_ viewport: Viewport) throws(ListError) {
        func bad(_ value: Double) -> Bool { !value.isFinite || abs(value) >= ListLimits.maximumViewportValue }
        if bad(viewport.offset) || bad(viewport.size) || bad(viewport.insets.top) || bad(viewport.insets.bottom)
            || bad(viewport.overscan.ahead) || bad(viewport.overscan.behind) {
            throw .invalidViewport("offset \(viewport.offset), size \(viewport.size), insets \(viewport.insets.top)/\(viewport.insets.bottom) and overscan \(viewport.overscan.ahead)/\(viewport.overscan.behind) must be finite")
        }
        guard viewport.size >= 0 else { throw .invalidViewport("size \(viewport.size) is negative") }
        guard viewport.insets.top >= 0, viewport.insets.bottom >= 0 else {
            throw .invalidViewport("insets \(viewport.insets.top)/\(viewport.insets.bottom) must not be negative")
        }
        guard viewport.overscan.ahead >= 0, viewport.overscan.behind >= 0 else {
            throw .invalidViewport("overscan \(viewport.overscan.ahead)/\(viewport.overscan.behind) must not be negative")
        }
    }

    /// Runs passes until no measurement is pending, then reports what changed.
    func reconcile() throws(ListError) -> PassResult<View> {
        try reconcileInPlace()
        return lastPass
    }

    /// `reconcile()`, leaving its report in `lastResult` and `displayedStorage` (a caller
    /// that adds to the report makes the `PassResult` once, after).
    func reconcileInPlace() throws(ListError) {
        var adjustment = startReport()
        var iterations = 0
        repeat {
            displayedIsCurrent = false   // a pass that throws may leave it half done
            try performPass()
            displayedIsCurrent = true    // until the layout or viewport changes again
            iterations += 1
            if pendingMeasurements.isEmpty { break }
            adjustment += applyPendingMeasurements()
        } while iterations < 8
        if iterations > 1 || !lastResult.leftEntries.isEmpty && !lastResult.enteredEntries.isEmpty {
            cancelMatchedEvents(afterPasses: iterations)
        }
        lastResult.anchorAdjustment = adjustment
        lastResult.viewport = viewport
        reportEndState()
    }

    /// Empties the last pass's report for a new one, moves into it the views that ended
    /// display outside a pass, and takes the anchor adjustment made outside it.
    private func startReport() -> Double {
        lastResult.enteredEntries.removeAll(keepingCapacity: true)
        lastResult.leftEntries.removeAll(keepingCapacity: true)
        lastResult.prefetched.removeAll(keepingCapacity: true)
        lastResult.cancelledPrefetches.removeAll(keepingCapacity: true)
        if !lastResult.transitions.isEmpty { lastResult.transitions.removeAll() }
        if !pendingLeft.isEmpty {
            lastResult.leftEntries.append(contentsOf: pendingLeft)
            pendingLeft.removeAll()
        }
        defer { pendingAdjustment = 0 }
        return pendingAdjustment
    }

    /// `reconcileInPlace()` after a change outside the window (`performChange`), where the
    /// top edge moved by `shift` units together with everything displayed: the pass would
    /// show the same elements, each `shift` further on (pinned ones too, as the sections and
    /// the edge they pin between moved alike), so the frames move without a pass. Debug
    /// builds run the pass after it and check that it changes nothing.
    ///
    /// - Complexity: O(d) for d displayed elements.
    func reconcileShifted(by shift: Int64) {
        let adjustment = startReport()
        if shift != 0 {
            // Exact: both are whole units, far below 2^53 of them.
            let delta = FixedPoint.points(shift)
            for index in displayedStorage.indices { displayedStorage[index].frame.start += delta }
        }
        #if DEBUG
        let shifted = displayedStorage.map { ($0.element, $0.frame, $0.isPinned, ObjectIdentifier($0.view)) }
        let left = lastResult.leftEntries.count
        do { try performPass() } catch { assertionFailure("kernel invariant: the pass after a shift failed: \(error)") }
        let passed = displayedStorage.map { ($0.element, $0.frame, $0.isPinned, ObjectIdentifier($0.view)) }
        assert(shifted.elementsEqual(passed, by: { $0 == $1 }), "kernel invariant: a shift by \(shift) units is not the pass: \(shifted) vs \(passed)")
        assert(lastResult.enteredEntries.isEmpty && lastResult.leftEntries.count == left, "kernel invariant: the pass after a shift changed the views")
        #endif
        displayedIsCurrent = true
        lastResult.anchorAdjustment = adjustment
        lastResult.viewport = viewport
        reportEndState()
    }

    /// Over several passes (or a reload followed by a pass) an element can leave and come
    /// back with the same view, or enter and leave again: such pairs cancel, so `entered`
    /// and `left` describe the net change from the previous result.
    ///
    /// - Complexity: O(l · e) pointer comparisons for l left and e entered entries (a jump
    ///   that replaces every view: a few hundred), plus O(e log k) after several passes.
    func cancelMatchedEvents(afterPasses passes: Int) {
        let left = lastResult.leftEntries
        let entered = lastResult.enteredEntries
        // A pair shares its view: compare views (one word each) first, elements only then.
        let enteredViews = entered.map { ObjectIdentifier($0.view) }
        var enteredCancelled = [Bool](repeating: false, count: entered.count)
        var leftCancelled = [Bool](repeating: false, count: left.count)
        var cancelled = 0
        for (i, gone) in left.enumerated() {
            let view = ObjectIdentifier(gone.view)
            for j in enteredViews.indices where enteredViews[j] == view && !enteredCancelled[j] && entered[j].element == gone.element {
                enteredCancelled[j] = true
                leftCancelled[i] = true
                cancelled += 1
                break
            }
        }
        if cancelled > 0 {
            lastResult.leftEntries = left.indices.filter { !leftCancelled[$0] }.map { left[$0] }
            lastResult.enteredEntries = entered.indices.filter { !enteredCancelled[$0] }.map { entered[$0] }
        }
        // An entry that entered and later left within this call never reached the screen
        // (only possible over several passes: one pass's entries are all displayed).
        if passes > 1 {
            lastResult.enteredEntries.removeAll { entry in
                displayedIndex(of: entry.element).map { displayedStorage[$0].view !== entry.view } ?? true
            }
        }
    }

    /// The materialized window in units: the visible range plus overscan by direction.
    func windowUnits() -> (lower: Int64, upper: Int64) {
        let ahead = viewport.overscan.ahead
        let behind = viewport.overscan.behind
        let before = scrollDirection == .forward ? behind : ahead
        let after = scrollDirection == .forward ? ahead : behind
        let lower = FixedPoint.offsetUnits(viewport.offset - before) ?? 0
        let upper = FixedPoint.upperBoundUnits(viewport.offset + viewport.size + after) ?? 0
        return (lower, upper)
    }

    /// One reconcile pass over the current layout and viewport, editing the displayed list in
    /// place: frames of kept elements are updated, leaving ones removed, entering ones
    /// inserted where they belong.
    func performPass() throws(ListError) {
        let (lower, upper) = windowUnits()
        try fillScratch(lower, upper)
        let pins = style == .plain ? addPinnedElements() : nil

        // 1. Classify: which displayed entries stay, which scratch entries enter. Entering
        //    elements' identifiers are asked and checked before anything changes.
        enteringIdentifiers.removeAll(keepingCapacity: true)
        keepFlags.removeAll(keepingCapacity: true)
        var leaving = 0
        var classified = 0
        try displayedStorage.withUnsafeBufferPointer { (shown) throws(ListError) in
            for entry in scratch {
                while classified < shown.count, shown[classified].element < entry.element {
                    keepFlags.append(false)
                    leaving += 1
                    classified += 1
                }
                if classified < shown.count, shown[classified].element == entry.element {
                    keepFlags.append(true)
                    classified += 1
                    continue
                }
                guard let dataSource else { throw .noDataSource(operation: "a reconcile pass") }
                enteringIdentifiers.append(try registeredIdentifier(for: entry.element, dataSource: dataSource))
            }
            leaving += shown.count - classified
        }
        while keepFlags.count < displayedStorage.count { keepFlags.append(false) }

        if leaving > 0 {
            // 2. Leaving elements end display first, so entering ones can reuse their views.
            for index in keepFlags.indices where !keepFlags[index] {
                let shown = displayedStorage[index]
                endDisplay(shown)
                lastResult.leftEntries.append(EndedEntry(element: shown.element, view: shown.view))
            }
            // 3. Compact the kept entries to the front, in order.
            var write = 0
            for read in keepFlags.indices where keepFlags[read] {
                if write != read { displayedStorage.swapAt(write, read) }
                write += 1
            }
            displayedStorage.removeLast(displayedStorage.count - write)
        }

        // 4. Entering elements are materialized and inserted in order; every frame is set.
        var entering = 0
        for (index, entry) in scratch.enumerated() {
            let frame = ListLayout.ElementFrame(start: FixedPoint.points(entry.start), extent: FixedPoint.points(entry.extent))
            let isKept = displayedStorage.withUnsafeBufferPointer { index < $0.count && $0[index].element == entry.element }
            if isKept {
                displayedStorage[index].frame = frame
                displayedStorage[index].isPinned = false
            } else {
                // A factory that returns a view already in use stops the pass here: what is
                // displayed stays consistent (every entry has its own displayed view), the
                // element is left out, and the next pass tries again.
                let shown = try materialize(entry.element, frame: frame, identifier: enteringIdentifiers[entering])
                entering += 1
                displayedStorage.insert(shown, at: index)
                lastResult.enteredEntries.append(shown)
            }
        }
        if let pins { applyPins(pins) }
        if createdDuringPass { growPoolCapacities() }
        if prefetchDistance > 0 { updatePrefetches(lower: lower, upper: upper) }
    }

    /// The reuse identifier the data source names for `element`, checked to be registered.
    ///
    /// - Throws: `.unregisteredIdentifier` naming the identifier and the element.
    @inline(__always)
    func registeredIdentifier(for element: ListElement, dataSource: any ListDataSource<View>) throws(ListError) -> String {
        let identifier = callingOut(.reuseIdentifier(element)) { dataSource.list(self, reuseIdentifierFor: element) }
        guard reusePool.isRegistered(kind: element.kind, identifier: identifier) else {
            throw .unregisteredIdentifier(identifier, kind: element.kind, element: element)
        }
        return identifier
    }

    /// Collects the elements of the window `lower..<upper` into `scratch`, refusing a
    /// window of more than `ListLimits.maximumDisplayedElements` before anything changes.
    ///
    /// - Complexity: O(log n + k) for k elements, at most the limit.
    func fillScratch(_ lower: Int64, _ upper: Int64) throws(ListError) {
        scratch.removeAll(keepingCapacity: true)
        var tooMany = false
        layout.forEachElement(units: lower, upper) { element, start, extent in
            guard scratch.count < ListLimits.maximumDisplayedElements else {
                tooMany = true
                return false
            }
            scratch.append((element, start, extent))
            return true
        }
        if tooMany {
            scratch.removeAll(keepingCapacity: true)
            throw .tooManyElementsInWindow(viewport: "offset \(viewport.offset), size \(viewport.size), overscan \(viewport.overscan.ahead)/\(viewport.overscan.behind)")
        }
    }

    /// Dequeues, binds and configures a view for `element`, then marks it displayed.
    ///
    /// - Throws: `.reuse(.factoryReturnedTrackedView)` when the front end's factory returned
    ///   a view the pool already tracks; nothing was dequeued.
    func materialize(_ element: ListElement, frame: ListLayout.ElementFrame, identifier: String) throws(ListError) -> DisplayedEntry {
        let view: AnyObject
        do {
            let dequeued = try reusePool.dequeue(kind: element.kind, identifier: identifier)
            view = dequeued.view
            if !dequeued.isRecycled { createdDuringPass = true }
        } catch {
            // The identifier was checked and nothing can unregister it during a pass, so
            // only the front end's factory can fail here.
            throw .reuse(error)
        }
        let binding = bind(view)
        if case .item(let path) = element, !measuredByIdentifier.isEmpty { restoreCachedMeasurement(path) }
        let typed = unsafeDowncast(view, to: View.self)
        let configurator = configurators.isEmpty ? nil : configurators[ReusePool<AnyObject>.SlotKey(kind: element.kind, identifier: identifier)]
        configure(view, for: element, binding: binding, with: configurator)
        do { try reusePool.willDisplay(view) } catch {
            preconditionFailure("kernel invariant: a configured view could not be displayed: \(error)")
        }
        callingOut(.willDisplay(element)) {
            dataSource?.list(self, willDisplay: typed, for: element)
        }
        return DisplayedEntry(
            element: element, view: view, reuseIdentifier: identifier, frame: frame, isPinned: false, binding: binding,
            configurator: configurator
        )
    }

    /// Configures `view` for `element`: with its registration's handler when it was made by
    /// a typed registration, else with the data source's `configure`.
    func configure(_ view: AnyObject, for element: ListElement, binding: BindingToken, with configurator: Configurator?) {
        callingOut(.configure(element)) {
            if let configurator {
                let context = ConfigurationContext(binding: binding, isSectionCollapsed: layout.isCollapsed(section: element.section))
                configurator.configure(view, element, context)
            } else {
                dataSource?.list(self, configure: unsafeDowncast(view, to: View.self), for: element, binding: binding)
            }
        }
    }

    /// Raises each identifier's pool capacity to the most views of it displayed at once, so
    /// a jump that replaces every view can recycle all of them instead of discarding some and
    /// creating new ones. Runs only after a pass that created a view, so it costs nothing
    /// once the list has warmed up.
    func growPoolCapacities() {
        createdDuringPass = false
        var counts: [ElementKind: [String: Int]] = [:]
        for shown in displayedStorage { counts[shown.element.kind, default: [:]][shown.reuseIdentifier, default: 0] += 1 }
        for (kind, identifiers) in counts {
            for (identifier, count) in identifiers {
                let capacity = reusePool.capacity(kind: kind, identifier: identifier) ?? ReusePool<AnyObject>.defaultCapacity
                if count > capacity { try? reusePool.setCapacity(count, kind: kind, identifier: identifier) }
            }
        }
    }

    // MARK: Pinning

    struct Pins {
        var header: (section: Int, pinned: Int64)?
        var footer: (section: Int, pinned: Int64)?
    }

    /// Adds the header of the section spanning the top edge and the footer of the section
    /// spanning the bottom edge to the window (even when their natural frames are outside
    /// it), and returns where they pin.
    func addPinnedElements() -> Pins {
        var pins = Pins()
        let content = layout.contentUnits
        guard content > 0 else { return pins }
        // The section spanning the top edge, kept so that a bottom edge in the same section
        // (most frames: sections are usually taller than the viewport) needs no second search.
        var topSection: SectionSpan?
        if let top = FixedPoint.offsetUnits(viewport.offset + viewport.insets.top), top >= 0, top < content {
            let span = layout.sectionSpan(containing: top)
            topSection = span
            if span.header > 0 {
                let pinned = min(max(span.start, top), span.start + span.extent - span.header)
                insertIntoScratch(.header(section: span.section), start: span.start, extent: span.header)
                pins.header = (span.section, pinned)
            }
        }
        if let bottom = FixedPoint.offsetUnits(viewport.offset + viewport.size - viewport.insets.bottom), bottom > 0, bottom <= content {
            let span: SectionSpan
            if let topSection, topSection.contains(bottom - 1) {
                span = topSection
            } else {
                span = layout.sectionSpan(containing: bottom - 1)
            }
            if span.footer > 0 {
                let natural = span.start + span.extent - span.footer
                let pinned = max(min(natural, bottom - span.footer), span.start)
                insertIntoScratch(.footer(section: span.section), start: natural, extent: span.footer)
                pins.footer = (span.section, pinned)
            }
        }
        return pins
    }

    func insertIntoScratch(_ element: ListElement, start: Int64, extent: Int64) {
        var index = scratch.count
        while index > 0, element < scratch[index - 1].element { index -= 1 }
        if index > 0, scratch[index - 1].element == element { return }
        scratch.insert((element, start, extent), at: index)
    }

    func applyPins(_ pins: Pins) {
        if let header = pins.header, let index = displayedIndex(of: .header(section: header.section)) {
            let pinnedStart = FixedPoint.points(header.pinned)
            if pinnedStart != displayedStorage[index].frame.start {
                displayedStorage[index].frame.start = pinnedStart
                displayedStorage[index].isPinned = true
            }
        }
        if let footer = pins.footer, let index = displayedIndex(of: .footer(section: footer.section)) {
            let pinnedStart = FixedPoint.points(footer.pinned)
            if pinnedStart != displayedStorage[index].frame.start {
                displayedStorage[index].frame.start = pinnedStart
                displayedStorage[index].isPinned = true
            }
        }
    }

    // MARK: Prefetching

    /// Announces the items in the prefetch region ahead of the window and cancels earlier
    /// announcements that are no longer ahead (the direction reversed, or the list jumped).
    func updatePrefetches(lower: Int64, upper: Int64) {
        guard let distance = FixedPoint.offsetUnits(prefetchDistance) else { return }
        let (from, to) = scrollDirection == .forward ? (upper, upper + distance) : (lower - distance, lower)
        desiredPrefetch.removeAll(keepingCapacity: true)
        layout.forEachElement(units: from, to) { element, _, _ in
            if case .item(let path) = element, displayedIndex(of: element) == nil { desiredPrefetch.append(path) }
            return desiredPrefetch.count < ListLimits.maximumDisplayedElements
        }
        var announce: [ItemPath] = []
        var cancel: [ItemPath] = []
        var i = 0
        var j = 0
        while i < prefetchedItems.count || j < desiredPrefetch.count {
            if j == desiredPrefetch.count || (i < prefetchedItems.count && prefetchedItems[i] < desiredPrefetch[j]) {
                // No longer ahead: cancel unless it is now on screen (then it was used).
                if displayedIndex(of: .item(prefetchedItems[i])) == nil { cancel.append(prefetchedItems[i]) }
                i += 1
            } else if i == prefetchedItems.count || desiredPrefetch[j] < prefetchedItems[i] {
                announce.append(desiredPrefetch[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        swap(&prefetchedItems, &desiredPrefetch)
        if announce.isEmpty, cancel.isEmpty { return }
        callingOut(.prefetch) {
            if !cancel.isEmpty { dataSource?.list(self, cancelPrefetchingForItemsAt: cancel) }
            if !announce.isEmpty { dataSource?.list(self, prefetchItemsAt: announce) }
        }
        lastResult.prefetched.append(contentsOf: announce)
        lastResult.cancelledPrefetches.append(contentsOf: cancel)
    }

    /// Cancels every outstanding prefetch (the model changed under them).
    func cancelAllPrefetches() {
        guard !prefetchedItems.isEmpty else { return }
        let cancel = prefetchedItems
        prefetchedItems.removeAll()
        callingOut(.prefetch) { dataSource?.list(self, cancelPrefetchingForItemsAt: cancel) }
    }
}
