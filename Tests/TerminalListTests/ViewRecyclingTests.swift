import Testing
import ListKernel
import ListKernelTesting
import TerminalList

/// The views are the kernel pool's recycled objects: few are made however far the list
/// scrolls, and each shows exactly what the model says about its element now, never what
/// it showed before (the pitfalls of seeds 000, 002 and 003).
struct ViewRecyclingTests {
    /// The text each line of `element`'s view must show, from the model (data, selection,
    /// expanded items) and the kernel's fold state, on a screen wide enough that nothing is
    /// cut.
    static func expectedText(of element: ListElement, in session: DemoSession) -> [String] {
        let data = session.source.data
        let gutter = session.source.selection == element ? "> " : "  "
        switch element {
        case .header(let section):
            let folded = session.list.isCollapsed(section: section)
            return [gutter + (folded ? "▸ " : "▾ ") + data.title(ofSection: section) + " (\(data.itemCount(inSection: section)))"]
        case .item(let path):
            let item = data.item(at: path)
            let expanded = session.source.expanded.contains(path)
            var first = gutter + "  " + item.title
            if item.detail != nil { first += expanded ? "- " : "+ " }
            guard expanded, let detail = item.detail else { return [first] }
            return [first, "      " + detail]
        case .footer:
            return ["    (no items)"]
        }
    }

    /// Problems with the displayed views: stale or wrong content, a view of the wrong class,
    /// a frame that disagrees with the layout or with the view's line count, and a selection
    /// not visible on screen.
    static func problems(in session: DemoSession) -> [String] {
        var problems: [String] = []
        let width = session.size.columns
        for shown in session.list.displayed {
            let text = shown.view.lines(width: width).map(\.text)
            let expected = expectedText(of: shown.element, in: session)
            if text != expected { problems.append("\(shown.element) shows \(text), the model says \(expected)") }
            let rightClass: Bool = switch shown.element {
            case .header: shown.view is HeaderView
            case .item: shown.view is RowView
            case .footer: shown.view is FooterView
            }
            if !rightClass { problems.append("\(shown.element) is shown by a \(type(of: shown.view))") }
            if Double(text.count) != shown.frame.extent {
                problems.append("\(shown.element) draws \(text.count) lines in a frame of \(shown.frame.extent)")
            }
            if !shown.isPinned, let frame = session.list.layout.frame(of: shown.element), frame != shown.frame {
                problems.append("\(shown.element) is drawn at \(shown.frame), laid out at \(frame)")
            }
        }
        if let selection = session.source.selection, session.listRows >= 4 {
            let marked = session.lines.prefix(session.listRows).filter { $0.hasPrefix(">") }
            let title: String = switch selection {
            case .header(let section): session.source.data.title(ofSection: section)
            case .item(let path): session.source.data.item(at: path).title
            case .footer: "a footer"
            }
            if marked.count != 1 || !marked[0].contains(title) {
                problems.append("the selection \(selection) (\(title)) is not the one marked line on screen: \(marked)")
            }
        }
        return problems
    }

    @Test func scrollingAMillionRowsMakesNoMoreViewsThanTheScreenHolds() throws {
        let session = try makeSession(.generated(sections: 10_000, itemsPerSection: 100), columns: 40, rows: 12)
        try session.run(Array(repeating: "j", count: 1_500).joined(separator: " "))
        try session.run(Array(repeating: "pgdn", count: 300).joined(separator: " "))
        try session.run("G " + Array(repeating: "pgup", count: 100).joined(separator: " ") + " g")
        let counters = session.list.pool.totalCounters
        // At most listRows rows and two headers (one pinned) are displayed at once.
        #expect(counters.created <= session.listRows + 2, "\(counters)")
        #expect(counters.reused >= 1_500 + 300, "\(counters)")
        #expect(ViewRecyclingTests.problems(in: session).isEmpty)
    }

    @Test func foldingEverythingMakesOnlyTheHeadersAFullScreenNeeds() throws {
        let session = try makeSession(.generated(sections: 200, itemsPerSection: 20), columns: 40, rows: 12)
        try session.run("pgdn pgdn c pgdn pgdn pgdn e pgdn c g e G")
        let counters = session.list.pool.totalCounters
        // A folded screen is all headers, an unfolded one mostly rows: each kind needs at
        // most a screenful, plus one under a pinned header.
        #expect(counters.created <= 2 * (session.listRows + 1), "\(counters)")
        #expect(ViewRecyclingTests.problems(in: session).isEmpty)
    }

    @Test func anExpandedRowStaysExpandedAfterItsViewIsRecycledAndNoOtherRowArrivesExpanded() throws {
        let session = try makeSession(.generated(sections: 2, itemsPerSection: 40), columns: 60, rows: 10)
        try session.run("j enter")
        let expandedView = try #require(session.list.view(for: .item(ItemPath(section: 0, item: 0))) as? RowView)
        #expect(expandedView.isExpanded)
        // Far enough that every view of the first screen is recycled, several times.
        try session.run(Array(repeating: "j", count: 60).joined(separator: " "))
        #expect(session.list.view(for: .item(ItemPath(section: 0, item: 0))) == nil)
        #expect(session.list.displayed.allSatisfy { ($0.view as? RowView)?.isExpanded != true })
        #expect(ViewRecyclingTests.problems(in: session).isEmpty)
        try session.run("g")
        let again = try #require(session.list.view(for: .item(ItemPath(section: 0, item: 0))) as? RowView)
        #expect(again.isExpanded && again.detail == "Detail of row 0.0")
        #expect(session.source.expanded == [ItemPath(section: 0, item: 0)])
        #expect(ViewRecyclingTests.problems(in: session).isEmpty)
    }

    @Test func aRecycledHeaderShowsItsOwnSectionsTitleCountAndArrow() throws {
        // Seeds 000 and 003: a dequeued header must not keep the previous section's arrow
        // or title. Fold the first section, then scroll until its header view is reused.
        let session = try makeSession(.builtIn, columns: 60, rows: 8)
        try session.run("enter")
        let foldedHeader = try #require(session.list.view(for: .header(section: 0)) as? HeaderView)
        #expect(foldedHeader.isCollapsed && foldedHeader.title == "000 Apple Products › iPhone")
        try session.run(Array(repeating: "j", count: 20).joined(separator: " "))
        let reusedFor = session.list.displayed.first { $0.view === foldedHeader }
        let element = try #require(reusedFor?.element, "the folded header's view was not reused")
        #expect(element != .header(section: 0))
        #expect(ViewRecyclingTests.problems(in: session).isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xC0FFEE])
    func randomSessionsNeverShowStaleContent(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let lists: [(name: String, data: DemoList)] = [
            ("builtIn", .builtIn),
            ("generated 40x12", .generated(sections: 40, itemsPerSection: 12)),
            ("seed 003", DemoList(sections: DemoSeed.all[3].sections)),
        ]
        for (name, data) in lists {
            let session = try makeSession(data, columns: 70, rows: 12)
            var log: [String] = []
            for step in 0..<300 {
                let roll = random.below(100)
                if roll < 3 {
                    let size = TerminalSize(columns: random.int(in: 60...100), rows: random.int(in: 6...20))
                    log.append("resize \(size)")
                    try session.resize(to: size)
                } else {
                    let command: DemoCommand = switch roll {
                    case ..<30: .moveDown
                    case ..<45: .moveUp
                    case ..<52: .pageDown
                    case ..<58: .pageUp
                    case ..<61: .moveToFirst
                    case ..<64: .moveToLast
                    case ..<88: .activate
                    case ..<91: .collapseAll
                    case ..<94: .expandAll
                    default: .search(ViewRecyclingTests.randomFragment(of: data, &random))
                    }
                    log.append(command.description)
                    try session.apply(command)
                }
                let problems = ViewRecyclingTests.problems(in: session)
                #expect(problems.isEmpty,
                        "seed \(seed), list \(name), step \(step): \(problems.prefix(3)); reproduce with: \(log.joined(separator: " "))")
                if !problems.isEmpty { return }
            }
        }
    }

    /// Two characters of a random title (any section's or item's), to search for.
    static func randomFragment(of data: DemoList, _ random: inout SplitMix64) -> String {
        let section = random.below(data.sectionCount)
        let count = data.itemCount(inSection: section)
        let title = count > 0 && random.chance(3, in: 4)
            ? data.item(at: ItemPath(section: section, item: random.below(count))).title
            : data.title(ofSection: section)
        let characters = Array(title.filter { $0 != " " })
        let start = random.below(max(1, characters.count - 1))
        return String(characters[start..<min(characters.count, start + 2)])
    }
}
