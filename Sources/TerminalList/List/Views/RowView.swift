/// The view of an item: its title on the first line and, when the item is expanded, its
/// detail wrapped on the lines below (seed 002's cell that grows when its sub-view shows).
///
///     >·  iPhone 15 Pro                                   -·   ← selected
///     ······A17 Pro, titanium                                 ← detail, dim
///     ····iPhone 15                                       +·
///     ····FlyElephant                                         ← no detail, no mark
///
/// Items that have a detail end in a dim `+` (folded) or `-` (expanded); the selected item
/// has `>` in the gutter and is drawn in reverse video on every line. The expanded state is the model's: the view only
/// shows what configure gives it.
///
/// - Complexity: every member is O(1) unless noted.
public final class RowView: TerminalView {
    /// The columns before the title (the gutter's two included).
    public static let titleIndent = 4
    /// The columns before each detail line.
    public static let detailIndent = 6
    /// The most lines an expanded detail takes: 1,000, so a row is at most 1,001 lines
    /// tall. A longer detail ends in "…" on its last line. Without a cap, a detail of 17
    /// million characters at 7 columns asked the kernel for an extent of 8,500,001 and
    /// ended the session; a thousand lines is dozens of screens, more than anyone reads
    /// in a list.
    public static let maximumDetailLines = 1_000

    /// The title shown.
    public private(set) var title = ""
    /// The detail of the item, or `nil` when it has none.
    public private(set) var detail: String?
    /// Whether the detail lines are shown.
    public private(set) var isExpanded = false
    /// Whether the row is drawn selected.
    public private(set) var isSelected = false
    /// The detail lines last wrapped, and the width they were wrapped at: a screen asks
    /// for the lines at every frame.
    private var wrappedDetail: (width: Int, lines: [String])?

    /// Shows an item.
    ///
    /// - Parameters:
    ///   - title: The item's title.
    ///   - detail: Its detail, or `nil`.
    ///   - isExpanded: Whether to show the detail (ignored without one).
    ///   - isSelected: Whether the row is the selection.
    /// - Complexity: O(1).
    public func configure(title: String, detail: String?, isExpanded: Bool, isSelected: Bool) {
        if detail != self.detail { wrappedDetail = nil }
        self.title = title
        self.detail = detail
        self.isExpanded = isExpanded && detail != nil
        self.isSelected = isSelected
    }

    /// The number of lines a row takes: 1, plus the wrapped detail when it is expanded
    /// (at most ``maximumDetailLines``). The data source reports this to the kernel as the
    /// row's extent.
    ///
    /// - Parameters:
    ///   - detail: The item's detail, or `nil`.
    ///   - isExpanded: Whether the detail shows.
    ///   - width: The screen's width in columns.
    /// - Returns: 1 to `1 + maximumDetailLines`.
    /// - Complexity: O(min(n, maximumDetailLines × width)) for a detail of length n.
    public static func lineCount(detail: String?, isExpanded: Bool, width: Int) -> Int {
        guard isExpanded, let detail else { return 1 }
        return 1 + max(1, detailLines(detail, width: width).count)
    }

    /// The detail wrapped to the columns right of its indent, at most
    /// ``maximumDetailLines`` lines.
    static func detailLines(_ detail: String, width: Int) -> [String] {
        DisplayWidth.wrap(detail, toColumns: width - detailIndent - 1, maximumLines: maximumDetailLines)
    }

    /// The title line, then the detail lines when expanded.
    ///
    /// - Complexity: O(width) for the title however long it is; the detail is wrapped
    ///   once per width, in O(min(n, maximumDetailLines × width)), then O(lines).
    public override func lines(width: Int) -> [ViewLine] {
        let selected: TextStyle = isSelected ? .reverse : []
        var mark: [StyledSpan] = []
        if detail != nil { mark = [StyledSpan(isExpanded ? "- " : "+ ", style: selected.union(.dim))] }
        let indent = TerminalView.gutter(selected: isSelected) + String(repeating: " ", count: RowView.titleIndent - 2)
        // Cut to the screen first: the line cuts it further, and a long title is read only so far.
        let shown = DisplayWidth.truncate(title, toColumns: width)
        var result = [ViewLine([StyledSpan(indent + shown, style: selected)], trailing: mark, fill: selected)]
        guard isExpanded, let detail else { return result }
        var details: [String]
        if let wrapped = wrappedDetail, wrapped.width == width {
            details = wrapped.lines
        } else {
            details = RowView.detailLines(detail, width: width)
            wrappedDetail = (width, details)
        }
        if details.isEmpty { details = [""] }
        for line in details {
            result.append(ViewLine([StyledSpan(String(repeating: " ", count: RowView.detailIndent) + line,
                                               style: selected.union(.dim))], fill: selected))
        }
        return result
    }

    /// Forgets the previous item.
    ///
    /// - Complexity: O(1).
    public override func prepareForReuse() {
        title = ""
        detail = nil
        wrappedDetail = nil
        isExpanded = false
        isSelected = false
    }
}
