/// Turns frames into the bytes that draw them on an ANSI/VT100 terminal, redrawing only
/// the lines that changed since the previous frame.
///
/// The first frame, a frame of a different size, and the frame after ``invalidate()``
/// are drawn in full: reset the style, clear the screen, then every line. After that, each
/// line whose cells differ from the previous frame is rewritten whole, from its first
/// column: line granularity keeps wide characters intact (no cursor lands inside one) at
/// the cost of a few redundant cells. Each rewritten line starts with a cursor move
/// (`ESC [ row ; 1 H`), changes style only where it changes (`ESC [ 0;1;7 m`), and ends
/// with a reset, so no style leaks into the next line or out of the program.
///
/// The renderer assumes the terminal's auto-wrap is off (``Terminal`` turns it off) so
/// that writing the last column of the last line never scrolls.
///
/// ```swift
/// var renderer = ANSIRenderer()
/// terminal.write(renderer.frame(screen))     // full redraw
/// terminal.write(renderer.frame(nextScreen)) // only the changed lines
/// ```
///
/// - Complexity: O(rows × columns) per frame for the comparison, plus the output size.
public struct ANSIRenderer: Sendable {
    /// The last frame drawn, or `nil` when the next frame must be drawn in full.
    private var previous: Screen?

    /// Creates a renderer whose first frame is a full redraw.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Makes the next frame a full redraw, e.g. after a resize or after something else
    /// wrote to the terminal.
    ///
    /// - Complexity: O(1).
    public mutating func invalidate() { previous = nil }

    /// The output that turns the terminal from the previous frame into `screen`; empty when
    /// nothing changed.
    ///
    /// - Parameter screen: The frame to show.
    /// - Returns: Escape sequences and text to write to the terminal as is.
    /// - Complexity: O(rows × columns).
    public mutating func frame(_ screen: Screen) -> String {
        var output = ""
        let full: Bool
        if let previous, previous.columns == screen.columns, previous.rows == screen.rows {
            full = false
        } else {
            full = true
            output += "\u{1B}[0m\u{1B}[2J"
        }
        for row in 0..<screen.rows {
            let range = (row * screen.columns)..<(row * screen.columns + screen.columns)
            if !full, let previous, previous.cells[range] == screen.cells[range] { continue }
            output += "\u{1B}[\(row + 1);1H"
            var current: TextStyle? = nil
            for cell in screen.cells[range] where cell.width > 0 {
                if cell.style != current {
                    output += "\u{1B}[\(cell.style.sgrParameters)m"
                    current = cell.style
                }
                output.append(cell.character)
            }
            output += "\u{1B}[0m"
        }
        previous = screen
        return output
    }
}
