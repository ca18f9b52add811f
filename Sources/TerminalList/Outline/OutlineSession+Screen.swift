import ListKernel

/// The figures of an outline session's status line.
///
///     12 nodes · 9 rows · 1 loading · lines 1-9 of 9 · views 9 new, 0 reused      3.1 µs
///
/// - nodes: the outline's nodes (loaded ones; placeholders are not nodes);
/// - rows: what the rows show now, placeholders included;
/// - loading: loads asked for and not yet answered (left out at 0);
/// - lines and views: as ``DemoStatus``; the time: the last command's or delivered load's
///   kernel calls.
///
/// - Complexity: every member is O(1) apart from formatting.
public struct OutlineSessionStatus: Hashable, Sendable {
    /// Nodes in the outline.
    public var nodes: Int
    /// Rows shown now, placeholders included.
    public var rows: Int
    /// Loads not yet answered.
    public var loading: Int
    /// The first content line on screen, from 1; 0 when nothing is.
    public var firstLine: Int
    /// The last content line on screen, from 1; 0 when nothing is.
    public var lastLine: Int
    /// The content's extent, in lines.
    public var contentLines: Int
    /// Views made by a factory so far.
    public var viewsCreated: Int
    /// Dequeues served by a recycled view so far.
    public var viewsReused: Int
    /// Nanoseconds spent in kernel calls by the last command or delivered load.
    public var kernelNanoseconds: UInt64

    /// `12 nodes · 9 rows · 1 loading · lines 1-9 of 9 · views 9 new, 0 reused`.
    ///
    /// - Complexity: O(1).
    public var longText: String {
        "\(nodes) nodes · \(rows) rows\(loadingText) · lines \(firstLine)-\(lastLine) of \(contentLines) · views \(viewsCreated) new, \(viewsReused) reused"
    }

    /// `12 nodes · 9 rows · 1 loading · 1-9/9 · views 9/0`.
    ///
    /// - Complexity: O(1).
    public var shortText: String {
        "\(nodes) nodes · \(rows) rows\(loadingText) · \(firstLine)-\(lastLine)/\(contentLines) · views \(viewsCreated)/\(viewsReused)"
    }

    private var loadingText: String { loading > 0 ? " · \(loading) loading" : "" }

    /// The status line's spans for a screen `width` columns wide, as ``DemoStatus/line(width:)``.
    ///
    /// - Complexity: O(1).
    public func line(width: Int) -> ViewLine {
        let trailing = " \(DemoStatus.format(nanoseconds: kernelNanoseconds)) "
        let long = " " + longText
        let fits = DisplayWidth.columns(of: long) + DisplayWidth.columns(of: trailing) <= width
        return ViewLine([StyledSpan(fits ? long : " " + shortText, style: .reverse)],
                        trailing: [StyledSpan(trailing, style: .reverse)], fill: .reverse)
    }
}

extension OutlineSession {
    /// The key help, longest first; the screen shows the first that fits.
    static let helpLines = [
        " ↑↓ move · ←→ close/open · PgUp/Dn · g/G · enter · c/e all · / find · q quit",
        " ↑↓ ←→ PgUp/Dn g/G · enter · c/e all · /find · q quit",
        " ↑↓ ←→ · enter · c/e · / · q",
    ]

    /// The screen as the kernel left it: every displayed view's lines at its frame (1
    /// point = 1 row), then the status line (or a search's progress) and the help line (or
    /// the search prompt, or the last note). An empty outline says "(empty)".
    ///
    /// - Parameter searchPrompt: The text typed after `/` while the prompt is open.
    /// - Returns: The frame.
    /// - Complexity: O(k × columns) for k displayed views, plus O(rows × columns) to clear.
    public func screen(searchPrompt: String? = nil) -> Screen {
        var screen = Screen(columns: size.columns, rows: size.rows)
        let rows = listRows
        let offset = list.viewport.offset
        for shown in list.displayed {
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
        if rowCount == 0, rows > 0 {
            screen.setLine(0, [StyledSpan("(empty)", style: .dim)])
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
                help = OutlineSession.helpLines.first { DisplayWidth.columns(of: $0) <= size.columns } ?? OutlineSession.helpLines.last!
            }
            screen.setLine(rows + 1, [StyledSpan(help, style: searchPrompt == nil ? .dim : [])])
        }
        return screen
    }

    /// The figures of the status line, now.
    ///
    /// - Complexity: O(1).
    public var status: OutlineSessionStatus {
        let content = Int(list.layout.contentExtent.rounded(.up))
        let first = Int(list.viewport.offset.rounded(.down))
        let last = min(content, first + listRows)
        let counters = list.pool.totalCounters
        return OutlineSessionStatus(
            nodes: outline.nodeCount, rows: rowCount, loading: model.content.pendingLoadCount,
            firstLine: last > first ? first + 1 : 0, lastLine: last > first ? last : 0, contentLines: content,
            viewsCreated: counters.created, viewsReused: counters.reused, kernelNanoseconds: lastKernelNanoseconds)
    }
}
