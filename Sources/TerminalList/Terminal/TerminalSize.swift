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

    /// `COLSxROWS`, the form `--size` accepts, e.g. `80x24`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(columns)x\(rows)" }
}
