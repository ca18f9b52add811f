@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

// The anchor step of an update: what the user looks at stays where it was.
//
// Taken before the layout changes (from the displayed elements and the old layout) and
// resolved after it (against the new layout), as a value in between:
//
//   1. The primary anchor is the first displayed element, in list order, shown at its
//      natural position (a header or footer pinned away from its frame does not count)
//      whose natural frame ends below the top edge (offset + insets.top).
//   2. If it keeps its place (see `AnchorMap`), its start stays at the same distance from
//      the top edge.
//   3. If it vanished, the top edge goes to the collapse point: the new end of the last
//      element before it that keeps its place (the content's start when none does), so the
//      first element after it that keeps its place lands at the top edge. When the header
//      of the anchor's section was pinned to the top edge and keeps its place, but would no
//      longer sit there at the collapse point (its section became too short below it), the
//      top edge goes to the header's start instead: a folded or emptied section's header
//      stays where the user saw it.
//   4. Then the offset is clamped into the content (`clampOffsetToContent(pulledFrom:)`).
//
//     before: fold section 0          collapse point          header exception
//     ─ top ─ header 0 (pinned)       header 0   0..<20       ─ top ─ header 0   0..<20
//             item [0, 1]  ← anchor   ─ top ─ footer 0  20    footer 0           20..<30
//             item [0, 2]             header 1 …              header 1 …
//     (the collapse point would show footer 0 under a header pinned at 10, not at the
//      top edge: the header's start wins)

/// How a change moves the elements the anchor step looks at: which of them keep their
/// place in the list's order, and a quick way back to the last one before a given element
/// that does.
///
/// An element keeps its place when it is still laid out after the change, among the same
/// neighbours: it is not deleted, hidden by a fold, replaced by a section reload, or moved
/// (a move takes an element away from where the user was looking, even though its view is
/// kept), and neither is its section.
struct AnchorMap {
    /// The element after the change that `element` (before it) is, when it keeps its place.
    let kept: (ListElement) -> ListElement?
    /// Whether section `section` (before the change) keeps its place, with its header and
    /// footer.
    let keepsSection: (Int) -> Bool
    /// The last item of section `section`, at or before item `item`, that keeps its place
    /// (indexes before the change; the section keeps its place), or `nil`.
    let lastKeptItem: (_ section: Int, _ item: Int) -> Int?
}

extension AnchorMap {
    /// The map of a validated batch update: every answer in O(log k) for k operations.
    init(_ update: ValidatedUpdate) {
        func keepsSection(_ section: Int) -> Int? {
            if case .unchanged(let new)? = update.fate(ofOldSection: section) { return new }
            return nil
        }
        kept = { element in
            switch element {
            case .item(let path):
                guard keepsSection(path.section) != nil else { return nil }
                switch update.fate(ofOld: path) {
                case .unchanged(let new)?, .reloaded(let new)?, .reconfigured(let new)?: return .item(new)
                case .moved?, .deleted?, .sectionReloaded?, nil: return nil
                }
            case .header:
                return keepsSection(element.section).map { ListElement.header(section: $0) }
            case .footer:
                return keepsSection(element.section).map { ListElement.footer(section: $0) }
            }
        }
        self.keepsSection = { keepsSection($0) != nil }
        lastKeptItem = { section, item in
            guard let group = SortedIndexes.position(of: section, in: update.oldItemSections) else { return item }
            // Items that leave (deleted or moved away) are `removed`; the others keep their
            // place, reloaded and reconfigured ones included.
            let removed = update.oldItems[group].removed
            let keptUpToItem = item + 1 - SortedIndexes.rank(of: item + 1, in: removed)
            return keptUpToItem > 0 ? SortedIndexes.free(keptUpToItem - 1, skipping: removed) : nil
        }
    }

    /// The map of a fold: collapsing hides the items of `sections`; expanding hides nothing.
    init(folding sections: Set<Int>, collapsed: Bool) {
        let hides: (Int) -> Bool = { collapsed && sections.contains($0) }
        kept = { element in element.kind == .item && hides(element.section) ? nil : element }
        keepsSection = { _ in true }
        lastKeptItem = { section, item in hides(section) ? nil : item }
    }
}

/// The anchor of an update, as a value: taken before the layout changes, resolved against
/// the layout after it.
struct UpdateAnchor: Equatable {
    /// How the top edge follows the change.
    enum Rule: Equatable {
        /// The primary anchor keeps its place: `element` (after the change) starts at the same
        /// distance from the top edge as it did at `start` (units, before).
        case keep(ListElement, start: Int64)
        /// The primary anchor vanished: the top edge goes to the end of `predecessor` (after the
        /// change; `nil`: the content's start), unless `pinnedHeader` (the anchor's section
        /// header, pinned to the top edge before and kept) would no longer sit at the top
        /// edge there: then to that header's start.
        case collapse(predecessor: ListElement?, pinnedHeader: ListElement?)
    }

    /// The top edge before the change, in units.
    let top: Int64
    /// How the top edge follows the change.
    let rule: Rule

    /// The top edge after the change, in units; `nil` when an element the rule names is not
    /// laid out (then the offset stays).
    ///
    /// - Complexity: O(log n).
    func newTop(in layout: ListLayout) -> Int64? {
        switch rule {
        case .keep(let element, let start):
            guard let frame = layout.unitFrame(of: element) else { return nil }
            return top + frame.start - start
        case .collapse(let predecessor, let pinnedHeader):
            var point: Int64 = 0
            if let predecessor {
                guard let frame = layout.unitFrame(of: predecessor) else { return nil }
                point = frame.start + frame.extent
            }
            guard let pinnedHeader, let header = layout.unitFrame(of: pinnedHeader) else { return point }
            // A header starts its section; it pins as in `addPinnedElements`.
            let sectionEnd = header.start + layout.sectionSpan(of: pinnedHeader.section).extent
            let pinned = min(max(header.start, point), sectionEnd - header.extent)
            return pinned == point ? point : header.start
        }
    }
}

extension VirtualList {
    /// The anchor of a change about to be applied (see the rules at the top of this file), or
    /// `nil` when the list is scrolled to its very top (it stays there, so what is inserted
    /// above shows, as a table view at the top does) or no displayed element reaches the top
    /// edge.
    ///
    /// - Parameters:
    ///   - map: what the change does.
    ///   - frame: the natural frame before the change of a displayed element, in units.
    /// - Complexity: O(k + (c + 1) log n) for k displayed elements and c operations of the
    ///   change between the anchor and the element the search stops at.
    func updateAnchor(_ map: AnchorMap, frame: (ListElement) -> (start: Int64, extent: Int64)?) -> UpdateAnchor? {
        guard viewport.offset > -viewport.insets.top else { return nil }
        let top = FixedPoint.offsetUnits(viewport.offset + viewport.insets.top) ?? 0
        var primary: (element: ListElement, start: Int64)?
        for shown in displayedStorage where !shown.isPinned {
            guard let frame = frame(shown.element), frame.start + frame.extent > top else { continue }
            primary = (shown.element, frame.start)
            break
        }
        guard let primary else { return nil }
        if let kept = map.kept(primary.element) {
            return UpdateAnchor(top: top, rule: .keep(kept, start: primary.start))
        }
        var pinnedHeader: ListElement?
        let header = ListElement.header(section: primary.element.section)
        if style == .plain, let index = displayedIndex(of: header),
           FixedPoint.offsetUnits(displayedStorage[index].frame.start) == top {
            pinnedHeader = map.kept(header)
        }
        let predecessor = lastKeptElement(before: primary.element, map).flatMap(map.kept)
        return UpdateAnchor(top: top, rule: .collapse(predecessor: predecessor, pinnedHeader: pinnedHeader))
    }

    /// The last element before `element` (both laid out before the change) that keeps its
    /// place, found in the layout before the change: a section that does not keep its place
    /// is passed in one step, and so are the items of a section before the one searched.
    ///
    /// - Complexity: O((c + 1) log n) for c operations of the change between the two.
    func lastKeptElement(before element: ListElement, _ map: AnchorMap) -> ListElement? {
        var cursor = layout.laidOutElement(before: element)
        while let current = cursor {
            let section = current.section
            if map.keepsSection(section) {
                guard case .item(let path) = current else { return current }
                if let item = map.lastKeptItem(section, path.item) { return .item(ItemPath(section: section, item: item)) }
                if layout.hasHeader(section: section) { return .header(section: section) }
            }
            cursor = layout.lastLaidOutElement(beforeSection: section)
        }
        return nil
    }

    /// Clamps the offset into the content after an anchor step and returns the change:
    /// not below `-insets.top`, unless the offset was already above it before the step (a
    /// pull past the start, left alone), and not past the last offset that still shows
    /// content (`contentExtent + insets.bottom - size`, as a scroll view does when its content
    /// shrinks).
    ///
    /// - Parameter before: the offset before the step.
    func clampOffsetToContent(pulledFrom before: Double) -> Double {
        let maximum = maximumOffset
        if maximum < -viewport.insets.top {
            // Short content aligned to the end (`EndBehaviour`) sits there: always at the end.
            let delta = maximum - viewport.offset
            viewport.offset = maximum
            return delta
        }
        let minimum = min(-viewport.insets.top, before)
        let clamped = min(max(viewport.offset, minimum), maximum)
        let delta = clamped - viewport.offset
        viewport.offset = clamped
        return delta
    }
}
