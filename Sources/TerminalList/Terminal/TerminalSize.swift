/// The size of a terminal window or of a screen: columns wide, rows high.
///
/// ```swift
/// let size = TerminalSize(columns: 80, rows: 24)
/// ```
///
/// - Complexity: every member is O(1).
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// The width, in columns.
    public var columns: Int
    /// The height, in lines.
    public var rows: Int

    /// Creates a size of `columns` × `rows`.
    ///
    /// - Complexity: O(1).
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The largest screen drawn: 2,000 columns × 1,000 rows, two million cells (about
    /// 48 MB a screen; the renderer keeps two). A terminal is believed up to that: a window
    /// that reports more (up to 65535×65535, which aborted on allocation) is drawn in its
    /// top-left 2000×1000 (``Terminal/size``, ``DemoSession``); `--size` refuses more.
    public static let maximum = TerminalSize(columns: 2_000, rows: 1_000)

    /// This size with each dimension brought into `0...maximum`'s.
    ///
    /// - Complexity: O(1).
    public var clamped: TerminalSize {
        TerminalSize(columns: min(max(0, columns), TerminalSize.maximum.columns),
                     rows: min(max(0, rows), TerminalSize.maximum.rows))
    }

    /// `COLSxROWS`, the form `--size` accepts, e.g. `80x24`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(columns)x\(rows)" }
}
