/// The view of a section header: a fold arrow, the title and the item count, in bold.
///
///     ··▾ 000 Apple Products › iPhone (3)      unfolded
///     > ▸ 003 三国 › 越 (0)                     folded (and empty), selected
///
/// When the line is too narrow the title is cut with "…" and the count stays. The selected
/// header has `>` in the gutter and is drawn in reverse video across the whole line. The arrow comes from the fold
/// state configure reads from the kernel each time (never from the view's past, the pitfall
/// of seeds 000 and 003).
///
/// - Complexity: every member is O(1) unless noted.
public final class HeaderView: TerminalView {
    /// The section title shown.
    public private(set) var title = ""
    /// The item count shown.
    public private(set) var itemCount = 0
    /// Whether the arrow shows the section folded (▸) rather than unfolded (▾).
    public private(set) var isCollapsed = false
    /// Whether the header is drawn selected.
    public private(set) var isSelected = false

    /// Shows a section's header.
    ///
    /// - Parameters:
    ///   - title: The section's title.
    ///   - itemCount: Its number of items, folded or not.
    ///   - isCollapsed: Whether it is folded.
    ///   - isSelected: Whether the header is the selection.
    /// - Complexity: O(1).
    public func configure(title: String, itemCount: Int, isCollapsed: Bool, isSelected: Bool) {
        self.title = title
        self.itemCount = itemCount
        self.isCollapsed = isCollapsed
        self.isSelected = isSelected
    }

    /// One line: arrow, title (cut to fit), count.
    ///
    /// - Complexity: O(width), however long the title: it is read only up to the cut.
    public override func lines(width: Int) -> [ViewLine] {
        let style: TextStyle = isSelected ? [.bold, .reverse] : .bold
        let arrow = TerminalView.gutter(selected: isSelected) + (isCollapsed ? "▸ " : "▾ ")
        let count = " (\(itemCount))"
        let room = width - DisplayWidth.columns(of: arrow) - DisplayWidth.columns(of: count)
        let title = DisplayWidth.truncate(self.title, toColumns: room)
        return [ViewLine([StyledSpan(arrow + title, style: style), StyledSpan(count, style: style.subtracting(.bold))],
                         fill: isSelected ? .reverse : [])]
    }

    /// Forgets the previous section.
    ///
    /// - Complexity: O(1).
    public override func prepareForReuse() {
        title = ""
        itemCount = 0
        isCollapsed = false
        isSelected = false
    }
}
