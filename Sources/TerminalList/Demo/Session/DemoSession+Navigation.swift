public import ListKernel

/// Where the selection can go. Headers and items of unfolded sections are selectable;
/// footers never are.
extension DemoSession {
    /// Whether `section` is folded in the kernel.
    func isFolded(_ section: Int) -> Bool { list.isCollapsed(section: section) }

    /// The last selectable element of `section`: its last item, or its header when it is
    /// folded or empty.
    func lastSelectable(inSection section: Int) -> ListElement {
        let count = source.data.itemCount(inSection: section)
        return !isFolded(section) && count > 0 ? .item(ItemPath(section: section, item: count - 1)) : .header(section: section)
    }

    /// The first header, or `nil` for a list without sections.
    ///
    /// - Complexity: O(1).
    public var firstSelectable: ListElement? { source.data.sectionCount > 0 ? .header(section: 0) : nil }

    /// The last item of the last section (its header when folded or empty), or `nil`.
    ///
    /// - Complexity: O(1).
    public var lastSelectable: ListElement? {
        let count = source.data.sectionCount
        return count > 0 ? lastSelectable(inSection: count - 1) : nil
    }

    /// The selectable element after `element` on screen, or `nil` at the end.
    ///
    /// - Complexity: O(1).
    public func selectable(after element: ListElement) -> ListElement? {
        let sections = source.data.sectionCount
        switch element {
        case .header(let section):
            if !isFolded(section), source.data.itemCount(inSection: section) > 0 {
                return .item(ItemPath(section: section, item: 0))
            }
            return section + 1 < sections ? .header(section: section + 1) : nil
        case .item(let path):
            if path.item + 1 < source.data.itemCount(inSection: path.section) {
                return .item(ItemPath(section: path.section, item: path.item + 1))
            }
            return path.section + 1 < sections ? .header(section: path.section + 1) : nil
        case .footer(let section):
            return section + 1 < sections ? .header(section: section + 1) : nil
        }
    }

    /// The selectable element before `element` on screen, or `nil` at the start.
    ///
    /// - Complexity: O(1).
    public func selectable(before element: ListElement) -> ListElement? {
        switch element {
        case .header(let section):
            return section > 0 ? lastSelectable(inSection: section - 1) : nil
        case .item(let path):
            return path.item > 0 ? .item(ItemPath(section: path.section, item: path.item - 1)) : .header(section: path.section)
        case .footer(let section):
            return lastSelectable(inSection: section)
        }
    }

    /// PgDn/PgUp: the selectable element one page (the list's rows less the pinned header's)
    /// below or above the selection's first row; past either end, the last or first element.
    func pageTarget(forward: Bool) -> ListElement? {
        guard let selection = source.selection, let frame = list.layout.frame(of: selection) else { return nil }
        let page = Double(max(1, listRows - 1))
        let line = forward ? frame.start + page : frame.start - page
        guard line >= 0 else { return firstSelectable }
        guard let placed = list.layout.element(at: line) else { return forward ? lastSelectable : firstSelectable }
        if case .footer = placed.element {
            return forward ? (selectable(after: placed.element) ?? lastSelectable) : selectable(before: placed.element)
        }
        if placed.element == selection {
            // A row taller than a page: step past it.
            return forward ? selectable(after: selection) : selectable(before: selection)
        }
        return placed.element
    }

    /// Whether the title of `element` (a header or an item) contains `needle`, which is
    /// lowercased, ignoring case.
    ///
    /// - Complexity: O(title length).
    func title(of element: ListElement, contains needle: String) -> Bool {
        switch element {
        case .header(let section): source.data.title(ofSection: section).lowercased().contains(needle)
        case .item(let path): source.data.item(at: path).title.lowercased().contains(needle)
        case .footer: false
        }
    }

    /// The header or item after `element` in the model, folded sections included, wrapping
    /// from the last to the first header. The list must have a section.
    ///
    /// - Complexity: O(1).
    func elementInModel(after element: ListElement) -> ListElement {
        let data = source.data
        switch element {
        case .header(let section):
            if data.itemCount(inSection: section) > 0 { return .item(ItemPath(section: section, item: 0)) }
            return .header(section: (section + 1) % data.sectionCount)
        case .item(let path):
            if path.item + 1 < data.itemCount(inSection: path.section) {
                return .item(ItemPath(section: path.section, item: path.item + 1))
            }
            return .header(section: (path.section + 1) % data.sectionCount)
        case .footer(let section):
            return .header(section: (section + 1) % data.sectionCount)
        }
    }
}
