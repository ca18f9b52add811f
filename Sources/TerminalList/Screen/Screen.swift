/// A frame of `rows` lines × `columns` cells, each cell holding one narrow character or
/// one half of a wide one, with a style.
///
///     column:  0    1    2    3    4    5
///            ┌────┬────┬────┬────┬────┬────┐
///     row 0  │ ▾  │ ␠  │ 魏 │ ·· │ ␠  │ 3  │    ·· = right half of the wide 魏
///            └────┴────┴────┴────┴────┴────┘
///
/// Invariants (checked after every mutation in debug builds): a right half always follows
/// a wide character in the same row, so no wide character is split, not even by the right
/// edge; every character stored is display-safe and 1 or 2 columns wide.
///
/// ```swift
/// var screen = Screen(columns: 20, rows: 2)
/// screen.setLine(0, [StyledSpan("▾ 蜀", style: .bold)], trailing: [StyledSpan("3 ")])
/// screen.setLine(1, [StyledSpan("  关羽")])
/// print(screen.plainText, terminator: "")
/// ```
///
/// Writing text clips it at the right edge; ``setLine(_:_:trailing:fill:)`` cuts it with
/// an ellipsis instead. A wide character that would straddle the right edge is replaced by
/// a space, so every line is always exactly `columns` wide.
///
/// - Complexity: storage is O(rows × columns); see each member.
public struct Screen: Hashable, Sendable {
    /// One cell: a character of width `width` (1 or 2) or, when `width` is 0, the right
    /// half of the wide character in the cell to its left.
    struct Cell: Hashable, Sendable {
        var character: Character
        var width: UInt8
        var style: TextStyle

        static func blank(_ style: TextStyle) -> Cell { Cell(character: " ", width: 1, style: style) }
    }

    /// The width of every line, in columns.
    public let columns: Int
    /// The number of lines.
    public let rows: Int
    /// The cells, row by row.
    var cells: [Cell]

    /// Creates a blank screen (spaces, plain style).
    ///
    /// - Parameters:
    ///   - columns: The width of every line; a negative value counts as 0.
    ///   - rows: The number of lines; a negative value counts as 0.
    /// - Complexity: O(rows × columns).
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: .blank([]), count: self.columns * self.rows)
    }

    /// Fills every cell with a space in `style`.
    ///
    /// - Parameter style: The style of the blank cells; plain when omitted.
    /// - Complexity: O(rows × columns).
    public mutating func clear(style: TextStyle = []) {
        for index in cells.indices { cells[index] = .blank(style) }
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// Fills one line with spaces in `style`; a row outside the screen is ignored.
    ///
    /// - Parameters:
    ///   - row: The line to clear.
    ///   - style: The style of the blank cells; plain when omitted.
    /// - Complexity: O(columns).
    public mutating func clearLine(_ row: Int, style: TextStyle = []) {
        guard row >= 0, row < rows else { return }
        for column in 0..<columns { cells[row * columns + column] = .blank(style) }
        #if DEBUG
        _checkInvariants(row: row)
        #endif
    }

    /// Writes `text` from `column` onwards in one line, clipping at the right edge (no
    /// ellipsis) and replacing a wide character cut by the edge with a space.
    ///
    /// The text is made display-safe first, and no cell holds more than
    /// ``DisplayWidth/maximumScalarsPerCharacter`` scalars, so a cell emits at most 128
    /// bytes. A wide character partly overwritten by the write leaves a space in its other
    /// half. Cells left of column 0 and rows outside the screen are not drawn.
    ///
    /// - Parameters:
    ///   - text: The text to draw.
    ///   - row: The line.
    ///   - column: The first column; may be negative (the part left of 0 is not drawn).
    ///   - style: The style of the cells written.
    /// - Returns: The column just after the text as written, clipped to `columns`.
    /// - Complexity: O(min(n, columns − column)) for text of length n (plus characters of
    ///   width 0 on the way): the text is read only up to the right edge.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, row: Int, column: Int, style: TextStyle = []) -> Int {
        guard row >= 0, row < rows else { return column }
        var position = column
        var safe = ""
        written: for original in text {
            safe.removeAll(keepingCapacity: true)
            DisplayWidth.appendDisplaySafe(original, to: &safe)
            for piece in safe {
                if position >= columns { break written }
                let character = DisplayWidth.capped(piece)
                let width = DisplayWidth.columns(of: character)
                if position < 0 {
                    if position + width > 0 { put(.blank(style), row: row, column: 0) }
                    position += width
                    continue
                }
                if width == 2, position + 1 >= columns {
                    put(.blank(style), row: row, column: position)
                    position += 1
                    break written
                }
                put(Cell(character: character, width: UInt8(width), style: style), row: row, column: position)
                position += width
            }
        }
        #if DEBUG
        _checkInvariants(row: row)
        #endif
        return min(max(position, 0), columns)
    }

    /// The style of one cell (the right half of a wide character has its own copy).
    ///
    /// - Complexity: O(1).
    public func style(row: Int, column: Int) -> TextStyle {
        precondition(row >= 0 && row < rows && column >= 0 && column < columns,
                     "cell (\(row), \(column)) is outside a \(columns)×\(rows) screen")
        return cells[row * columns + column].style
    }

    /// Stores `cell` at (`row`, `column`), and for a wide cell its right half after it,
    /// blanking the other half of any wide character it overlaps.
    mutating func put(_ cell: Cell, row: Int, column: Int) {
        let base = row * columns
        separate(base: base, column: column)
        cells[base + column] = cell
        if cell.width == 2 {
            separate(base: base, column: column + 1)
            cells[base + column + 1] = Cell(character: " ", width: 0, style: cell.style)
        }
    }

    /// Blanks the other half of the wide character that covers `column`, if any, so the
    /// cell can be overwritten without leaving half a character behind.
    private mutating func separate(base: Int, column: Int) {
        let cell = cells[base + column]
        if cell.width == 0 {
            cells[base + column - 1] = .blank(cells[base + column - 1].style)
            cells[base + column] = .blank(cell.style)
        } else if cell.width == 2 {
            cells[base + column + 1] = .blank(cells[base + column + 1].style)
        }
    }
}
