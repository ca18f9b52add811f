import Testing
import ListKernel
import TerminalList

/// A recycled outline row never keeps what it showed for another node: its indentation,
/// its disclosure arrow, or a placeholder's "loading…" (the seeds' stale-state bug one
/// level down). First on the view objects, then through the kernel's reuse pool.
struct OutlineReuseTests {
    static func firstLine(_ view: OutlineRowView, width: Int = 30) -> String {
        view.lines(width: width).first?.text ?? ""
    }

    // MARK: The view objects

    @Test func aRowReusedForAShallowerNodeKeepsNoneOfTheDeeperNodesIndentation() {
        let view = OutlineRowView()
        view.configureNode(guides: "│ │ ├ ", arrow: .none, title: "deep", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        #expect(OutlineReuseTests.firstLine(view) == "  │ │ ├   deep")
        view.prepareForReuse()
        view.configureNode(guides: "", arrow: .none, title: "top", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        #expect(OutlineReuseTests.firstLine(view) == "    top")
        // Configure alone is complete too: no prepareForReuse between two nodes.
        view.configureNode(guides: "  └ ", arrow: .none, title: "deep again", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        view.configureNode(guides: "├ ", arrow: .none, title: "one level", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        #expect(OutlineReuseTests.firstLine(view) == "  ├   one level")
    }

    @Test func aGroupsRowReusedForALeafShowsNoArrow() {
        let view = OutlineRowView()
        view.configureNode(guides: "├ ", arrow: .expanded, title: "Photos", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: true)
        #expect(OutlineReuseTests.firstLine(view) == "> ├ ▾ Photos")
        view.configureNode(guides: "├ ", arrow: .none, title: "a.jpg", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        #expect(OutlineReuseTests.firstLine(view) == "  ├   a.jpg")
        view.configureNode(guides: "", arrow: .collapsed, title: "Music", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        view.prepareForReuse()
        #expect(view.arrow == .none && view.guides.isEmpty && view.title.isEmpty)
    }

    @Test func aPlaceholdersRowReusedForANodeShowsNoLoadingText_andTheReverseShowsNoTitle() {
        let view = OutlineRowView()
        view.configurePlaceholder(guides: "│ └ ")
        #expect(OutlineReuseTests.firstLine(view) == "  │ └   loading…")
        view.configureNode(guides: "└ ", arrow: .collapsed, title: "Music", note: nil, detail: nil,
                           detailGuides: "", isDetailShown: false, isSelected: false)
        #expect(!OutlineReuseTests.firstLine(view).contains("loading"))
        #expect(OutlineReuseTests.firstLine(view) == "  └ ▸ Music")
        view.configureNode(guides: "", arrow: .none, title: "Readme", note: "(a note)", detail: "d",
                           detailGuides: "", isDetailShown: true, isSelected: true)
        view.configurePlaceholder(guides: "└ ")
        #expect(view.lines(width: 30).map(\.text) == ["  └   loading…"])
    }

    // MARK: Through the kernel's reuse pool

    /// Problems with the displayed views: a row whose view shows other guides, another
    /// arrow, another title or "loading…" than the reference says.
    static func problems(in session: OutlineSession, reference: [RefNode]) -> [String] {
        let rows = referenceRows(reference)
        var problems: [String] = []
        for shown in session.list.displayed {
            guard case .item(let path) = shown.element, path.item < rows.count else {
                problems.append("\(shown.element) is not a reference row")
                continue
            }
            let expected = rows[path.item]
            let view = shown.view
            var text = view.lines(width: session.size.columns).first?.text ?? ""
            text.removeFirst(2)
            while text.last == " " { text.removeLast() }
            if text != expected.description { problems.append("row \(path.item) shows \(String(reflecting: text)), the reference \(String(reflecting: expected.description))") }
            if view.isPlaceholder != expected.isPlaceholder { problems.append("row \(path.item): placeholder \(view.isPlaceholder)") }
            if !expected.isPlaceholder, text.contains(OutlineRowView.loadingText) { problems.append("row \(path.item) (node \(expected.id)) says loading") }
        }
        return problems
    }

    /// Groups of deep chains between shallow leaves, so a recycled view goes from a deep
    /// row to a shallow one and from a group to a leaf again and again.
    static func zigzag() -> [RefNode] {
        var forest: [RefNode] = []
        var id = 0
        for block in 0..<6 {
            var chain = RefNode.leaf(id, "leaf \(block)")
            id += 1
            for level in 0..<(block % 3 + 2) {
                chain = .group(id, "g\(block).\(level)", [chain, .leaf(id + 1, "f\(block).\(level)")])
                id += 2
            }
            forest.append(chain)
            forest.append(.leaf(id, "top \(block)"))
            id += 1
        }
        return forest
    }

    @Test func scrollingThroughDeepAndShallowRowsRecyclesViewsThatShowOnlyTheirOwnRow() throws {
        let forest = OutlineReuseTests.zigzag()
        let (session, _) = try makeOutlineSession(forest, columns: 40, rows: 7)
        var steps = 0
        for command in Array(repeating: DemoCommand.moveDown, count: 60) + Array(repeating: .moveUp, count: 60) + [.pageDown, .pageDown, .pageUp] {
            try session.apply(command)
            steps += 1
            let problems = OutlineReuseTests.problems(in: session, reference: forest)
            #expect(problems.isEmpty, "after \(steps) commands: \(problems)")
            if !problems.isEmpty { break }
        }
        #expect(session.list.pool.totalCounters.reused > 50, "views were recycled")
    }

    @Test func collapsingAndExpandingChangesArrowsOnRecycledViewsAndNoOther() throws {
        var forest = OutlineReuseTests.zigzag()
        let (session, _) = try makeOutlineSession(forest, columns: 40, rows: 7)
        for (index, group) in forest.enumerated() where group.children != nil {
            try OutlineKeysTests.select(group.id, in: session)
            try session.apply(.collapseOrLeave)
            forest[index].isExpanded = false
            #expect(OutlineReuseTests.problems(in: session, reference: forest).isEmpty)
        }
        try session.run("g e")
        for index in forest.indices where forest[index].children != nil { forest[index].isExpanded = true }
        #expect(OutlineReuseTests.problems(in: session, reference: forest).isEmpty)
    }

    /// Applies `body` to the node `id` of `forest`.
    static func update(_ forest: inout [RefNode], _ id: Int, _ body: (inout RefNode) -> Void) {
        for index in forest.indices {
            if forest[index].id == id { body(&forest[index]); return }
            if forest[index].children != nil { update(&forest[index].children!, id, body) }
        }
    }

    @Test func aRecycledLoadingRowShowsItsNewOwnersGuidesAndNoNodeRowEverSaysLoading() throws {
        // ▾ root ─ lazy a, lazy b, leaf c; b's child d is lazy too.
        var forest: [RefNode] = [.group(0, "root", [.lazy(1, "a"), .lazy(2, "b"), .leaf(3, "c")])]
        let (session, content) = try makeOutlineSession(forest, columns: 40, rows: 12)
        func check(_ what: String) {
            let problems = OutlineReuseTests.problems(in: session, reference: forest)
            #expect(problems.isEmpty, "\(what): \(problems)")
        }
        try session.run("down right")                       // a: loading
        OutlineReuseTests.update(&forest, 1) { $0.isExpanded = true; $0.isLoading = true }
        check("a loading")
        content.finish(1, with: [(10, "a1", false)])
        try session.deliverFinishedLoads()
        OutlineReuseTests.update(&forest, 1) { $0.isLoading = false; $0.isLazy = false; $0.children = [.leaf(10, "a1")] }
        check("a loaded")
        try session.run("down down right")                  // b: loading; the placeholder view comes back from the pool
        OutlineReuseTests.update(&forest, 2) { $0.isExpanded = true; $0.isLoading = true }
        check("b loading")
        content.finish(2, with: [(20, "d", true)])
        try session.deliverFinishedLoads()
        OutlineReuseTests.update(&forest, 2) { $0.isLoading = false; $0.isLazy = false; $0.children = [.lazy(20, "d")] }
        check("b loaded")
        try session.run("down right")                       // d, one deeper: loading
        OutlineReuseTests.update(&forest, 20) { $0.isExpanded = true; $0.isLoading = true }
        check("d loading")
        content.fail(20, note: "(unreadable: test)")
        try session.deliverFinishedLoads()
        OutlineReuseTests.update(&forest, 20) { $0.isExpanded = false; $0.isLoading = false }
        #expect(session.rowTexts.contains("│ └ ▸ d (unreadable: test)"))
        #expect(!session.rowTexts.contains { $0.contains("loading") })
        #expect(session.list.pool.totalCounters.reused > 0)
    }
}
