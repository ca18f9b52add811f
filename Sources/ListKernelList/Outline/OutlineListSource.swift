public import ListKernelCore
import ListKernelLayout
public import ListKernelReuse
import ListKernelUpdates
public import ListKernelOutline

/// Shows an `Outline` in a `VirtualList`: each section's items are the outline's rows, every
/// bind gets the row's complete `OutlineRowConfiguration`, and each outline operation becomes
/// one validated batch (deletes, inserts and moves), then the reconfigures of the rows whose
/// configuration changed (R12), then the extents of the rows it inserted.
///
/// ```swift
/// let list = VirtualList<RowView>()
/// let source = try OutlineListSource(outline: outline, list: list,
///     makeItemView: { RowView() }, makePlaceholderView: { RowView() }) { view, row in
///     view.show(row.kind, indent: row.depth, arrow: row.isExpandable ? (row.isExpanded ? "▾" : "▸") : " ")
/// }
/// _ = try source.perform { $0.expand("Documents") }
/// ```
///
/// Placeholder rows use their own reuse identifier (`placeholderReuseIdentifier`), so a
/// placeholder view is never bound to a node's row or the reverse (R11). Scroll anchoring
/// follows R15: a visible anchor stays still (the list's own anchoring), a hidden one gives
/// way to its nearest visible ancestor, pinned to the viewport's top. Headers, footers,
/// pinning, overscan and prefetch are the list's, unchanged. Sections have the headers and
/// footers `sectionHeader` and `sectionFooter` give (none by default), shown with the views
/// registered for the reuse identifiers `"header"` and `"footer"` and bound by
/// `configureSupplementary`; `prefetch` and `cancelPrefetching` hear the nodes of the rows
/// the list prefetches; a row measured from inside `configure` (self-sizing) goes through
/// `setMeasuredExtent(_:forRow:)`, which the outline keeps by node.
///
/// - Complexity: a reload is O(rows) (the rows' extents); `perform` is the outline
///   operation's cost plus O(k log n) for the k rows its update names.
public final class OutlineListSource<ID: Hashable & Sendable, View: AnyObject>: ListDataSource {
    /// The outline shown.
    public private(set) var outline: Outline<ID>
    /// The list showing it.
    public let list: VirtualList<View>
    let configureRow: (View, OutlineRowConfiguration<ID>) -> Void
    let sectionHeader: (Int) -> Double?
    let sectionFooter: (Int) -> Double?
    let configureSupplementary: (View, ListElement) -> Void

    /// Called with the nodes of the rows the list starts prefetching (placeholders left
    /// out), as `prefetchItemsAt`.
    ///
    /// - Complexity: O(1) to set; each call is O(k log n) for k rows, plus the closure's.
    public var prefetch: (([ID]) -> Void)?
    /// Called with the nodes of the rows whose prefetch the list cancels, as
    /// `cancelPrefetchingForItemsAt`.
    ///
    /// - Complexity: O(1) to set; each call is O(k log n) for k rows, plus the closure's.
    public var cancelPrefetching: (([ID]) -> Void)?

    /// The reuse identifier of node rows.
    ///
    /// - Complexity: O(1).
    public static var itemReuseIdentifier: String { "outline.item" }
    /// The reuse identifier of placeholder rows, reserved for them.
    ///
    /// - Complexity: O(1).
    public static var placeholderReuseIdentifier: String { "outline.placeholder" }

    /// Registers the two row kinds' factories with `list`, becomes its data source and
    /// reloads it.
    ///
    /// ```swift
    /// try list.register(kind: .header, reuseIdentifier: "header") { RowView() }
    /// let source = try OutlineListSource(outline: outline, list: list,
    ///     makeItemView: { RowView() }, makePlaceholderView: { RowView() },
    ///     sectionHeader: { _ in 28 }, configureSupplementary: { view, element in view.title = "Group \(element.section)" }
    /// ) { view, row in view.show(row) }
    /// ```
    ///
    /// - Parameters:
    ///   - outline: the outline shown; `outline` afterwards.
    ///   - list: the list showing it; the source becomes its data source.
    ///   - makeItemView: makes a view for node rows.
    ///   - makePlaceholderView: makes a view for placeholder rows.
    ///   - sectionHeader: the header extent of a section, `nil` for none (the default).
    ///   - sectionFooter: the footer extent of a section, `nil` for none (the default).
    ///   - configureSupplementary: binds a header or footer view to its element.
    ///   - configure: binds a row view to its row's configuration.
    /// - Throws: what `VirtualList.register(kind:reuseIdentifier:factory:)` or
    ///   `reloadData()` throws.
    /// - Complexity: O(rows).
    public init(
        outline: Outline<ID>, list: VirtualList<View>,
        makeItemView: @escaping () -> View, makePlaceholderView: @escaping () -> View,
        sectionHeader: @escaping (Int) -> Double? = { _ in nil },
        sectionFooter: @escaping (Int) -> Double? = { _ in nil },
        configureSupplementary: @escaping (View, ListElement) -> Void = { _, _ in },
        configure: @escaping (View, OutlineRowConfiguration<ID>) -> Void
    ) throws(ListError) {
        self.outline = outline
        self.list = list
        configureRow = configure
        self.sectionHeader = sectionHeader
        self.sectionFooter = sectionFooter
        self.configureSupplementary = configureSupplementary
        try list.register(kind: .item, reuseIdentifier: Self.itemReuseIdentifier, factory: makeItemView)
        try list.register(kind: .item, reuseIdentifier: Self.placeholderReuseIdentifier, factory: makePlaceholderView)
        list.dataSource = self
        try list.reloadData()
    }

    /// Runs one outline operation and shows its result: the returned update is the
    /// outline's. A rejected operation changes neither the outline nor the list, and neither
    /// does a call from inside one of the list's callbacks (`ListError.reentrantCall`). The
    /// operation runs on the outline in place (no copy of it is made); should the list still
    /// refuse the change it describes (a list past `ListLimits`), the outline keeps the
    /// change, the list is reloaded to show it, and the error is thrown.
    ///
    /// - Complexity: the operation's, plus O(k log n) for the k rows its update names.
    @discardableResult
    public func perform(_ operation: (inout Outline<ID>) -> OutlineUpdate<ID>) throws(ListError) -> OutlineUpdate<ID> {
        try list.checkNotCallingOut("OutlineListSource.perform(_:)")
        let anchor = anchorNode()
        let update = operation(&outline)
        guard !update.status.isRejection else { return update }
        do {
            try show(update)
        } catch {
            _ = try? list.reloadData()
            throw error
        }
        try pinAncestorIfHidden(anchor)
        return update
    }

    /// Gives the list `update`, which the outline has just made: one batch, then the
    /// reconfigures, then the extents of the inserted and resized rows.
    func show(_ update: OutlineUpdate<ID>) throws(ListError) {
        var batch = BatchUpdate()
        for rows in update.deletedRows { batch.deleteItems(at: rows.rows.map { ItemPath(section: rows.section, item: $0) }) }
        for rows in update.insertedRows { batch.insertItems(at: rows.rows.map { ItemPath(section: rows.section, item: $0) }) }
        for move in update.movedRows { batch.moveItem(from: move.from, to: move.to) }
        batch.reloadSections(update.reloadedSections)
        try list.apply(batch)
        // After the batch, positions are the update's "after" positions.
        let reconfigured = update.reconfiguredRows.filter { !update.reloadedSections.contains($0.section) }
        if !reconfigured.isEmpty { try list.apply(BatchUpdate { $0.reconfigureItems(at: reconfigured) }) }
        var blocks: [(start: ItemPath, extents: [Double])] = []
        for rows in update.insertedRows where !update.reloadedSections.contains(rows.section) {
            blocks.append((ItemPath(section: rows.section, item: rows.rows.lowerBound), outline.rowExtents(rows.rows, inSection: rows.section)))
        }
        for path in update.resizedRows {
            if let extent = outline.extent(ofRow: path) { blocks.append((path, [extent])) }
        }
        if !blocks.isEmpty { try list.setMeasuredExtents(blocks: blocks) }
    }

    /// Reports the measured extent of row `row` (self-sizing): the list takes it as
    /// `VirtualList.setMeasuredExtent(_:for:)` does (queued when called from inside
    /// `configure`), and the outline keeps it by node, so the row keeps it while hidden under
    /// a collapsed ancestor and after moves. A placeholder's measurement is the list's alone
    /// (placeholders are not nodes), until its node's children arrive.
    ///
    /// ```swift
    /// // in configure:
    /// try source.setMeasuredExtent(view.fittingHeight, forRow: path)
    /// ```
    ///
    /// - Throws: as `VirtualList.setMeasuredExtent(_:for:)` (a row out of range, a NaN,
    ///   negative or infinite extent); nothing changes then.
    /// - Complexity: O(log n), plus a pass outside callbacks.
    public func setMeasuredExtent(_ extent: Double, forRow row: ItemPath) throws(ListError) {
        try list.checkMeasurement(extent, for: .item(row))
        if case .item(let id)? = outline.configuration(ofRow: row)?.kind {
            _ = outline.setMeasuredExtent(extent, for: id)
        }
        try list.setMeasuredExtent(extent, for: .item(row))
    }

    /// The node of the first row whose bottom edge is below the viewport's top (R15's
    /// anchor): the row's node, or a placeholder's owner.
    func anchorNode() -> (id: ID, isPlaceholder: Bool)? {
        let offset = max(0, list.viewport.offset)
        guard let hit = list.layout.element(at: offset), case .item(let path) = hit.element,
              let row = outline.configuration(ofRow: path) else { return nil }
        switch row.kind {
        case .item(let id): return (id, false)
        case .placeholder(let owner): return (owner, true)
        }
    }

    /// R15's second rule: when the anchor became hidden, its nearest visible ancestor (the
    /// owner, for a placeholder) goes to the viewport's top, clamped to the content. A
    /// visible anchor is kept still by the list itself, and a deleted one is followed by the
    /// row after it, as the list does.
    func pinAncestorIfHidden(_ anchor: (id: ID, isPlaceholder: Bool)?) throws(ListError) {
        guard let anchor, outline.contains(anchor.id) else { return }
        if !anchor.isPlaceholder && outline.isVisible(anchor.id) { return }
        if anchor.isPlaceholder && outline.isVisible(anchor.id) && outline.isExpanded(anchor.id) { return }
        var node = anchor.id
        // The anchor itself, for a placeholder whose owner is visible; else the nearest
        // visible ancestor. O(depth · log n).
        while !outline.isVisible(node) {
            guard let parent = outline.parent(of: node) else { return }
            node = parent
        }
        guard let row = outline.row(of: node), let frame = list.layout.frame(of: .item(row)) else { return }
        let limit = max(0, list.layout.contentExtent - list.viewport.size)
        let target = min(max(0, frame.start), limit)
        if target != list.viewport.offset { try list.scroll(to: target) }
    }

    // MARK: ListDataSource

    /// The outline's section count.
    ///
    /// - Complexity: O(1).
    public func numberOfSections(in list: VirtualList<View>) -> Int { outline.sectionCount }

    /// The rows of `section`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, numberOfItemsInSection section: Int) -> Int { outline.rowCount(inSection: section) }

    /// The extents of `section`'s rows, measured, no header or footer.
    ///
    /// - Complexity: O(rows of the section).
    public func list(_ list: VirtualList<View>, metricsForSection section: Int) -> SectionMetrics {
        SectionMetrics(
            header: sectionHeader(section), footer: sectionFooter(section),
            measuredItemExtents: outline.rowExtents(0..<outline.rowCount(inSection: section), inSection: section)
        )
    }

    /// `placeholderReuseIdentifier` for a placeholder row, `itemReuseIdentifier` otherwise.
    ///
    /// - Complexity: O(log n).
    public func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String {
        guard case .item(let path) = element, let isPlaceholder = outline.isPlaceholderRow(path) else { return element.kind.name }
        return isPlaceholder ? Self.placeholderReuseIdentifier : Self.itemReuseIdentifier
    }

    /// Binds the row's complete configuration.
    ///
    /// - Complexity: O(log n), plus the closure's.
    public func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken) {
        guard case .item(let path) = element else { return configureSupplementary(view, element) }
        guard let row = outline.configuration(ofRow: path) else { return }
        configureRow(view, row)
    }

    /// Hands `prefetch` the nodes of `paths`.
    ///
    /// - Complexity: O(k log n) for k paths, plus the closure's.
    public func list(_ list: VirtualList<View>, prefetchItemsAt paths: [ItemPath]) {
        guard let prefetch else { return }
        let nodes = self.nodes(at: paths)
        if !nodes.isEmpty { prefetch(nodes) }
    }

    /// Hands `cancelPrefetching` the nodes of `paths`.
    ///
    /// - Complexity: O(k log n) for k paths, plus the closure's.
    public func list(_ list: VirtualList<View>, cancelPrefetchingForItemsAt paths: [ItemPath]) {
        guard let cancelPrefetching else { return }
        let nodes = self.nodes(at: paths)
        if !nodes.isEmpty { cancelPrefetching(nodes) }
    }

    /// The nodes of the rows `paths`, placeholders left out.
    func nodes(at paths: [ItemPath]) -> [ID] {
        paths.compactMap { path in
            if case .item(let id)? = outline.configuration(ofRow: path)?.kind { return id }
            return nil
        }
    }
}
