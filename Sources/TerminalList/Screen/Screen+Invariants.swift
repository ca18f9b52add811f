extension Screen {
    /// Checks the cell grid: the cell count matches the size, each wide character is
    /// followed by its right half in the same row, no right half stands alone, and every
    /// character's measured width matches the width stored with it.
    ///
    /// - Complexity: O(rows × columns).
    func _checkInvariants() {
        for row in 0..<rows { _checkInvariants(row: row) }
    }

    /// Checks one line only, after a mutation that touched only that line.
    ///
    /// - Complexity: O(columns).
    func _checkInvariants(row: Int) {
        precondition(cells.count == rows * columns,
                     "screen \(columns)×\(rows) holds \(cells.count) cells")
        var column = 0
        while column < columns {
            let cell = cells[row * columns + column]
            precondition(cell.width == 1 || cell.width == 2,
                         "cell (\(row), \(column)) is a right half without a wide character before it")
            precondition(DisplayWidth.columns(of: cell.character) == Int(cell.width),
                         "cell (\(row), \(column)) holds \(cell.character.unicodeScalars.map { $0.value }) of stored width \(cell.width)")
            if cell.width == 2 {
                precondition(column + 1 < columns, "wide character at the right edge of row \(row)")
                precondition(cells[row * columns + column + 1].width == 0,
                             "wide character at (\(row), \(column)) has no right half")
            }
            column += Int(cell.width)
        }
    }
}
