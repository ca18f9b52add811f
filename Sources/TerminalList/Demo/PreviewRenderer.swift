internal import ListKernel

/// Draws the first screen of a ``DemoList`` without the list kernel: headers with ▾/▸
/// and their item count, the items of unfolded sections, and a status line. A stand-in
/// until the kernel drives the demo; it reads only the rows that fit, so a generated list
/// of any size draws at once.
///
///     ▾ 000 Apple Products › iPhone                 3
///         iPhone 15 Pro +
///     ▸ 003 三国 › 魏                                3
///      listkernel-demo  17 sections · 52 items     preview
///
/// Headers are bold, the `+` after an item that has a detail is dim, the status line is
/// in reverse video.
///
/// - Complexity: O(rows × columns) per screen, independent of the list's size.
public enum PreviewRenderer {
    /// The first screen of `list` at `size`.
    ///
    /// - Parameters:
    ///   - list: The data.
    ///   - size: The screen size.
    /// - Returns: A screen whose last line is the status line.
    /// - Complexity: O(rows × columns).
    public static func firstScreen(of list: DemoList, size: TerminalSize) -> Screen {
        var screen = Screen(columns: size.columns, rows: size.rows)
        guard screen.rows > 0 else { return screen }
        let listRows = screen.rows - 1
        var row = 0
        var section = 0
        while row < listRows, section < list.sectionCount {
            let count = list.itemCount(inSection: section)
            let collapsed = list.isInitiallyCollapsed(section: section)
            screen.setLine(row, [StyledSpan((collapsed ? "▸ " : "▾ ") + list.title(ofSection: section), style: .bold)],
                           trailing: [StyledSpan(" \(count) ", style: .dim)])
            row += 1
            if !collapsed {
                var item = 0
                while row < listRows, item < count {
                    let value = list.item(at: ItemPath(section: section, item: item))
                    var spans = [StyledSpan("    " + value.title)]
                    if value.detail != nil { spans.append(StyledSpan(" +", style: .dim)) }
                    screen.setLine(row, spans)
                    row += 1
                    item += 1
                }
            }
            section += 1
        }
        if list.sectionCount == 0, listRows > 0 {
            screen.setLine(0, [StyledSpan("(no sections)", style: .dim)])
        }
        screen.setLine(screen.rows - 1,
                       [StyledSpan(" listkernel-demo  \(list.sectionCount) sections · \(list.totalItemCount) items", style: .reverse)],
                       trailing: [StyledSpan(" preview ", style: .reverse)], fill: .reverse)
        return screen
    }
}
