extension Screen {
    /// One line as plain text, without escape codes: exactly `columns` display columns,
    /// trailing spaces kept.
    ///
    /// - Parameter row: The line, `0..<rows`.
    /// - Returns: The line's characters; a wide character appears once, for its two cells.
    /// - Complexity: O(columns).
    public func plainLine(_ row: Int) -> String {
        precondition(row >= 0 && row < rows, "line \(row) is outside a screen of \(rows) lines")
        var line = ""
        line.reserveCapacity(columns)
        for cell in cells[(row * columns)..<(row * columns + columns)] where cell.width > 0 {
            line.append(cell.character)
        }
        return line
    }

    /// Every line as plain text, each exactly `columns` columns wide (trailing spaces kept)
    /// and followed by "\n".
    ///
    /// Padding rather than trimming makes the frame's shape visible in a file and lets a
    /// test check that no line is shorter or longer than the screen.
    ///
    /// - Complexity: O(rows × columns).
    public var plainText: String {
        var text = ""
        for row in 0..<rows {
            text += plainLine(row)
            text += "\n"
        }
        return text
    }
}
