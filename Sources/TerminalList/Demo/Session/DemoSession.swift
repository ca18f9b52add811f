public import ListKernel

/// One run of the demo: the kernel's `VirtualList`, the ``DemoListSource`` that feeds it,
/// and the commands that move the selection, fold sections and expand rows. The same
/// session serves the interactive terminal and `--script`.
///
///     DemoCommand ──▶ DemoSession ──▶ VirtualList (passes) ──▶ DemoListSource.configure
///                         │                    │                        │
///                         │                    └──▶ displayed views ◀───┘
///                         └──▶ screen(): each displayed view's lines at its frame,
///                              pinned ones on top, then the status and help lines
///
/// ```swift
/// let session = try DemoSession(data: .builtIn, size: TerminalSize(columns: 60, rows: 16))
/// try session.apply(.moveDown)
/// try session.apply(.activate)
/// print(session.screen().plainText)
/// ```
///
/// The kernel decides what is on screen; the session only draws `list.displayed`. Every
/// kernel call a command makes is timed with `clock`; ``lastKernelNanoseconds`` is the total
/// for the last command.
///
/// - Complexity: each command is O(log n + k) kernel work for k views on screen, except
///   ``DemoCommand/collapseAll`` and ``DemoCommand/expandAll`` (O(t log S) for t sections
///   that change, one kernel update, plus a pass per empty section's footer) and
///   ``DemoCommand/search(_:)`` (a scan of the model's titles, in steps of at most
///   ``searchTitlesPerStep`` titles: see ``continueSearch()``).
public final class DemoSession {
    /// The kernel's list.
    public let list: VirtualList<TerminalView>
    /// The data source and its model (selection, expanded items).
    public let source: DemoListSource
    /// The screen size.
    public private(set) var size: TerminalSize
    /// The nanoseconds spent inside kernel calls by the last command (or by setting up).
    public internal(set) var lastKernelNanoseconds: UInt64 = 0
    /// A one-line note for the help line (a search that found nothing); cleared by the next
    /// command.
    public private(set) var message: String?
    /// The clock kernel calls are timed with.
    let clock: () -> UInt64
    /// The most titles one step of a search examines (``continueSearch()``).
    public let searchTitlesPerStep: Int
    /// The search in progress, if any.
    var search: SearchState?

    /// The titles a search step examines unless the session is told otherwise: 20,000,
    /// about 16 ms in a debug build (0.8 µs a title), so keys are read and the screen
    /// drawn again that often while `/zz` runs through a hundred million titles.
    public static let defaultSearchTitlesPerStep = 20_000

    /// Sets up the list: registers the three view factories, reloads with an empty viewport,
    /// folds the sections that start folded, then shows the first screen with the first
    /// header selected.
    ///
    /// - Parameters:
    ///   - data: The sections to show.
    ///   - size: The screen size, cut to ``TerminalSize/maximum``; the list gets all rows
    ///     but the status and help lines.
    ///   - clock: Nanoseconds from a monotonic clock; kernel calls are timed with it.
    ///   - searchTitlesPerStep: The most titles one step of a search examines (at least 1).
    /// - Throws: `ListError` from the kernel (a bug in the front end if it ever happens).
    /// - Complexity: O(S) for S sections (the kernel reads each section's count once; no
    ///   title is made until a view shows it).
    public init(data: DemoList, size: TerminalSize, clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds,
                searchTitlesPerStep: Int = DemoSession.defaultSearchTitlesPerStep) throws(ListError) {
        let size = size.clamped
        self.size = size
        self.clock = clock
        self.searchTitlesPerStep = max(1, searchTitlesPerStep)
        source = DemoListSource(data: data, width: size.columns)
        list = VirtualList(style: .plain)
        try source.registerViews(in: list)
        list.dataSource = source
        source.selection = data.sectionCount > 0 ? .header(section: 0) : nil
        let rows = Double(listRows)
        try timed { () throws(ListError) in
            // The viewport is empty until the starting folds are set (the data source can't
            // report them), so those passes show nothing and make no views.
            try list.reloadData()
            let folded = (0..<data.sectionCount).filter { data.isInitiallyCollapsed(section: $0) }
            if !folded.isEmpty { try list.setCollapsed(true, sections: folded) }
            try list.setViewport(Viewport(offset: 0, size: rows))
        }
    }

    // MARK: Screen layout

    /// The rows the list occupies: all but the status line and the help line (the help line
    /// goes first on a screen of fewer than 3 rows, then the status line).
    ///
    /// - Complexity: O(1).
    public var listRows: Int { max(0, size.rows - chromeRows) }

    /// Status and help lines shown at this size.
    var chromeRows: Int { size.rows >= 3 ? 2 : (size.rows == 2 ? 1 : 0) }

    /// Changes the screen size (cut to ``TerminalSize/maximum``): the viewport follows, and
    /// expanded rows are measured again when the width changed (their detail wraps
    /// differently).
    ///
    /// - Throws: `ListError` from the kernel.
    /// - Complexity: O(e) kernel passes for e expanded rows when the width changes, plus one.
    public func resize(to newSize: TerminalSize) throws(ListError) {
        let newSize = newSize.clamped
        lastKernelNanoseconds = 0
        let widthChanged = newSize.columns != size.columns
        size = newSize
        source.width = newSize.columns
        try timed { () throws(ListError) in
            if widthChanged {
                for path in source.expanded.sorted() {
                    try list.setMeasuredExtent(Double(source.extent(of: path)), for: .item(path))
                }
            }
            var viewport = list.viewport
            viewport.size = Double(listRows)
            try list.setViewport(viewport)
        }
        try revealSelection()
    }

    // MARK: Timing

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
