public import ListKernel

extension DemoSession {
    /// Applies one command: moves the selection, folds or unfolds, expands or contracts a
    /// row, or starts a search; then scrolls as little as possible to keep the selection
    /// visible. A search in progress stops first (``DemoCommand/cancel`` only stops it).
    /// ``DemoCommand/quit`` and ``DemoCommand/interrupt`` do nothing here: the caller ends
    /// the session.
    ///
    /// - Parameter command: The command.
    /// - Throws: `ListError` from the kernel (a bug in the front end if it ever happens).
    /// - Complexity: see ``DemoSession``.
    public func apply(_ command: DemoCommand) throws(ListError) {
        lastKernelNanoseconds = 0
        note(nil)
        if command == .cancel {
            cancelSearch()
            return
        }
        search = nil
        switch command {
        case .moveUp: try select(source.selection.flatMap { selectable(before: $0) })
        case .moveDown: try select(source.selection.flatMap { selectable(after: $0) })
        case .pageUp: try select(pageTarget(forward: false))
        case .pageDown: try select(pageTarget(forward: true))
        case .moveToFirst: try select(firstSelectable)
        case .moveToLast: try select(lastSelectable)
        case .activate: try activate()
        case .expandOrEnter: try expandOrEnter()
        case .collapseOrLeave: try collapseOrLeave()
        case .collapseAll: try setAllCollapsed(true)
        case .expandAll: try setAllCollapsed(false)
        case .search(let text): try startSearch(text)
        case .quit, .interrupt, .cancel: break
        }
    }

    // MARK: Selection

    /// Moves the selection to `target` (nothing for `nil`): both views are configured again
    /// so they show the change, then the list scrolls to show the target.
    func select(_ target: ListElement?) throws(ListError) {
        guard let target else { return }
        let old = source.selection
        source.selection = target
        try timed { () throws(ListError) in
            try list.reconfigure([old, target].compactMap { $0 })
        }
        try revealSelection()
    }

    /// Scrolls as little as possible so that the selection is fully visible: not above the
    /// top, not under the pinned header (the kernel's `.nearest` knows about that one), not
    /// below the bottom, and not under a pinned footer (the kernel's `.nearest` does not
    /// know about those; see the module's notes). Also pulls the viewport back when the
    /// content got shorter than its bottom edge.
    func revealSelection() throws(ListError) {
        try timed { () throws(ListError) in
            let limit = max(0, list.layout.contentExtent - list.viewport.size)
            if list.viewport.offset > limit { try list.scroll(to: limit) }
            guard let selection = source.selection,
                  let frame = list.layout.frame(of: selection) else { return }
            try list.scroll(to: selection, at: .nearest)
            for shown in list.displayed where shown.isPinned && shown.element.kind == .footer {
                let overlap = frame.end - shown.frame.start
                if overlap > 0, frame.start < shown.frame.end {
                    try list.scroll(to: min(limit, list.viewport.offset + overlap))
                }
            }
        }
    }

    // MARK: Fold and expand

    /// Enter: on a header, folds or unfolds its section; on an item with a detail, shows or
    /// hides the detail.
    func activate() throws(ListError) {
        switch source.selection {
        case .header(let section)?:
            let collapsed = list.isCollapsed(section: section)
            try timed { () throws(ListError) in try setCollapsed(!collapsed, section: section) }
        case .item(let path)?:
            guard source.data.item(at: path).detail != nil else { return }
            if source.expanded.contains(path) { source.expanded.remove(path) } else { source.expanded.insert(path) }
            try timed { () throws(ListError) in
                // The view shows the new state at once; the kernel learns the new extent and
                // moves the rows below (seed 002's cell growing from 57 to 114 points).
                try list.reconfigure([.item(path)])
                try list.setMeasuredExtent(Double(source.extent(of: path)), for: .item(path))
            }
        default:
            return
        }
        try revealSelection()
    }

    /// → (Finder's rule, a section being a group of its items): on a folded header, unfolds
    /// the section; on an unfolded one, moves to its first item; on an item, nothing.
    func expandOrEnter() throws(ListError) {
        guard case .header(let section)? = source.selection else { return }
        if isFolded(section) {
            try timed { () throws(ListError) in try setCollapsed(false, section: section) }
            try revealSelection()
        } else if source.data.itemCount(inSection: section) > 0 {
            try select(.item(ItemPath(section: section, item: 0)))
        }
    }

    /// ←: on an unfolded header, folds the section; on an item, moves to its header; on a
    /// folded header, nothing (sections have no group above them).
    func collapseOrLeave() throws(ListError) {
        switch source.selection {
        case .header(let section)? where !isFolded(section):
            try timed { () throws(ListError) in try setCollapsed(true, section: section) }
            try revealSelection()
        case .item(let path)?:
            try select(.header(section: path.section))
        default:
            return
        }
    }

    /// Folds or unfolds one section in the kernel, with its footer if it has one: a folded
    /// section's footer takes no row. The kernel configures the header again, so its arrow
    /// changes.
    func setCollapsed(_ collapsed: Bool, section: Int) throws(ListError) {
        if collapsed, let path = source.selection?.itemPath, path.section == section {
            // The selection can't stay on a row that disappears: it moves to its header.
            source.selection = .header(section: section)
            try list.reconfigure([.header(section: section)])
        }
        try list.setCollapsed(collapsed, section: section)
        if source.hasFooter(section: section) {
            try list.setMeasuredExtent(DemoListSource.footerExtent(isCollapsed: collapsed), for: .footer(section: section))
        }
    }

    /// `c` and `e`: folds or unfolds every section that is not so already, in one kernel
    /// update (`setCollapsed(_:sections:)`), then sets the footers of the empty ones among
    /// them.
    func setAllCollapsed(_ collapsed: Bool) throws(ListError) {
        let sections = (0..<source.data.sectionCount).filter { isFolded($0) != collapsed }
        var moved: [ListElement] = []
        if collapsed, let path = source.selection?.itemPath {
            // The selection can't stay on a row that disappears: it moves to its header.
            source.selection = .header(section: path.section)
            moved = [.header(section: path.section)]
        }
        try timed { () throws(ListError) in
            try list.reconfigure(moved)
            try list.setCollapsed(collapsed, sections: sections)
            for section in sections where source.hasFooter(section: section) {
                try list.setMeasuredExtent(DemoListSource.footerExtent(isCollapsed: collapsed), for: .footer(section: section))
            }
        }
        try revealSelection()
    }
}
