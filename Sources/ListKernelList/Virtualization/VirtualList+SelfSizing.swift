@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

extension VirtualList {
    /// Reports the measured extent of `element` (estimated → measured, or a cell that grew
    /// when expanded). The list updates its layout and keeps what the user looks at still:
    /// the element at the top edge and the offset inside it stay put, so a change below it
    /// moves nothing on screen and a change above it shifts the offset by exactly its delta.
    ///
    /// Called from inside `configure` (self-sizing), the measurement is queued and applied
    /// when the pass ends, followed by another pass. Measured item extents are remembered by
    /// the data source's item identifier, so an item that re-appears keeps its extent.
    ///
    /// ```swift
    /// try list.setMeasuredExtent(114, for: .item(ItemPath(section: 0, item: 3)))   // expanded
    /// ```
    ///
    /// - Throws: `ListError.layout` for an element out of range or a NaN, negative or
    ///   infinite extent, or an item of an estimated section past
    ///   `ListLimits.maximumPerItemCount` (`.tooManyPerItemExtents`); `.notLaidOut` for a
    ///   header or footer the section does not have.
    /// - Complexity: O(log n) plus a pass (outside callbacks).
    @discardableResult
    public func setMeasuredExtent(_ extent: Double, for element: ListElement) throws(ListError) -> PassResult<View> {
        try checkMeasurement(extent, for: element)
        queueMeasurement(extent, for: element)
        if callout != nil { return lastPass }
        pendingAdjustment += applyPendingMeasurements()
        return try reconcile()
    }

    /// Reports many measurements at once: all are checked first (one bad one and none is
    /// applied), then applied together with the top element kept still, followed by one
    /// pass, whose `anchorAdjustment` is the whole offset change. From inside a callback they
    /// are queued like single measurements.
    ///
    /// ```swift
    /// let pass = try list.setMeasuredExtents([.item(ItemPath(section: 0, item: 3)): 114,
    ///                                         .item(ItemPath(section: 0, item: 4)): 60])
    /// scrollView.contentOffset.y += pass.anchorAdjustment
    /// ```
    ///
    /// - Throws: as `setMeasuredExtent(_:for:)`, for the first bad measurement in list order.
    /// - Complexity: O(m log n) for m measurements, plus one pass (outside callbacks).
    @discardableResult
    public func setMeasuredExtents(_ extents: [ListElement: Double]) throws(ListError) -> PassResult<View> {
        let ordered = extents.sorted { $0.key < $1.key }
        for (element, extent) in ordered { try checkMeasurement(extent, for: element) }
        for (element, extent) in ordered { queueMeasurement(extent, for: element) }
        if callout != nil || ordered.isEmpty { return lastPass }
        pendingAdjustment += applyPendingMeasurements()
        return try reconcile()
    }

    /// Reports the measured extents of consecutive items of one section, `extents[0]` for
    /// item `start`, `extents[1]` for the next, and so on: `setMeasuredExtents(_:)` for a
    /// block (rows just inserted, a page loaded), without a dictionary or a sort. All are
    /// checked first (one bad one and none is applied), then applied with the top element
    /// kept still, followed by one pass; from inside a callback they are queued.
    ///
    /// ```swift
    /// try list.setMeasuredExtents([60, 44, 120], forItemsFrom: ItemPath(section: 0, item: 10))
    /// ```
    ///
    /// - Throws: `ListError.layout` for a block that runs past the section's items, or as
    ///   `setMeasuredExtent(_:for:)` for the first bad measurement.
    /// - Complexity: O(k log n) for k extents, plus one pass (outside callbacks).
    @discardableResult
    public func setMeasuredExtents(_ extents: [Double], forItemsFrom start: ItemPath) throws(ListError) -> PassResult<View> {
        try setMeasuredExtents(blocks: [(start, extents)])
    }

    /// `setMeasuredExtents(_:forItemsFrom:)` for several blocks at once: all are checked,
    /// then queued in order, then applied with one pass.
    @discardableResult
    func setMeasuredExtents(blocks: [(start: ItemPath, extents: [Double])]) throws(ListError) -> PassResult<View> {
        var measured = 0
        for (start, extents) in blocks where !extents.isEmpty {
            try checkMeasurements(extents, from: start)
            measured += extents.count
        }
        guard measured > 0 else { return lastPass }
        for (start, extents) in blocks where !extents.isEmpty {
            rememberMeasurements(extents, from: start)
            pendingMeasurements.append(.block(start, extents))
        }
        if callout != nil { return lastPass }
        pendingAdjustment += applyPendingMeasurements()
        return try reconcile()
    }

    /// Throws unless `extents` are valid measurements of the items from `start` now.
    func checkMeasurements(_ extents: [Double], from start: ItemPath) throws(ListError) {
        try checkMeasurement(extents[0], for: .item(start))
        let count = layout.itemCount(inSection: start.section) ?? 0
        if start.item + extents.count > count {
            throw .layout(.itemOutOfRange(ItemPath(section: start.section, item: count), itemCount: count))
        }
        for (offset, extent) in extents.enumerated() where FixedPoint.elementUnits(extent) == nil {
            throw .layout(.invalidExtent(extent, for: ListElement.item(ItemPath(section: start.section, item: start.item + offset)).description))
        }
        if count > ListLimits.maximumPerItemCount,
           extents.contains(where: { layout.measurementTurnsPerItem(section: start.section, units: FixedPoint.elementUnits($0)!) }) {
            throw .layout(.tooManyPerItemExtents(section: start.section, itemCount: count))
        }
    }

    /// Remembers the measured extents of items by their identifiers, when the data source
    /// gives identifiers (one callout for the block).
    func rememberMeasurements(_ extents: [Double], from start: ItemPath) {
        callingOut(.identifiers) {
            guard let dataSource else { return }
            for (offset, extent) in extents.enumerated() {
                if let identifier = dataSource.list(self, identifierForItemAt: ItemPath(section: start.section, item: start.item + offset)) {
                    measuredByIdentifier[identifier] = extent
                }
            }
        }
    }

    /// Throws unless `extent` is a valid measurement of `element` now.
    func checkMeasurement(_ extent: Double, for element: ListElement) throws(ListError) {
        do { try layout.checkElement(element) } catch { throw .layout(error) }
        guard FixedPoint.elementUnits(extent) != nil else { throw .layout(.invalidExtent(extent, for: element.description)) }
        switch element {
        case .header(let section) where !layout.hasHeader(section: section),
             .footer(let section) where !layout.hasFooter(section: section):
            throw .notLaidOut(element, operation: "setMeasuredExtent(_:for:)")
        case .item(let path):
            // A measurement that would turn a huge estimated section per-item is refused now,
            // not dropped when the queue is applied.
            let count = layout.itemCount(inSection: path.section) ?? 0
            if count > ListLimits.maximumPerItemCount, let units = FixedPoint.elementUnits(extent),
               layout.measurementTurnsPerItem(section: path.section, units: units) {
                throw .layout(.tooManyPerItemExtents(section: path.section, itemCount: count))
            }
        default:
            break
        }
    }

    /// Queues a checked measurement, remembering an item's by its identifier.
    func queueMeasurement(_ extent: Double, for element: ListElement) {
        if case .item(let path) = element,
           let identifier = callingOut(.identifiers, { dataSource?.list(self, identifierForItemAt: path) }) {
            measuredByIdentifier[identifier] = extent
        }
        pendingMeasurements.append(.one(element, extent))
    }

    /// Forgets the remembered extent of every item (for example after a font size change);
    /// the layout keeps the extents it has.
    ///
    /// - Complexity: O(1).
    public func removeCachedMeasurements() { measuredByIdentifier.removeAll() }

    /// Applies queued measurements, keeping the anchor still; returns the offset change.
    func applyPendingMeasurements() -> Double {
        let measurements = pendingMeasurements
        pendingMeasurements.removeAll()
        guard !measurements.isEmpty else { return 0 }
        let offsetBefore = viewport.offset
        let pinned = live.behaviour.follows && isAtEnd
        let anchor = anchorElement()
        for measurement in measurements {
            // Validated when queued; an update in between may have moved things, so re-check.
            do {
                switch measurement {
                case .one(.item(let path), let extent): try layout.setItemExtent(extent, at: path)
                case .one(.header(let section), let extent): try layout.setHeaderExtent(extent, section: section)
                case .one(.footer(let section), let extent): try layout.setFooterExtent(extent, section: section)
                case .block(let start, let extents): try layout.setItemExtents(extents, from: start)
                }
            } catch {
                continue
            }
        }
        var delta = 0.0
        if let anchor, let frame = layout.unitFrame(of: anchor.element) {
            delta = FixedPoint.points(frame.start - anchor.start)
            viewport.offset += delta
        }
        delta += clampOffsetToContent(pulledFrom: offsetBefore)
        return pinned ? delta + pinToEnd() : delta
    }

    /// Queues the remembered extent of an unmeasured item that is entering.
    func restoreCachedMeasurement(_ path: ItemPath) {
        guard !layout.isMeasured(path),
              let identifier = callingOut(.identifiers, { dataSource?.list(self, identifierForItemAt: path) }),
              let extent = measuredByIdentifier[identifier] else { return }
        pendingMeasurements.append(.one(.item(path), extent))
    }

    /// The element at the top edge of the viewport and its start, in units.
    func anchorElement() -> (element: ListElement, start: Int64)? {
        guard let top = FixedPoint.offsetUnits(viewport.offset + viewport.insets.top),
              let found = layout.locate(units: top) else { return nil }
        return (found.element, found.start)
    }
}

/// Where `scroll(to:at:)` places an element in the viewport.
public enum ScrollPosition: Hashable, Sendable {
    /// The element's leading edge at the top of the visible area (below a pinned header).
    case top
    /// The element's centre at the centre of the visible area.
    case middle
    /// The element's trailing edge at the bottom of the visible area (above a pinned footer).
    case bottom
    /// No move when the element is fully visible; otherwise the smallest move that shows it.
    case nearest
}

extension VirtualList {
    /// Scrolls so that `element` is at `position`, clamped so the viewport never shows space
    /// past the content. Rows measured on the way are taken into account: the target is
    /// recomputed after each measuring pass until it holds.
    ///
    /// - Throws: `ListError.reentrantCall`, `.layout` for an element out of range,
    ///   `.notLaidOut` for an item of a collapsed section.
    /// - Complexity: O(log n) plus up to four passes.
    @discardableResult
    public func scroll(to element: ListElement, at position: ScrollPosition) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("scroll(to:at:)")
        do { try layout.checkElement(element) } catch { throw .layout(error) }
        guard layout.unitFrame(of: element) != nil else { throw .notLaidOut(element, operation: "scroll(to:at:)") }
        var result = try scroll(to: targetOffset(for: element, at: position) ?? viewport.offset)
        // Rows measured by that pass may have moved the element: aim again until it holds.
        for _ in 0..<3 {
            guard let target = targetOffset(for: element, at: position), target != viewport.offset else { break }
            result = try scroll(to: target)
        }
        return result
    }

    /// The clamped offset that puts `element` at `position`, or nil if it is not laid out.
    func targetOffset(for element: ListElement, at position: ScrollPosition) -> Double? {
        guard let frame = layout.unitFrame(of: element) else { return nil }
        let start = FixedPoint.points(frame.start)
        let end = FixedPoint.points(frame.start + frame.extent)
        var topInset = viewport.insets.top
        var bottomInset = viewport.insets.bottom
        if style == .plain {
            let record = layout.sectionSpan(of: element.section)
            // A pinned header covers the top of its section's items, a pinned footer the
            // bottom of its section's header and items.
            if case .item = element { topInset += FixedPoint.points(record.header) }
            if element.kind != .footer { bottomInset += FixedPoint.points(record.footer) }
        }
        let visibleTop = viewport.offset + topInset
        let visibleBottom = viewport.offset + viewport.size - bottomInset
        let visible = visibleBottom - visibleTop
        var target: Double
        switch position {
        case .top: target = start - topInset
        case .bottom: target = end - viewport.size + bottomInset
        case .middle: target = start + (end - start) / 2 - topInset - visible / 2
        case .nearest:
            if start >= visibleTop, end <= visibleBottom { return viewport.offset }
            target = start < visibleTop || end - start > visible ? start - topInset : end - viewport.size + bottomInset
        }
        let minimum = -viewport.insets.top
        let maximum = max(minimum, layout.contentExtent + viewport.insets.bottom - viewport.size)
        target = min(max(target, minimum), maximum)
        return target
    }
}

/// A measurement waiting to be applied: one element's extent, or the extents of consecutive
/// items from an item on.
enum PendingMeasurement {
    case one(ListElement, Double)
    case block(ItemPath, [Double])
}
