public import ListKernel

extension OutlineSession {
    /// Applies one command, then keeps the selection on a visible node (the nearest visible
    /// ancestor of one a collapse hid) and scrolls as little as possible to show it. A
    /// search in progress stops first (``DemoCommand/cancel`` only stops it).
    /// ``DemoCommand/quit`` and ``DemoCommand/interrupt`` do nothing here.
    ///
    /// - Enter: toggles a group (a lazy one starts loading, "loading…" below it), or shows
    ///   or hides a leaf's detail.
    /// - → on a collapsed group expands it; on an expanded one moves to its first child
    ///   (nothing while it is loading or empty); on a leaf, nothing.
    /// - ← on an expanded group collapses it; on a leaf or a collapsed group moves to the
    ///   parent (nothing at the top level).
    /// - `c` / `e`: collapse every group / expand every loaded group (no load starts, R6).
    ///
    /// - Parameter command: The command.
    /// - Throws: `ListError` from the kernel (a bug in the front end if it ever happens).
    /// - Complexity: see ``OutlineSession``.
    public func apply(_ command: DemoCommand) throws(ListError) {
        lastKernelNanoseconds = 0
        note(nil)
        if command == .cancel {
            cancelSearch()
            return
        }
        search = nil
        switch command {
        case .moveUp: try select(selectedRow.flatMap { selectableRow(before: $0) }.flatMap(node(atRow:)))
        case .moveDown: try select(selectedRow.flatMap { selectableRow(after: $0) }.flatMap(node(atRow:)))
        case .pageUp: try select(pageTarget(forward: false))
        case .pageDown: try select(pageTarget(forward: true))
        case .moveToFirst: try select(selectableRow(after: -1).flatMap(node(atRow:)))
        case .moveToLast: try select(selectableRow(before: rowCount).flatMap(node(atRow:)))
        case .activate: try activate()
        case .expandOrEnter: try expandOrEnter()
        case .collapseOrLeave: try collapseOrLeave()
        case .collapseAll: try perform { $0.collapseAll() }
        case .expandAll: try expandAll()
        case .search(let text): try startSearch(text)
        case .quit, .interrupt, .cancel: break
        }
        try keepSelectionVisible()
    }

    // MARK: Rows

    /// The rows of the outline, placeholders included.
    var rowCount: Int { outline.rowCount(inSection: 0) }

    /// The row of the selection, if it is visible.
    var selectedRow: Int? { model.selection.flatMap { outline.row(of: $0)?.item } }

    /// The node shown by `row`, or `nil` for a placeholder row or a row out of range.
    func node(atRow row: Int) -> Int? {
        guard case .item(let id)? = outline.configuration(ofRow: ItemPath(section: 0, item: row))?.kind else { return nil }
        return id
    }

    /// The first node row after `row` (placeholders are not selectable), or `nil`.
    func selectableRow(after row: Int) -> Int? {
        var next = row + 1
        while next < rowCount {
            if node(atRow: next) != nil { return next }
            next += 1
        }
        return nil
    }

    /// The last node row before `row`, or `nil`.
    func selectableRow(before row: Int) -> Int? {
        var previous = min(row, rowCount) - 1
        while previous >= 0 {
            if node(atRow: previous) != nil { return previous }
            previous -= 1
        }
        return nil
    }

    /// PgDn/PgUp: the node one page (the list's rows less one) below or above the
    /// selection's first line; past either end, the last or first node.
    func pageTarget(forward: Bool) -> Int? {
        guard let row = selectedRow, let frame = list.layout.frame(of: .item(ItemPath(section: 0, item: row))) else { return nil }
        let first = selectableRow(after: -1).flatMap(node(atRow:))
        let last = selectableRow(before: rowCount).flatMap(node(atRow:))
        let page = Double(max(1, listRows - 1))
        let line = forward ? frame.start + page : frame.start - page
        guard line >= 0 else { return first }
        guard case .item(let path)? = list.layout.element(at: line)?.element else { return forward ? last : first }
        if path.item == row {
            // A row taller than a page: step past it.
            return (forward ? selectableRow(after: row) : selectableRow(before: row)).flatMap(node(atRow:))
        }
        if let id = node(atRow: path.item) { return id }
        return (forward ? selectableRow(after: path.item) : selectableRow(before: path.item)).flatMap(node(atRow:))
    }

    // MARK: Selection

    /// Moves the selection to `target` (nothing for `nil`): both rows are configured again
    /// so they show the change.
    func select(_ target: Int?) throws(ListError) {
        guard let target else { return }
        let old = model.selection
        model.selection = target
        let rows = [old, target].compactMap { $0.flatMap { outline.row(of: $0) } }.map { ListElement.item($0) }
        try timed { () throws(ListError) in try list.reconfigure(rows) }
    }

    /// Moves a selection that a collapse hid to its nearest visible ancestor (Finder does
    /// the same), selects the first row when nothing is selected, then scrolls as little
    /// as possible to show it; pulls the viewport back when the content got shorter.
    func keepSelectionVisible() throws(ListError) {
        if var id = model.selection, outline.contains(id) {
            if !outline.isVisible(id) {
                while !outline.isVisible(id), let parent = outline.parent(of: id) { id = parent }
                try select(id)
            }
        } else {
            model.selection = nil
            try select(selectableRow(after: -1).flatMap(node(atRow:)))
        }
        try timed { () throws(ListError) in
            let limit = max(0, list.layout.contentExtent - list.viewport.size)
            if list.viewport.offset > limit { try list.scroll(to: limit) }
            guard let row = selectedRow else { return }
            try list.scroll(to: .item(ItemPath(section: 0, item: row)), at: .nearest)
        }
    }

    // MARK: Expand and collapse

    /// Enter: toggles a group, or a leaf's detail.
    func activate() throws(ListError) {
        guard let id = model.selection else { return }
        if outline.isExpandable(id) {
            try perform { $0.toggle(id) }
        } else if model.content.text(of: id).detail != nil {
            if model.detailShown.contains(id) { model.detailShown.remove(id) } else { model.detailShown.insert(id) }
            // The view shows the new state at once; the kernel learns the new extent and
            // moves the rows below.
            if let row = outline.row(of: id) { try timed { () throws(ListError) in try list.reconfigure([.item(row)]) } }
            try measure(id)
        }
    }

    /// `e`: expands every loaded group in one update. A lazy group whose children were never
    /// asked for stays collapsed (R6: expand-all starts no load, so `e` on `--tree /` does
    /// not list the whole disk); the help line says how to list one.
    func expandAll() throws(ListError) {
        try perform { $0.expandAll() }
        var unlisted = 0
        outline.forEachRow(inSection: 0, from: 0) { _, _, _, row in
            if row.loadState == .unloaded { unlisted += 1 }
            return true
        }
        if unlisted > 0 {
            note("\(unlisted) folder\(unlisted == 1 ? "" : "s") not listed yet stay closed: → or enter lists one")
        }
    }

    /// →: expands a collapsed group; on an expanded one moves to its first child.
    func expandOrEnter() throws(ListError) {
        guard let id = model.selection, outline.isExpandable(id) else { return }
        if !outline.isExpanded(id) {
            try perform { $0.expand(id) }
        } else if let row = selectedRow, let child = node(atRow: row + 1), outline.parent(of: child) == id {
            try select(child)
        }
    }

    /// ←: collapses an expanded group; otherwise moves to the parent.
    func collapseOrLeave() throws(ListError) {
        guard let id = model.selection else { return }
        if outline.isExpandable(id), outline.isExpanded(id) {
            try perform { $0.collapse(id) }
        } else if let parent = outline.parent(of: id) {
            try select(parent)
        }
    }
}
