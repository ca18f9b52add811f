extension Screen {
    /// Replaces one line: `spans` from the left edge, `trailing` flush against the right
    /// edge, `fill` everywhere else.
    ///
    /// When everything doesn't fit, `trailing` keeps its place and `spans` are cut with
    /// "…" (in the style of the span that was cut) so that they end where `trailing`
    /// begins; a wide character is never split. When `trailing` alone is wider than the
    /// line, it is cut the same way and `spans` are not drawn.
    ///
    /// ```swift
    /// screen.setLine(3, [StyledSpan("▾ 编程语言", style: .bold)],
    ///                trailing: [StyledSpan("4 ", style: .dim)])
    /// ```
    ///
    /// - Parameters:
    ///   - row: The line to replace; a row outside the screen is ignored.
    ///   - spans: The text from the left edge.
    ///   - trailing: The text against the right edge; none when omitted.
    ///   - fill: The style of the cells no span covers; plain when omitted.
    /// - Complexity: O(columns + n) for spans of total length n.
    public mutating func setLine(
        _ row: Int, _ spans: [StyledSpan], trailing: [StyledSpan] = [], fill: TextStyle = []
    ) {
        guard row >= 0, row < rows else { return }
        clearLine(row, style: fill)
        let trailingWidth = trailing.reduce(0) { $0 + DisplayWidth.columns(of: DisplayWidth.displaySafe($1.text)) }
        if trailingWidth >= columns {
            draw(Screen.fit(trailing, toColumns: columns), row: row, from: 0)
            return
        }
        draw(Screen.fit(spans, toColumns: columns - trailingWidth), row: row, from: 0)
        draw(trailing, row: row, from: columns - trailingWidth)
    }

    /// Spans made display-safe and cut, with an ellipsis, to at most `columns` columns;
    /// exactly `columns` when cut.
    ///
    /// - Parameters:
    ///   - spans: The spans to fit.
    ///   - columns: The most columns the result may take.
    /// - Returns: The fitted spans (empty spans removed).
    /// - Complexity: O(min(n, columns)) for spans of total length n (plus any characters
    ///   of width 0 on the way): a title of 17 million characters is read only up to the
    ///   cut.
    public static func fit(_ spans: [StyledSpan], toColumns columns: Int) -> [StyledSpan] {
        let limit = max(0, columns)
        // Each span's display-safe characters, read only until the line is full.
        var pieces: [(characters: [(Character, Int)], style: TextStyle)] = []
        var remaining = limit
        var isCut = false
        for span in spans {
            let (characters, cut) = DisplayWidth.leadingCharacters(span.text, upTo: remaining)
            pieces.append((characters, span.style))
            remaining -= characters.reduce(0) { $0 + $1.1 }
            if cut {
                isCut = true
                break
            }
        }
        guard isCut else {
            return pieces.map { StyledSpan(String($0.characters.map(\.0)), style: $0.style) }.filter { !$0.text.isEmpty }
        }
        guard limit > 0 else { return [] }
        var result: [StyledSpan] = []
        var used = 0
        for (index, piece) in pieces.enumerated() {
            var kept = ""
            // The span read last is where the text went past the line.
            var cut = index == pieces.count - 1
            for (character, width) in piece.characters {
                if used + width > limit - 1 {
                    cut = true
                    break
                }
                kept.append(character)
                used += width
            }
            if cut {
                kept.append(DisplayWidth.ellipsis)
                used += 1
                if used < limit { kept += String(repeating: " ", count: limit - used) }
                result.append(StyledSpan(kept, style: piece.style))
                break
            }
            if !kept.isEmpty { result.append(StyledSpan(kept, style: piece.style)) }
        }
        return result
    }

    /// Draws already-fitted spans one after another from `column`.
    private mutating func draw(_ spans: [StyledSpan], row: Int, from column: Int) {
        var position = column
        for span in spans { position = write(span.text, row: row, column: position, style: span.style) }
    }
}
