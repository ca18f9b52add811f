public import ListKernel

/// The terminal front end's side of the kernel: a ``ListDataSource`` over a ``DemoList``
/// whose views are ``TerminalView``s. It answers counts and metrics (O(1) per section, so a
/// generated list of any size reloads in O(sections)), names the reuse identifier of each
/// element, and registers its three view classes with handlers that configure a view from
/// the model only.
///
/// The model it adds to the data: which items are expanded (keyed by item, never stored in
/// a view), which element is selected, and the screen width that expanded rows are measured
/// at. Fold state lives in the kernel (`VirtualList.setCollapsed`); configure reads it.
///
/// Geometry, 1 point = 1 terminal row:
///
///     header   1 row                   ··▾ Title (count)
///     item     1 row (uniform),        ····title               +·
///              1 + detail rows when expanded (measured)
///     footer   empty sections only:    ····(no items)
///              1 row unfolded, 0 folded (never shown)
///
/// - Complexity: every callback is O(1), except configure of an item, which formats its
///   title (O(title length)).
public final class DemoListSource: ListDataSource {
    /// The view class the kernel hands out.
    public typealias View = TerminalView

    /// Reuse identifiers, one per kind of element.
    public static let headerIdentifier = "header"
    /// The reuse identifier of items.
    public static let rowIdentifier = "row"
    /// The reuse identifier of footers.
    public static let footerIdentifier = "footer"
    /// What the footer of an empty section says.
    public static let emptySectionText = "(no items)"

    /// The data shown.
    public let data: DemoList
    /// The items whose detail shows. A path names an item for the session's lifetime: the
    /// demo's data never changes.
    public internal(set) var expanded: Set<ItemPath> = []
    /// The selected header or item, or `nil` for an empty list.
    public internal(set) var selection: ListElement?
    /// The screen width that expanded rows are measured at.
    public internal(set) var width: Int

    /// Creates a data source over `data`, for a screen `width` columns wide.
    ///
    /// - Complexity: O(1).
    public init(data: DemoList, width: Int) {
        self.data = data
        self.width = width
    }

    /// The number of rows `path` takes: 1, or more when it is expanded.
    ///
    /// - Complexity: O(n) in the length of the item's detail.
    public func extent(of path: ItemPath) -> Int {
        guard expanded.contains(path) else { return 1 }
        return RowView.lineCount(detail: data.item(at: path).detail, isExpanded: true, width: width)
    }

    /// Whether `section` has a footer: only an empty section does.
    ///
    /// - Complexity: O(1).
    public func hasFooter(section: Int) -> Bool { data.itemCount(inSection: section) == 0 }

    /// The extent of a footer: 1 row unfolded, 0 folded.
    ///
    /// - Complexity: O(1).
    public static func footerExtent(isCollapsed: Bool) -> Double { isCollapsed ? 0 : 1 }

    // MARK: ListDataSource

    /// `data.sectionCount`.
    ///
    /// - Complexity: O(1).
    public func numberOfSections(in list: VirtualList<TerminalView>) -> Int { data.sectionCount }

    /// `data.itemCount(inSection:)`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<TerminalView>, numberOfItemsInSection section: Int) -> Int {
        data.itemCount(inSection: section)
    }

    /// "header", "row" or "footer", by kind.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<TerminalView>, reuseIdentifierFor element: ListElement) -> String {
        switch element {
        case .header: DemoListSource.headerIdentifier
        case .item: DemoListSource.rowIdentifier
        case .footer: DemoListSource.footerIdentifier
        }
    }

    /// A one-row header, uniform one-row items, and for an empty section a footer of one
    /// row, or of none while it starts folded. Asked at `reloadData()` only, which the session
    /// calls once, before any fold changes; later fold changes set the footer's extent
    /// themselves.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<TerminalView>, metricsForSection section: Int) -> SectionMetrics {
        let footer = hasFooter(section: section)
            ? DemoListSource.footerExtent(isCollapsed: data.isInitiallyCollapsed(section: section)) : nil
        return SectionMetrics(header: 1, footer: footer, itemExtent: .uniform(1))
    }

    /// Registers the three view classes with `list`, each with the handler that shows an
    /// element from the model and the kernel's fold state only: headers are `HeaderView`s,
    /// items `RowView`s, footers `FooterView`s, and no handler casts.
    ///
    /// - Throws: as `VirtualList.register(_:)`.
    /// - Complexity: O(1); each handler is O(1) plus the title's length.
    public func registerViews(in list: VirtualList<TerminalView>) throws(ListError) {
        // Weakly: the list keeps its registrations, and the session owns this data source.
        try list.register(ViewRegistration<HeaderView>(kind: .header, reuseIdentifier: DemoListSource.headerIdentifier, make: HeaderView.init) {
            [weak self] header, element, context in
            guard let self else { return }
            header.configure(title: data.title(ofSection: element.section), itemCount: data.itemCount(inSection: element.section),
                             isCollapsed: context.isSectionCollapsed, isSelected: selection == element)
        })
        try list.register(ViewRegistration<RowView>(kind: .item, reuseIdentifier: DemoListSource.rowIdentifier, make: RowView.init) {
            [weak self] row, element, _ in
            guard let self, case .item(let path) = element else { return }
            let item = data.item(at: path)
            row.configure(title: item.title, detail: item.detail, isExpanded: expanded.contains(path), isSelected: selection == element)
        })
        try list.register(ViewRegistration<FooterView>(kind: .footer, reuseIdentifier: DemoListSource.footerIdentifier, make: FooterView.init) {
            footer, _, _ in
            footer.configure(text: DemoListSource.emptySectionText)
        })
    }
}
