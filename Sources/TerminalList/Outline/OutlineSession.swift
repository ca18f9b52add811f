public import ListKernel

/// The model the row views are configured from: the content, the selection, which leaves
/// show their detail, and the outline (read through the source, which updates it before
/// the list applies an update). Configure reads only this and the row's configuration,
/// never what the view showed before.
final class OutlineRowModel {
    let content: any OutlineContent
    /// The selected node, or `nil` for an empty outline.
    var selection: Int?
    /// The leaves whose detail shows.
    var detailShown: Set<Int> = []
    /// The source, weakly: it owns the closure that calls `configure`.
    weak var source: OutlineListSource<Int, OutlineRowView>?

    init(content: any OutlineContent) { self.content = content }

    /// Shows a row: guides, arrow, title, note, detail and selection from the model, or the
    /// placeholder's guides and "loading…".
    func configure(_ view: OutlineRowView, _ row: OutlineRowConfiguration<Int>) {
        guard let outline = source?.outline else { return }
        switch row.kind {
        case .item(let id):
            let text = content.text(of: id)
            let arrow: OutlineRowView.Arrow = row.isExpandable ? (row.isExpanded ? .expanded : .collapsed) : .none
            let shown = detailShown.contains(id)
            view.configureNode(guides: TreeGuides.guides(of: id, in: outline), arrow: arrow, title: text.title, note: text.note,
                               detail: text.detail, detailGuides: text.detail == nil ? "" : TreeGuides.continuation(of: id, in: outline),
                               isDetailShown: shown, isSelected: selection == id)
        case .placeholder(let owner):
            view.configurePlaceholder(guides: TreeGuides.placeholderGuides(owner: owner, in: outline))
        }
    }
}

/// One run of the demo on an outline (groups nested to any depth): a nested `--data` file
/// or `--tree PATH`. The kernel's `Outline` holds the nodes, `OutlineListSource` shows its
/// rows in a `VirtualList`, and ``OutlineRowView``s draw them with tree guides.
///
///     DemoCommand ──▶ OutlineSession ── perform ──▶ OutlineListSource ──▶ VirtualList
///                        │     ▲                        │ loadRequests
///                        │     └── answers ◀── OutlineContent (a worker thread) ◀┘
///                        └──▶ screen(): the displayed views' lines, status, help
///
/// Keys are the flat demo's, with groups for sections: ↑/↓ (placeholder rows are
/// skipped), PgUp/PgDn, Home/End, Enter toggles a group (or a leaf's detail), → and ←
/// follow Finder (``DemoCommand/expandOrEnter``, ``DemoCommand/collapseOrLeave``), `c`/`e`
/// collapse or expand every loaded group (expand-all starts no load, R6), `/` finds a title
/// among the loaded nodes, collapsed ones included, and expands the groups above it.
///
/// ```swift
/// let content = DemoOutlineContent(document)
/// let session = try OutlineSession(content: content, items: document.outlineItems,
///                                  size: TerminalSize(columns: 80, rows: 24))
/// try session.apply(.expandOrEnter)
/// print(session.screen().plainText)
/// ```
///
/// - Complexity: each command is O(log n + k) kernel work for k views on screen, plus
///   O(d log n) per row configured at depth d (its guides); expand-all and collapse-all are
///   O(n).
public final class OutlineSession {
    /// The kernel's list.
    public let list: VirtualList<OutlineRowView>
    /// The outline's data source for the list.
    public let source: OutlineListSource<Int, OutlineRowView>
    /// The nodes' text, and the loader of lazy children.
    public var content: any OutlineContent { model.content }
    /// The screen size.
    public private(set) var size: TerminalSize
    /// The nanoseconds spent inside kernel calls by the last command or delivered load.
    public internal(set) var lastKernelNanoseconds: UInt64 = 0
    /// A one-line note for the help line; cleared by the next command.
    public private(set) var message: String?
    /// The most titles one step of a search examines.
    public let searchTitlesPerStep: Int
    let model: OutlineRowModel
    let clock: () -> UInt64
    /// The search in progress, if any.
    var search: OutlineSearchState?

    /// The outline shown.
    ///
    /// - Complexity: O(1).
    public var outline: Outline<Int> { source.outline }

    /// The selected node, or `nil` for an empty outline.
    ///
    /// - Complexity: O(1).
    public var selection: Int? { model.selection }

    /// The leaves whose detail shows.
    ///
    /// - Complexity: O(1).
    public var detailShown: Set<Int> { model.detailShown }

    /// Sets up the outline with `items` at its top level, shows the first screen with the
    /// first row selected, then expands `expanding` (a lazy node's load starts then).
    ///
    /// - Parameters:
    ///   - content: The nodes' text and the loader of lazy children.
    ///   - items: The nodes, a flat preorder list whose identifiers `content` knows. If the
    ///     outline refuses them (bad depths, a repeated identifier), the session starts
    ///     empty and ``message`` says why.
    ///   - expanding: Nodes to expand once the list shows, in order.
    ///   - size: The screen size, cut to ``TerminalSize/maximum``.
    ///   - clock: Nanoseconds from a monotonic clock; kernel calls are timed with it.
    ///   - searchTitlesPerStep: The most titles one step of a search examines (at least 1).
    /// - Throws: `ListError` from the kernel (a bug in the front end if it ever happens).
    /// - Complexity: O(n) for n items.
    public init(content: any OutlineContent, items: [OutlineItem<Int>], expanding: [Int] = [], size: TerminalSize,
                clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds,
                searchTitlesPerStep: Int = DemoSession.defaultSearchTitlesPerStep) throws(ListError) {
        self.size = size.clamped
        self.clock = clock
        self.searchTitlesPerStep = max(1, searchTitlesPerStep)
        let model = OutlineRowModel(content: content)
        self.model = model
        // One row is one line: estimates and placeholders are 1 point, and valid.
        var outline = try! Outline<Int>(sectionCount: 1, estimatedExtent: 1, placeholderExtent: 1)
        let inserted = outline.insert(items, under: nil, inSection: 0, at: 0)
        if inserted.status.isRejection { message = "the outline refused the nodes: \(inserted.status)" }
        // Expanded lazy items given at the start are asked for at once (R11).
        for request in inserted.loadRequests { content.startLoading(request) }
        list = VirtualList(style: .plain)
        let start = clock()
        source = try OutlineListSource(outline: outline, list: list,
                                       makeItemView: { OutlineRowView() }, makePlaceholderView: { OutlineRowView() },
                                       configure: { view, row in model.configure(view, row) })
        model.source = source
        if case .item(let id)? = source.outline.configuration(ofRow: ItemPath(section: 0, item: 0))?.kind { model.selection = id }
        try list.setViewport(Viewport(offset: 0, size: Double(listRows)))
        lastKernelNanoseconds = clock() &- start
        for id in expanding { try perform { $0.expand(id) } }
    }

    // MARK: Screen layout

    /// The rows the list occupies: all but the status line and the help line.
    ///
    /// - Complexity: O(1).
    public var listRows: Int { max(0, size.rows - chromeRows) }

    /// Status and help lines shown at this size.
    var chromeRows: Int { size.rows >= 3 ? 2 : (size.rows == 2 ? 1 : 0) }

    /// Changes the screen size: the viewport follows, and leaves showing their detail are
    /// measured again when the width changed.
    ///
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: O(e log n) for e leaves showing their detail, plus one pass.
    public func resize(to newSize: TerminalSize) throws(ListError) {
        let newSize = newSize.clamped
        lastKernelNanoseconds = 0
        let widthChanged = newSize.columns != size.columns
        size = newSize
        if widthChanged {
            for id in model.detailShown.sorted() { try measure(id) }
        }
        try timed { () throws(ListError) in
            var viewport = list.viewport
            viewport.size = Double(listRows)
            try list.setViewport(viewport)
        }
        try keepSelectionVisible()
    }

    // MARK: Kernel calls

    /// Runs one outline operation through the source (one validated batch, then its
    /// reconfigures and extents), timed, and starts the loads it asks for.
    @discardableResult
    func perform(_ operation: (inout Outline<Int>) -> OutlineUpdate<Int>) throws(ListError) -> OutlineUpdate<Int> {
        let update = try timed { () throws(ListError) in try source.perform(operation) }
        for request in update.loadRequests { model.content.startLoading(request) }
        return update
    }

    /// Tells the kernel the extent of `id`'s row: 1, or 1 + its wrapped detail.
    func measure(_ id: Int) throws(ListError) {
        let text = model.content.text(of: id)
        let lines = OutlineRowView.lineCount(detail: text.detail, isShown: model.detailShown.contains(id),
                                             detailGuides: TreeGuides.continuation(of: id, in: outline), width: size.columns)
        try perform { $0.setMeasuredExtent(Double(lines), for: id) }
    }

    /// Runs `body` (kernel calls) and adds its duration to ``lastKernelNanoseconds``.
    @discardableResult
    func timed<Result>(_ body: () throws(ListError) -> Result) throws(ListError) -> Result {
        let start = clock()
        defer { lastKernelNanoseconds &+= clock() &- start }
        return try body()
    }

    /// Sets the note shown in the help line until the next command.
    func note(_ text: String?) { message = text }
}
