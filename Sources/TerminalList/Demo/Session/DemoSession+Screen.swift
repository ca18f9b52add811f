import ListKernel

extension DemoSession {
    /// The key help, longest first; the screen shows the first that fits (the last, cut,
    /// when none does).
    static let helpLines = [
        " ↑↓ move · PgUp/Dn page · g/G ends · enter fold/open · c/e all · / find · q quit",
        " ↑↓ PgUp/Dn g/G · enter fold/open · c/e all · /find · q quit",
        " ↑↓ PgUp/Dn g/G · enter · c/e · / · q",
    ]

    /// The screen as the kernel left it: every displayed view's lines at its frame (1 point
    /// = 1 row, content offset subtracted), pinned views drawn last so they cover what
    /// scrolls under them, then the status line (while a search runs, its progress:
    /// `searching "zz"… 12% · esc cancels`) and the help line.
    ///
    ///     ▾ 000 Apple Products › iPhone (3)        ← list rows (pinned header on top)
    ///         iPhone 15 Pro                    +
    ///     …
    ///      17 sections · 52 rows · …      3.1 µs   ← status, reverse video
    ///      ↑↓ move · PgUp/Dn page · …              ← help, dim (or the search prompt)
    ///
    /// A view draws at most as many lines as its frame is tall, so it never spills into the
    /// next element; a list without sections says "(no sections)".
    ///
    /// - Parameter searchPrompt: The text typed after `/` while the prompt is open
    ///   (interactive use); `nil` shows the help or the last note.
    /// - Returns: The frame.
    /// - Complexity: O(k × columns) for k displayed views, plus O(rows × columns) to clear.
    public func screen(searchPrompt: String? = nil) -> Screen {
        var screen = Screen(columns: size.columns, rows: size.rows)
        let rows = listRows
        let offset = list.viewport.offset
        for pinnedPass in [false, true] {
            for shown in list.displayed where shown.isPinned == pinnedPass {
                let top = Int((shown.frame.start - offset).rounded(.down))
                let height = Int(shown.frame.extent.rounded(.up))
                let lines = shown.view.lines(width: size.columns)
                for index in 0..<height {
                    let row = top + index
                    guard row >= 0, row < rows else { continue }
                    let line = index < lines.count ? lines[index] : ViewLine([])
                    screen.setLine(row, line.leading, trailing: line.trailing, fill: line.fill)
                }
            }
        }
        if source.data.sectionCount == 0, rows > 0 {
            screen.setLine(0, [StyledSpan("(no sections)", style: .dim)])
        }
        if chromeRows >= 1 {
            let line = searchProgress.map { ViewLine([StyledSpan(" " + $0.statusText, style: .reverse)], fill: .reverse) }
                ?? status.line(width: size.columns)
            screen.setLine(rows, line.leading, trailing: line.trailing, fill: line.fill)
        }
        if chromeRows >= 2 {
            let help: String
            if let searchPrompt {
                help = " /\(searchPrompt)_   enter: find · esc: cancel"
            } else if let message {
                help = " " + message
            } else {
                help = DemoSession.helpLines.first { DisplayWidth.columns(of: $0) <= size.columns } ?? DemoSession.helpLines.last!
            }
            screen.setLine(rows + 1, [StyledSpan(help, style: searchPrompt == nil ? .dim : [])])
        }
        return screen
    }

    /// The figures of the status line, now.
    ///
    /// - Complexity: O(1).
    public var status: DemoStatus {
        let content = Int(list.layout.contentExtent.rounded(.up))
        let first = Int(list.viewport.offset.rounded(.down))
        let last = min(content, first + listRows)
        let counters = list.pool.totalCounters
        return DemoStatus(
            sections: source.data.sectionCount, rows: source.data.totalItemCount,
            firstLine: last > first ? first + 1 : 0, lastLine: last > first ? last : 0, contentLines: content,
            viewsCreated: counters.created, viewsReused: counters.reused, kernelNanoseconds: lastKernelNanoseconds)
    }
}
