public import ListKernel

/// One line of a followed file on screen (a section's first line, when `--section` starts
/// sections, is its header and shows bold).
///
/// - Complexity: every member is O(1) unless it says otherwise.
public final class FollowLineView: TerminalView {
    /// The text shown.
    public private(set) var text = ""
    /// Whether the line starts a section.
    public private(set) var isHeader = false

    func configure(_ text: String, isHeader: Bool) {
        self.text = text
        self.isHeader = isHeader
    }

    /// One line, cut to the screen.
    ///
    /// - Complexity: O(width).
    public override func lines(width: Int) -> [ViewLine] {
        let shown = DisplayWidth.truncate(text, toColumns: width)
        return [ViewLine([StyledSpan(shown, style: isHeader ? .bold : [])])]
    }
}

/// The list of a followed file: sections start at the lines that match the section pattern
/// (the matching line is the header); counts come from the line index.
final class FollowListSource: ListDataSource {
    typealias View = TerminalView

    let file: FollowedFile
    let sectionPattern: Regex<AnyRegexOutput>?
    /// The first line of each section; section 0 starts at line 0.
    var sectionStarts: [Int] = [0]
    /// Whether each section's first line matched the pattern (and is its header).
    var isHeaded: [Bool] = [false]
    /// The most bytes of a line read for display.
    static let maximumLineBytes = 4_096

    init(file: FollowedFile, sectionPattern: Regex<AnyRegexOutput>?) {
        self.file = file
        self.sectionPattern = sectionPattern
    }

    /// Recomputes the sections of every line (after a reload).
    func rebuildSections() {
        sectionStarts = [0]
        isHeaded = [false]
        addSections(for: 0..<file.lineCount)
    }

    /// Starts a section at each line of `lines` that matches the pattern; returns the
    /// number of sections added. A line that already starts the last section (line 0, or a
    /// grown last line looked at again) makes it headed instead.
    @discardableResult
    func addSections(for lines: Range<Int>) -> Int {
        guard let sectionPattern else { return 0 }
        var added = 0
        for line in lines where (try? sectionPattern.firstMatch(in: file.line(line, maximumBytes: Self.maximumLineBytes))) != nil {
            if line == sectionStarts.last! {
                isHeaded[isHeaded.count - 1] = true     // the section starts with it already
            } else {
                sectionStarts.append(line)
                isHeaded.append(true)
                added += 1
            }
        }
        return added
    }

    /// The lines of section `section`.
    func lines(ofSection section: Int) -> Range<Int> {
        let end = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : file.lineCount
        return sectionStarts[section]..<max(sectionStarts[section], end)
    }

    /// The file line shown by `element`.
    func line(of element: ListElement) -> Int {
        let start = sectionStarts[element.section]
        switch element {
        case .header: return start
        case .item(let path): return start + path.item + (isHeaded[path.section] ? 1 : 0)
        case .footer: return start
        }
    }

    func numberOfSections(in list: VirtualList<TerminalView>) -> Int { sectionStarts.count }

    func list(_ list: VirtualList<TerminalView>, numberOfItemsInSection section: Int) -> Int {
        max(0, lines(ofSection: section).count - (isHeaded[section] ? 1 : 0))
    }

    func list(_ list: VirtualList<TerminalView>, metricsForSection section: Int) -> SectionMetrics {
        SectionMetrics(header: isHeaded[section] ? 1 : nil, itemExtent: .uniform(1))
    }

    func list(_ list: VirtualList<TerminalView>, reuseIdentifierFor element: ListElement) -> String { "line" }

    func list(_ list: VirtualList<TerminalView>, configure view: TerminalView, for element: ListElement, binding: BindingToken) {
        (view as? FollowLineView)?.configure(file.line(line(of: element), maximumBytes: Self.maximumLineBytes), isHeader: element.kind == .header)
    }

    func list(_ list: VirtualList<TerminalView>, identifierForSection section: Int) -> AnyHashable? {
        AnyHashable(sectionStarts[section])
    }
}

/// `listkernel-demo --follow FILE`: a live tail of a growing text file, as `tail -f` or
/// `less +F`. New lines appear at the bottom while the view is at the end; scrolling up
/// pauses following and the status line counts the lines that arrived below; `G` (or End)
/// resumes; Enter folds the section at the top of the screen. Truncation and rotation read
/// the file again; a file that disappears leaves a message and the lines read.
///
/// ```swift
/// let session = try FollowSession(path: "app.log", sectionPattern: nil, size: TerminalSize(columns: 80, rows: 24))
/// try session.poll()                 // read what the file gained
/// try session.apply(.pageUp)         // pause; new lines are counted below
/// print(session.screen().plainText)
/// ```
///
/// - Complexity: `poll` is O(new bytes) plus O(log n) kernel work and the pass; every
///   command is O(log n + views on screen).
public final class FollowSession {
    /// The list.
    public let list: VirtualList<TerminalView>
    /// The screen size.
    public private(set) var size: TerminalSize
    /// The last problem reading the file, shown on the status line.
    public private(set) var message: String?
    let file: FollowedFile
    let source: FollowListSource

    /// Opens `path` (reading it is `poll()`'s job) for a screen of `size`.
    ///
    /// - Parameters:
    ///   - path: The file to follow.
    ///   - sectionPattern: Lines matching it start a foldable section, or `nil`.
    ///   - size: The screen size.
    /// - Throws: `ListError` if the kernel refuses the first reload (it does not).
    /// - Complexity: O(1) plus the first poll.
    public init(path: String, sectionPattern: Regex<AnyRegexOutput>?, size: TerminalSize) throws(ListError) {
        self.size = size.clamped
        file = FollowedFile(path: path)
        source = FollowListSource(file: file, sectionPattern: sectionPattern)
        list = VirtualList(style: .plain)
        try list.register(kind: .item, reuseIdentifier: "line") { FollowLineView() }
        try list.register(kind: .header, reuseIdentifier: "line") { FollowLineView() }
        list.dataSource = source
        try list.setEndBehaviour(EndBehaviour(follows: true))
        try list.reloadData()
        try list.setViewport(Viewport(offset: 0, size: Double(listRows)))
        try poll()
    }

    /// The rows the list takes: all but the status line.
    ///
    /// - Complexity: O(1).
    public var listRows: Int { max(0, size.rows - 1) }

    /// Reads what the file gained and shows it: appended lines go at the bottom (followed
    /// while at the end, counted below otherwise); a truncated or rotated file is read again
    /// from the start; a missing one sets `message`.
    ///
    /// A poll reads at most what the file held when it began, in steps of
    /// `FollowedFile.bytesPerRefresh` and at most `maximumRefreshes` of them: bytes written
    /// meanwhile wait for the next poll, so a writer faster than the reader never keeps a
    /// poll from returning (the screen is drawn and keys are read between polls).
    ///
    /// - Parameter maximumRefreshes: The most steps read (at least 1 is).
    /// - Throws: `ListError` if the kernel refuses an update (it does not).
    /// - Complexity: O(new bytes, at most what the file held) plus the update.
    public func poll(maximumRefreshes: Int = .max) throws(ListError) {
        var refreshes = min(max(1, maximumRefreshes), file.refreshesToCatchUp)
        repeat {
            refreshes -= 1
            switch file.refresh() {
            case .unchanged:
                return
            case .missing(let text):
                message = text.hasPrefix(file.path + ": ") ? String(text.dropFirst(file.path.count + 2)) : text
                return
            case .reloaded:
                message = "truncated or replaced: read again"
                source.rebuildSections()
                try list.reloadData()
                try list.scrollToEnd()
            case .appended(let lines, let grewLast):
                if message?.hasSuffix("lines read") == true || message?.hasPrefix("truncated") == true { message = nil }
                try append(lines, grewLast: grewLast)
            }
        } while refreshes > 0 && file.hasMore
    }

    /// Whether the file holds bytes not read yet (a poll stopped at its steps).
    ///
    /// - Complexity: O(1) (one `stat`).
    public var hasUnreadBytes: Bool { file.hasMore }

    /// Shows lines `lines` appended at the end (and the last old line grown).
    ///
    /// The grown line is matched again, since it may match the section pattern only now: it
    /// then starts a new section (leaving the last one), or, as the first line of an
    /// unheaded section 0, becomes its header. A section that gains its header changes its
    /// metrics, so it is reloaded.
    private func append(_ lines: Range<Int>, grewLast: Bool) throws(ListError) {
        let last = source.sectionStarts.count - 1
        let oldLastCount = list.layout.itemCount(inSection: last) ?? 0
        let wasHeaded = source.isHeaded[last]
        let grownLine: Int? = grewLast && lines.lowerBound > 0 ? lines.lowerBound - 1 : nil
        let grownElement = grownLine.flatMap { element(ofLine: $0) }
        let added = source.addSections(for: (grownLine ?? lines.lowerBound)..<lines.upperBound)
        let newLastCount = source.list(list, numberOfItemsInSection: last)
        let reloadsLast = source.isHeaded[last] != wasHeaded
        try list.performBatchUpdates { batch in
            if reloadsLast {
                batch.reloadSections([last])
            } else if newLastCount > oldLastCount {
                batch.insertItems(at: (oldLastCount..<newLastCount).map { ItemPath(section: last, item: $0) })
            } else if newLastCount < oldLastCount {
                // The grown line now starts a section of its own.
                batch.deleteItems(at: (newLastCount..<oldLastCount).map { ItemPath(section: last, item: $0) })
            }
            if added > 0 { batch.insertSections((last + 1)..<(last + 1 + added)) }
            if !reloadsLast, case .item(let path)? = grownElement, path.item < newLastCount {
                batch.reconfigureItems(at: [path])
            }
        }
        if case .header? = grownElement { try list.reconfigure([grownElement!]) }
    }

    /// The element showing file line `line`.
    func element(ofLine line: Int) -> ListElement? {
        var low = 0, high = source.sectionStarts.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if source.sectionStarts[mid] <= line { low = mid } else { high = mid }
        }
        let start = source.sectionStarts[low]
        if source.isHeaded[low] {
            return line == start ? .header(section: low) : .item(ItemPath(section: low, item: line - start - 1))
        }
        return .item(ItemPath(section: low, item: line - start))
    }

    /// Applies one command: ↑/↓ a line, PgUp/PgDn a page, Home the top, End/G resume
    /// following, Enter folds or opens the section at the top, c/e fold or open all.
    /// Other commands do nothing here.
    ///
    /// - Throws: `ListError` if the kernel refuses a call (it does not).
    /// - Complexity: O(log n + views on screen).
    public func apply(_ command: DemoCommand) throws(ListError) {
        let page = Double(max(1, listRows - 1))
        let offset = list.viewport.offset
        switch command {
        case .moveUp: try list.scroll(to: max(0, offset - 1))
        case .moveDown: try list.scroll(to: min(list.maximumOffset, offset + 1))
        case .pageUp: try list.scroll(to: max(0, offset - page))
        case .pageDown: try list.scroll(to: min(list.maximumOffset, offset + page))
        case .moveToFirst: try list.scroll(to: 0)
        case .moveToLast: try list.scrollToEnd()
        case .activate:
            guard let section = list.layout.section(at: max(0, offset)), source.isHeaded[section] else { return }
            try list.setCollapsed(!list.isCollapsed(section: section), section: section)
        case .collapseAll, .expandAll:
            let headed = source.isHeaded.indices.filter { source.isHeaded[$0] }
            try list.setCollapsed(command == .collapseAll, sections: headed)
        default: break
        }
    }

    /// Resizes the screen; a list at the end stays there.
    ///
    /// - Complexity: O(log n) plus the pass.
    public func resize(to newSize: TerminalSize) throws(ListError) {
        size = newSize.clamped
        var viewport = list.viewport
        viewport.size = Double(listRows)
        try list.setViewport(viewport)
    }

    /// The status line: following, or paused with the count of new lines below; then a
    /// problem reading the file, the line count and the path (cut first on a narrow screen).
    ///
    /// - Complexity: O(length of the path and the message).
    public var statusText: String {
        let state = list.isAtEnd ? "following" : "paused · \(list.unseenAppended) new below · G resumes"
        return ([" " + state] + (message.map { [$0] } ?? []) + ["\(file.lineCount) lines", file.path]).joined(separator: " · ")
    }

    /// The screen: the visible lines, then the status line.
    ///
    /// - Complexity: O(rows × columns).
    public func screen() -> Screen {
        var screen = Screen(columns: size.columns, rows: size.rows)
        let rows = listRows
        let offset = list.viewport.offset
        for shown in list.displayed {
            let row = Int((shown.frame.start - offset).rounded(.down))
            guard row >= 0, row < rows, let line = shown.view.lines(width: size.columns).first else { continue }
            screen.setLine(row, line.leading, trailing: line.trailing, fill: line.fill)
        }
        if size.rows >= 1 {
            screen.setLine(rows, [StyledSpan(statusText, style: .reverse)], fill: .reverse)
        }
        return screen
    }
}
