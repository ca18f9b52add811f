@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

extension VirtualList {
    /// Reads every count and metric from the data source again, ends the display of every
    /// view (they go back to the pool), and runs a pass: like UITableView's `reloadData`.
    /// Fold state is kept by section identifier.
    ///
    /// Everything is checked before any view changes: the counts and metrics (against
    /// `ListLimits` too), and the reuse identifier of every element the new layout shows in
    /// the current viewport. A reload that throws leaves the list, its views and its layout
    /// exactly as they were.
    ///
    /// - Throws: `ListError.reentrantCall` from inside a callback, `.noDataSource`,
    ///   `.invalidCount` or `.layout` for bad data source answers (`.layout(.tooManySections)`
    ///   and the other `ListLimits` errors included), `.unregisteredIdentifier` for an
    ///   element the new layout would show.
    /// - Complexity: O(S + m) for S sections and m measured extents, plus the pass.
    @discardableResult
    public func reloadData() throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("reloadData()")
        let newLayout = try buildLayout()
        let (oldLayout, oldOffset) = (layout, viewport.offset)
        let pinned = startsPinned()
        layout = newLayout
        // Content that shrank past the viewport brings the offset back to its last valid
        // value, as every other change does; a following list at its end stays there.
        var adjustment = clampOffsetToContent(pulledFrom: oldOffset)
        if pinned { adjustment += pinToEnd() }
        do { try checkWindowIdentifiers() } catch {
            (layout, viewport.offset) = (oldLayout, oldOffset)
            throw error
        }
        pendingAdjustment += adjustment
        endAllDisplay()
        return try reconcile()
    }

    /// Asks the reuse identifier of every element the current layout shows in the viewport
    /// (pinned headers and footers included) and checks that each is registered.
    ///
    /// - Complexity: O(log n + k) for k elements in the window.
    func checkWindowIdentifiers() throws(ListError) {
        let (lower, upper) = windowUnits()
        try fillScratch(lower, upper)
        if style == .plain { _ = addPinnedElements() }
        guard !scratch.isEmpty else { return }
        guard let dataSource else { throw .noDataSource(operation: "reloadData()") }
        for entry in scratch { _ = try registeredIdentifier(for: entry.element, dataSource: dataSource) }
    }

    /// Asks the data source for the whole model and builds its layout.
    func buildLayout() throws(ListError) -> ListLayout {
        guard let dataSource else { throw .noDataSource(operation: "reloadData()") }
        let sectionCount = callingOut(.counts) { dataSource.numberOfSections(in: self) }
        guard sectionCount >= 0 else { throw .invalidCount(sectionCount, what: "sections") }
        guard sectionCount <= ListLimits.maximumSectionCount else {
            throw .layout(.tooManySections(count: 0, adding: sectionCount))
        }
        var sections: [ListLayout.Section] = []
        sections.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            sections.append(try sectionDescription(section, dataSource: dataSource))
        }
        do { return try ListLayout(sections: sections) } catch { throw .layout(error) }
    }

    /// The layout description of one section as the data source reports it now.
    func sectionDescription(_ section: Int, dataSource: any ListDataSource<View>) throws(ListError) -> ListLayout.Section {
        let count = callingOut(.counts) { dataSource.list(self, numberOfItemsInSection: section) }
        guard count >= 0 else { throw .invalidCount(count, what: "items in section \(section)") }
        guard count <= ListLimits.maximumItemCount else { throw .layout(.tooManyItems(count: 0, adding: count)) }
        let metrics = callingOut(.metrics(section)) { dataSource.list(self, metricsForSection: section) }
        let isCollapsed = collapsedSections.contains(sectionKey(section, dataSource: dataSource))
        if let extents = metrics.measuredItemExtents {
            guard extents.count == count else {
                throw .invalidCount(extents.count, what: "measured item extents for section \(section), which has \(count) items")
            }
            return ListLayout.Section(
                itemExtents: extents, estimate: metrics.itemExtent.points,
                header: metrics.header, footer: metrics.footer, isCollapsed: isCollapsed
            )
        }
        return ListLayout.Section(
            itemCount: count,
            itemExtent: metrics.itemExtent,
            header: metrics.header,
            footer: metrics.footer,
            isCollapsed: isCollapsed
        )
    }

    /// The key fold state is stored under: the section's identifier, or its index.
    func sectionKey(_ section: Int, dataSource: (any ListDataSource<View>)?) -> AnyHashable {
        callingOut(.identifiers) { dataSource?.list(self, identifierForSection: section) } ?? AnyHashable(section)
    }

    /// Ends the display of every displayed view and returns it to the pool.
    func endAllDisplay() {
        var ended: [EndedEntry] = []
        for shown in displayedStorage {
            endDisplay(shown)
            ended.append(EndedEntry(element: shown.element, view: shown.view))
        }
        displayedStorage.removeAll(keepingCapacity: true)
        pendingLeft.append(contentsOf: ended)
        cancelAllPrefetches()
    }

    /// didEndDisplaying, then back to the pool.
    func endDisplay(_ shown: DisplayedEntry) {
        callingOut(.didEndDisplaying(shown.element)) {
            dataSource?.list(self, didEndDisplaying: unsafeDowncast(shown.view, to: View.self), for: shown.element)
        }
        do {
            try reusePool.didEndDisplaying(shown.view)
            _ = try reusePool.enqueue(shown.view)
        } catch {
            preconditionFailure("kernel invariant: a displayed view could not be returned to the pool: \(error)")
        }
    }

    /// Collapses or expands `section`; see `setCollapsed(_:sections:)`.
    ///
    /// - Throws: as `setCollapsed(_:sections:)`.
    /// - Complexity: O(log S) plus the pass.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, section: Int) throws(ListError) -> PassResult<View> {
        try setCollapsed(collapsed, sections: [section])
    }

    /// Whether `section` is collapsed (`false` for a section outside the list). Read it
    /// anywhere, `configure` included; a `ViewRegistration`'s handler also gets it as
    /// `context.isSectionCollapsed`.
    ///
    /// - Complexity: O(log S).
    public func isCollapsed(section: Int) -> Bool { layout.isCollapsed(section: section) }

    /// Configures the displayed views of `elements` again, in place: same view, no
    /// `prepareForReuse`, a new binding (UIKit's `reconfigureRows`). Elements not displayed
    /// are ignored; they are configured when they appear.
    ///
    /// A measurement reported from those configure calls is applied at once (the top
    /// element kept still) and followed by a pass.
    ///
    /// - Throws: `ListError.reentrantCall`, `.layout` for an element out of range.
    /// - Complexity: O(r log k) for r elements and k displayed, plus a pass if a view
    ///   reported a measurement.
    @discardableResult
    public func reconfigure(_ elements: [ListElement]) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("reconfigure(_:)")
        for element in elements {
            do { try layout.checkElement(element) } catch { throw .layout(error) }
        }
        for element in elements { reconfigureDisplayed(element) }
        guard !pendingMeasurements.isEmpty else { return lastPass }
        pendingAdjustment += applyPendingMeasurements()
        return try reconcile()
    }

    /// Rebinds and configures the displayed view of `element`, if any.
    func reconfigureDisplayed(_ element: ListElement) {
        guard let index = displayedIndex(of: element) else { return }
        let view = displayedStorage[index].view
        let binding = bind(view)
        displayedStorage[index].binding = binding
        configure(view, for: element, binding: binding, with: displayedStorage[index].configurator)
    }

    func bind(_ view: AnyObject) -> BindingToken {
        do { return try reusePool.bind(view) } catch {
            preconditionFailure("kernel invariant: a view the list holds could not be bound: \(error)")
        }
    }
}
