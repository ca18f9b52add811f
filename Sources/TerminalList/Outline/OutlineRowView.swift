/// The view of one outline row: the selection gutter, the tree guides of its depth, a
/// disclosure arrow for a group, the title and a dim note; or, for the placeholder row of a
/// group whose children are loading, the guides and "loading…".
///
///     > ▾ Documents                                   ← selected group, expanded
///       ├   Notes.txt                              +  ← leaf with a detail, folded
///       ├ ▾ Photos                                    ← group, expanded, loading
///       │ └   loading…                                ← placeholder (dim)
///       └ ▾ 空のフォルダ (empty)                        ← note, dim
///
/// Every `configure` sets everything the view shows (guides, arrow, title, note, detail,
/// placeholder or not, selection), so a recycled view never keeps another row's
/// indentation, arrow or "loading…" (R12); `prepareForReuse()` forgets all of it. Lines are
/// cut to the width by ``DisplayWidth``, a wide character never split.
///
/// - Complexity: every member is O(1) unless noted.
public final class OutlineRowView: TerminalView {
    /// The disclosure arrow of a row.
    ///
    /// - Complexity: every member is O(1).
    public enum Arrow: Hashable, Sendable {
        /// A leaf (or a placeholder): two spaces, so titles line up.
        case none
        /// A collapsed group: "▸".
        case collapsed
        /// An expanded group: "▾".
        case expanded

        /// The arrow and the space after it.
        var text: String {
            switch self {
            case .none: "  "
            case .collapsed: "▸ "
            case .expanded: "▾ "
            }
        }
    }

    /// What "loading…" rows say.
    public static let loadingText = "loading…"
    /// The extra columns a detail line is indented by, past the title's column.
    public static let detailIndent = 2

    /// The guides left of the arrow (``TreeGuides``), two columns a level.
    public private(set) var guides = ""
    /// The arrow.
    public private(set) var arrow = Arrow.none
    /// The title shown (empty for a placeholder).
    public private(set) var title = ""
    /// A dim note after the title ("(empty)", "→ target", "(unreadable: …)"), or `nil`.
    public private(set) var note: String?
    /// The detail of a leaf, or `nil`.
    public private(set) var detail: String?
    /// The guides of the detail lines (the row's own connector continued), when shown.
    public private(set) var detailGuides = ""
    /// Whether the detail lines show.
    public private(set) var isDetailShown = false
    /// Whether this is a placeholder row ("loading…").
    public private(set) var isPlaceholder = false
    /// Whether the row is drawn selected.
    public private(set) var isSelected = false
    /// The detail lines last wrapped, and the width they were wrapped at.
    private var wrappedDetail: (width: Int, lines: [String])?

    /// A view showing nothing until it is configured (the kernel's pool makes them through
    /// the factories the session registers; tests make their own).
    ///
    /// - Complexity: O(1).
    public override init() { super.init() }

    /// Shows a node's row.
    ///
    /// - Parameters:
    ///   - guides: The tree guides (``TreeGuides/guides(of:in:)``).
    ///   - arrow: The disclosure arrow.
    ///   - title: The title.
    ///   - note: A dim note after the title, or `nil`.
    ///   - detail: A leaf's detail, or `nil`.
    ///   - detailGuides: The guides of the detail lines (``TreeGuides/continuation(of:in:)``).
    ///   - isDetailShown: Whether the detail lines show (ignored without a detail).
    ///   - isSelected: Whether the row is the selection.
    /// - Complexity: O(1).
    public func configureNode(guides: String, arrow: Arrow, title: String, note: String?, detail: String?,
                              detailGuides: String, isDetailShown: Bool, isSelected: Bool) {
        if detail != self.detail || detailGuides != self.detailGuides { wrappedDetail = nil }
        self.guides = guides
        self.arrow = arrow
        self.title = title
        self.note = note
        self.detail = detail
        self.detailGuides = detailGuides
        self.isDetailShown = isDetailShown && detail != nil
        self.isPlaceholder = false
        self.isSelected = isSelected
    }

    /// Shows the placeholder row of a group whose children are loading.
    ///
    /// - Parameter guides: The placeholder's tree guides (``TreeGuides/placeholderGuides(owner:in:)``).
    /// - Complexity: O(1).
    public func configurePlaceholder(guides: String) {
        self.guides = guides
        arrow = .none
        title = ""
        note = nil
        detail = nil
        detailGuides = ""
        wrappedDetail = nil
        isDetailShown = false
        isPlaceholder = true
        isSelected = false
    }

    /// The lines a row takes: 1, plus its wrapped detail when shown (at most
    /// ``RowView/maximumDetailLines``), at `width` columns with `detailGuides` before them.
    ///
    /// - Complexity: O(min(n, maximumDetailLines × width)) for a detail of length n.
    public static func lineCount(detail: String?, isShown: Bool, detailGuides: String, width: Int) -> Int {
        guard isShown, let detail else { return 1 }
        return 1 + max(1, detailLines(detail, guides: detailGuides, width: width).count)
    }

    /// The columns before a detail line: gutter, guides, the arrow's two, the indent.
    static func detailPrefixColumns(guides: String) -> Int {
        2 + DisplayWidth.columns(of: guides) + 2 + detailIndent
    }

    /// The detail wrapped to the columns right of its prefix (one kept free at the edge).
    static func detailLines(_ detail: String, guides: String, width: Int) -> [String] {
        DisplayWidth.wrap(detail, toColumns: width - detailPrefixColumns(guides: guides) - 1, maximumLines: RowView.maximumDetailLines)
    }

    /// The row's line, then the detail lines when shown; each at most `width` columns.
    ///
    /// - Complexity: O(width) per line however long the title; the detail is wrapped once
    ///   per width.
    public override func lines(width: Int) -> [ViewLine] {
        let selected: TextStyle = isSelected ? .reverse : []
        let gutter = TerminalView.gutter(selected: isSelected)
        if isPlaceholder {
            let spans = [StyledSpan(gutter + guides, style: .dim), StyledSpan(Arrow.none.text + Self.loadingText, style: .dim)]
            return [ViewLine(Screen.fit(spans, toColumns: width))]
        }
        var trailing: [StyledSpan] = []
        if detail != nil { trailing = [StyledSpan(isDetailShown ? "- " : "+ ", style: selected.union(.dim))] }
        let room = max(0, width - trailing.reduce(0) { $0 + DisplayWidth.columns(of: $1.text) })
        var spans = [
            StyledSpan(gutter, style: selected),
            StyledSpan(guides, style: selected.union(.dim)),
            StyledSpan(arrow.text, style: selected),
            // Cut to the screen first: the fit cuts it further, and a long title is read only so far.
            StyledSpan(DisplayWidth.truncate(title, toColumns: room), style: arrow == .none ? selected : selected.union(.bold)),
        ]
        if let note { spans.append(StyledSpan(" " + DisplayWidth.truncate(note, toColumns: room), style: selected.union(.dim))) }
        var result = [ViewLine(Screen.fit(spans, toColumns: room), trailing: trailing, fill: selected)]
        guard isDetailShown, let detail else { return result }
        var details: [String]
        if let wrapped = wrappedDetail, wrapped.width == width {
            details = wrapped.lines
        } else {
            details = Self.detailLines(detail, guides: detailGuides, width: width)
            wrappedDetail = (width, details)
        }
        if details.isEmpty { details = [""] }
        // The gutter's ">" marks the row's first line only, as a flat row's detail does.
        let prefix = TerminalView.gutter(selected: false) + detailGuides + Arrow.none.text + String(repeating: " ", count: Self.detailIndent)
        for line in details {
            let spans = [StyledSpan(prefix, style: selected.union(.dim)), StyledSpan(line, style: selected.union(.dim))]
            result.append(ViewLine(Screen.fit(spans, toColumns: width), fill: selected))
        }
        return result
    }

    /// Forgets the previous row: guides, arrow, title, note, detail, placeholder state.
    ///
    /// - Complexity: O(1).
    public override func prepareForReuse() {
        guides = ""
        arrow = .none
        title = ""
        note = nil
        detail = nil
        detailGuides = ""
        wrappedDetail = nil
        isDetailShown = false
        isPlaceholder = false
        isSelected = false
    }
}
