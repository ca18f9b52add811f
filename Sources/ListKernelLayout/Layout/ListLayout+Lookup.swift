@_spi(ListKernelTesting) public import ListKernelCore

/// Offset and frame queries: what is at an offset, where an element lies, what intersects
/// a range. Each answers in O(log n), or O(log n + k) for k results.
extension ListLayout {
    // MARK: Unit-level core (internal: the reconcile pass works in exact units)

    /// The element whose span `[start, start + extent)` holds `offset`, in units.
    @inline(__always)
    package func locate(units offset: Int64) -> (element: ListElement, start: Int64, extent: Int64)? {
        guard offset >= 0, offset < contentUnits else { return nil }
        let (section, remainder, slot, link) = sections.searchLinked(.extent, offset)
        // Borrow the record in place: copying it would retain its arrays.
        return sections.records.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + slot
            let sectionStart = offset - remainder
            var local = remainder
            let header = record.pointee.headerUnits
            if local < header {
                return (.header(section: section), sectionStart, header)
            }
            local -= header
            if !record.pointee.isCollapsed {
                let total = record.pointee.items.total
                if local < total {
                    // A section of one run is searched through the tree's link to it, whose
                    // reads need not wait for the record's.
                    let (item, inside, extent) = link != 0
                        ? ExtentRun.search(local, link: link)
                        : record.pointee.items.search(local)
                    return (.item(ItemPath(section: section, item: item)), offset - inside, Int64(extent))
                }
                local -= total
            }
            return (.footer(section: section), offset - local, record.pointee.footerUnits)
        }
    }

    /// The frame of `element` in units, or `nil` when it is not laid out (an item of a
    /// collapsed section, a header or footer the section does not have). No range check.
    @inline(__always)
    package func unitFrame(of element: ListElement) -> (start: Int64, extent: Int64)? {
        var locator = SectionLocator()
        return unitFrame(of: element, locator: &locator)
    }

    /// Where the section of the last frame looked up through it lies, so that lookups of
    /// elements of one section in a row descend the section tree once. Valid only while the
    /// layout does not change: make a new one after any mutation.
    package struct SectionLocator {
        fileprivate var section = -1
        fileprivate var slot = 0
        fileprivate var start: Int64 = 0

        package init() {}

        fileprivate init(section: Int, slot: Int, start: Int64) {
            self.section = section
            self.slot = slot
            self.start = start
        }
    }

    /// `unitFrame(of:)`, reusing `locator`'s section when `element` is in it (the layout
    /// must not have changed since `locator` was made).
    ///
    /// - Complexity: O(1) when `element` is in the locator's section, else O(log S).
    @inline(__always)
    package func unitFrame(of element: ListElement, locator: inout SectionLocator) -> (start: Int64, extent: Int64)? {
        if locator.section != element.section {
            let (slot, start, _) = sections.locate(section: element.section)
            locator = SectionLocator(section: element.section, slot: slot, start: start)
        }
        let slot = locator.slot, sectionStart = locator.start
        // Borrow the record in place: copying it would retain its arrays.
        return sections.records.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + slot
            switch element {
            case .header:
                return record.pointee.hasHeader ? (sectionStart, record.pointee.headerUnits) : nil
            case .item(let path):
                if record.pointee.isCollapsed { return nil }
                return (
                    sectionStart + record.pointee.headerUnits + record.pointee.items.prefix(path.item),
                    Int64(record.pointee.items.extent(at: path.item))
                )
            case .footer:
                guard record.pointee.hasFooter else { return nil }
                return (sectionStart + record.pointee.headerUnits + (record.pointee.isCollapsed ? 0 : record.pointee.items.total), record.pointee.footerUnits)
            }
        }
    }

    /// Calls `body` for every element with non-zero extent intersecting `[lower, upper)`
    /// (units), in order, until it returns `false`.
    ///
    /// - Complexity: O(log n + k); each run of zero-extent elements is skipped by one search.
    package func forEachElement(
        units lower: Int64,
        _ upper: Int64,
        _ body: (ListElement, Int64, Int64) -> Bool
    ) {
        let content = contentUnits
        let from = max(lower, 0)
        guard upper > from, from < content else { return }
        var (section, remainder, slot) = sections.search(.extent, from)
        var sectionStart = from - remainder
        sections.records.withUnsafeBufferPointer { records in
            while slot >= 0, sectionStart < upper {
                // Borrow the record in place: copying it would retain its arrays.
                let record = records.baseAddress! + slot
                let sectionExtent = record.pointee.extent
                if sectionExtent == 0 {
                    // Skip every zero-extent section at this offset in one search.
                    (section, _, slot) = sections.search(.extent, sectionStart)
                    continue
                }
                var cursor = sectionStart
                let header = record.pointee.headerUnits
                if header > 0, cursor + header > from {
                    if !body(.header(section: section), cursor, header) { return }
                }
                cursor += header
                if !record.pointee.isCollapsed {
                    let total = record.pointee.items.total
                    let count = record.pointee.items.count
                    var local = max(from - cursor, 0)
                    while local < total, cursor + local < upper {
                        let (found, inside, foundExtent) = record.pointee.items.search(local)
                        var item = found
                        local -= inside
                        var extent = Int64(foundExtent)
                        while true {
                            if !body(.item(ItemPath(section: section, item: item)), cursor + local, extent) { return }
                            local += extent
                            item += 1
                            guard item < count, local < total, cursor + local < upper else { break }
                            extent = Int64(record.pointee.items.extent(at: item))
                            if extent == 0 { break }  // a zero run: the outer search skips it
                        }
                    }
                    cursor += total
                }
                let footer = record.pointee.footerUnits
                if footer > 0, cursor < upper, cursor + footer > from {
                    if !body(.footer(section: section), cursor, footer) { return }
                }
                sectionStart += sectionExtent
                guard sectionStart < upper else { return }
                slot = sections.slot(after: slot, index: section)
                section += 1
            }
        }
    }

    // MARK: Public queries

    /// The element at `offset` and how far into it the offset lies; `nil` when the offset is
    /// outside `0..<contentExtent` (or NaN). An offset on a boundary belongs to the element
    /// that starts there; zero-extent elements are never returned.
    ///
    /// ```swift
    /// if let hit = layout.element(at: 120) { print(hit.element, hit.offsetInElement) }
    /// ```
    ///
    /// - Complexity: O(log n).
    public func element(at offset: Double) -> PlacedElement? {
        guard let units = FixedPoint.offsetUnits(offset), let found = locate(units: units) else { return nil }
        return PlacedElement(
            element: found.element,
            frame: ElementFrame(start: FixedPoint.points(found.start), extent: FixedPoint.points(found.extent)),
            offsetInElement: offset - FixedPoint.points(found.start)
        )
    }

    /// The frame of `element`, or `nil` when it is not laid out (an item of a collapsed
    /// section, a header or footer its section does not have) or outside the list.
    ///
    /// - Complexity: O(log n).
    public func frame(of element: ListElement) -> ElementFrame? {
        guard isElement(element) else { return nil }
        return unitFrame(of: element).map {
            ElementFrame(start: FixedPoint.points($0.start), extent: FixedPoint.points($0.extent))
        }
    }

    /// The elements with non-zero extent that intersect `range`, in order.
    ///
    /// ```swift
    /// for placed in layout.elements(in: 900..<1800) { print(placed.element, placed.frame) }
    /// ```
    ///
    /// - Complexity: O(log n + k) for k results.
    public func elements(in range: Range<Double>) -> [PlacedElement] {
        var result: [PlacedElement] = []
        forEachElement(in: range) { placed in
            result.append(placed)
            return true
        }
        return result
    }

    /// Calls `body` for each element with non-zero extent intersecting `range`, in order,
    /// until it returns `false`; allocates nothing.
    ///
    /// - Complexity: O(log n + k) for k elements visited.
    public func forEachElement(in range: Range<Double>, _ body: (PlacedElement) -> Bool) {
        guard let lower = FixedPoint.offsetUnits(range.lowerBound),
              let upper = FixedPoint.upperBoundUnits(range.upperBound) else { return }
        forEachElement(units: lower, upper) { element, start, extent in
            body(PlacedElement(
                element: element,
                frame: ElementFrame(start: FixedPoint.points(start), extent: FixedPoint.points(extent)),
                offsetInElement: 0
            ))
        }
    }

    /// The section whose span holds `offset`, or `nil` outside `0..<contentExtent`. Sections
    /// with zero extent are never returned.
    ///
    /// - Complexity: O(log S).
    public func section(at offset: Double) -> Int? {
        guard let units = FixedPoint.offsetUnits(offset), units >= 0, units < contentUnits else { return nil }
        return sections.search(.extent, units).index
    }

    /// The first and last sections with a laid-out element intersecting `range` (the first
    /// and last visible sections of a viewport), or `nil` when none does.
    ///
    /// - Complexity: O(log n).
    public func sections(in range: Range<Double>) -> ClosedRange<Int>? {
        var first: Int?
        forEachElement(in: range) { placed in
            first = placed.section
            return false
        }
        guard let first, let upper = FixedPoint.upperBoundUnits(range.upperBound) else { return nil }
        let last = sections.search(.extent, min(upper, contentUnits) - 1).index
        return first...max(first, last)
    }

    /// The extent of item `path`, in points (its estimate while unmeasured), or `nil` for an
    /// item outside the list.
    ///
    /// - Complexity: O(log n).
    public func itemExtent(at path: ItemPath) -> Double? {
        guard isItem(path) else { return nil }
        return FixedPoint.points(Int64(sections[path.section].items.extent(at: path.item)))
    }

    /// Whether item `path` has been measured (items of a uniform section always are;
    /// `false` for an item outside the list).
    ///
    /// - Complexity: as `itemExtent(at:)`.
    public func isMeasured(_ path: ItemPath) -> Bool {
        isItem(path) && sections[path.section].items.isMeasured(path.item)
    }

    /// The extent of `section`'s header in points, or `nil` when it has none or the section
    /// is outside the list.
    ///
    /// - Complexity: O(log S).
    public func headerExtent(section: Int) -> Double? {
        guard isSection(section) else { return nil }
        let record = sections[section]
        return record.hasHeader ? FixedPoint.points(record.headerUnits) : nil
    }

    /// The extent of `section`'s footer in points, or `nil` when it has none or the section
    /// is outside the list.
    ///
    /// - Complexity: O(log S).
    public func footerExtent(section: Int) -> Double? {
        guard isSection(section) else { return nil }
        let record = sections[section]
        return record.hasFooter ? FixedPoint.points(record.footerUnits) : nil
    }

    /// The span of `section` (header, laid-out items, footer) in points, or `nil` for a
    /// section outside the list.
    ///
    /// - Complexity: O(log S).
    public func sectionFrame(_ section: Int) -> ElementFrame? {
        guard isSection(section) else { return nil }
        let (slot, start, _) = sections.locate(section: section)
        return ElementFrame(start: FixedPoint.points(start), extent: FixedPoint.points(sections.records[slot].extent))
    }
}

extension ListLayout.PlacedElement {
    /// The section of the element.
    ///
    /// - Complexity: O(1).
    public var section: Int { element.section }
}

// MARK: Queries for the layers above

/// A section's place on the content axis, in units: where it starts, the extents of its
/// header and footer (0 without one) and of the whole section. What pinning needs.
package struct SectionSpan: Equatable {
    package var section: Int
    package var start: Int64
    package var header: Int64
    package var footer: Int64
    package var extent: Int64

    @inlinable
    package init(section: Int, start: Int64, header: Int64, footer: Int64, extent: Int64) {
        (self.section, self.start, self.header, self.footer, self.extent) = (section, start, header, footer, extent)
    }

    /// Whether `offset` (units) lies in this section's span.
    @inlinable
    package func contains(_ offset: Int64) -> Bool { start <= offset && offset < start + extent }
}

extension ListLayout {
    /// The span of the section holding `offset` (units), which must be in `0..<contentUnits`.
    ///
    /// - Complexity: O(log S).
    package func sectionSpan(containing offset: Int64) -> SectionSpan {
        let (section, remainder, slot) = sections.search(.extent, offset)
        let spans = sections.spans(atSlot: slot)
        return SectionSpan(section: section, start: offset - remainder, header: spans.header, footer: spans.footer, extent: spans.section)
    }

    /// The span of `section`, which must be in `0..<sectionCount`.
    ///
    /// - Complexity: O(log S).
    package func sectionSpan(of section: Int) -> SectionSpan {
        let (slot, start, _) = sections.locate(section: section)
        let spans = sections.spans(atSlot: slot)
        return SectionSpan(section: section, start: start, header: spans.header, footer: spans.footer, extent: spans.section)
    }

    /// Whether storing a measured extent of `units` for an item of `section` would turn the
    /// section's uniform extents into per-item ones (what `ListLimits.maximumPerItemCount`
    /// bounds). `section` must be in `0..<sectionCount`.
    ///
    /// - Complexity: O(log S).
    package func measurementTurnsPerItem(section: Int, units: Int32) -> Bool {
        sections[section].items.turnsPerItem(storing: units, measured: true)
    }

    /// Every section's item count, collapsed sections included, in section order.
    ///
    /// - Complexity: O(S).
    package func itemCounts() -> [Int] { sections.itemCounts() }
}
