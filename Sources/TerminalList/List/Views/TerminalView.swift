public import ListKernel

/// One line a view draws: text from the left edge, text flush against the right edge, and
/// the style of the cells neither covers (see ``Screen/setLine(_:_:trailing:fill:)``).
///
/// ```swift
/// ViewLine([StyledSpan("    iPhone 15")], trailing: [StyledSpan("+ ", style: .dim)])
/// ```
///
/// - Complexity: every member is O(1).
public struct ViewLine: Hashable, Sendable {
    /// The text from the left edge.
    public var leading: [StyledSpan]
    /// The text against the right edge; it keeps its place when the line is cut.
    public var trailing: [StyledSpan]
    /// The style of the cells no span covers.
    public var fill: TextStyle

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - leading: The text from the left edge.
    ///   - trailing: The text against the right edge; none when omitted.
    ///   - fill: The style of the rest; plain when omitted.
    /// - Complexity: O(1).
    public init(_ leading: [StyledSpan], trailing: [StyledSpan] = [], fill: TextStyle = []) {
        self.leading = leading
        self.trailing = trailing
        self.fill = fill
    }

    /// The line's characters without styles, leading then trailing (for tests and logs).
    ///
    /// - Complexity: O(n) in the length of the text.
    public var text: String { (leading + trailing).map(\.text).joined() }
}

/// The view class of the terminal front end: the kernel's reuse pool makes, recycles and
/// hands out these objects, the data source configures them from the model, and the screen
/// renderer asks each for its lines. 1 point of the kernel's geometry is 1 terminal row, so
/// a view drawn in a frame of extent n draws n lines.
///
/// Subclasses: ``RowView`` (an item), ``HeaderView`` (a section header with its fold arrow
/// and count) and ``FooterView`` (a section footer). Everything a view shows comes from its
/// last `configure`; `prepareForReuse()` forgets it, so a view that was not configured shows
/// nothing rather than another element's content.
///
/// - Complexity: every member is O(1) unless noted.
public class TerminalView: ReusableView {
    /// Views are made by the factories the session registers with the kernel's pool.
    init() {}

    /// The lines this view draws, `width` columns wide, from what `configure` put in it.
    ///
    /// - Parameter width: The width of the screen, in columns.
    /// - Returns: One ``ViewLine`` per terminal row.
    /// - Complexity: O(width) per line.
    public func lines(width: Int) -> [ViewLine] { [] }

    /// The two columns left of every line: `"> "` marks the selection (so that it shows in
    /// plain text too, where reverse video does not), two spaces otherwise.
    ///
    /// - Complexity: O(1).
    public static func gutter(selected: Bool) -> String { selected ? "> " : "  " }

    /// Forgets the content of the previous element (called by the reuse pool before the view
    /// is handed out again).
    ///
    /// - Complexity: O(1).
    public func prepareForReuse() {}
}
