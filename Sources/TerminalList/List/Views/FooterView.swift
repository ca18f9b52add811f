/// The view of a section footer. Only an empty section has one (seed 003's 越, whose
/// author asks what an empty kingdom should show): one dim line, "(no items)", under the
/// header while the section is unfolded.
///
///       ▾ 003 三国 › 越 (0)
///         (no items)          ← footer
///       ▾ 004 headerList.plist › 品牌 (4)
///
/// A folded section's footer has extent 0, so the kernel never shows it. Sections with
/// items have no footer: in the plain style a footer pins to the bottom edge while its
/// section runs past it, and a separator line pinned there reads as a gap in the list.
///
/// - Complexity: every member is O(1).
public final class FooterView: TerminalView {
    /// The text shown.
    public private(set) var text = ""

    /// Shows a section's footer.
    ///
    /// - Parameter text: The text.
    /// - Complexity: O(1).
    public func configure(text: String) { self.text = text }

    /// One line, the text indented like items.
    ///
    /// - Complexity: O(n) in the length of the text.
    public override func lines(width: Int) -> [ViewLine] {
        guard !text.isEmpty else { return [ViewLine([])] }
        return [ViewLine([StyledSpan(String(repeating: " ", count: RowView.titleIndent) + text, style: .dim)])]
    }

    /// Forgets the previous section.
    ///
    /// - Complexity: O(1).
    public override func prepareForReuse() { text = "" }
}
