import Testing
import ListKernel
import TerminalList

/// The tree guides: written by hand for one tree, then checked against the nested-values
/// oracle (``referenceRows(_:)``) for every forest of up to five nodes in every expansion
/// state; and their width with CJK and emoji titles.
struct TreeGuidesTests {
    @Test func theGuidesOfASmallTreeAreTheOnesAPersonDraws() throws {
        let forest: [RefNode] = [
            .group(0, "Documents", [
                .leaf(1, "Notes.txt"),
                .group(2, "Photos", [.leaf(3, "a.jpg"), .group(4, "2024", [.leaf(5, "b.jpg")])]),
                .group(6, "Music", expanded: false, [.leaf(7, "x")]),
            ]),
            .group(8, "Other", [.leaf(9, "y"), .group(10, "Last", [.leaf(11, "z")])]),
        ]
        let (session, _) = try makeOutlineSession(forest)
        #expect(session.rowTexts == [
            "▾ Documents",
            "├   Notes.txt",
            "├ ▾ Photos",
            "│ ├   a.jpg",
            "│ └ ▾ 2024",
            "│   └   b.jpg",
            "└ ▸ Music",
            "▾ Other",
            "├   y",
            "└ ▾ Last",
            "  └   z",
        ])
        #expect(session.rowTexts == referenceRows(forest).map(\.description))
        #expect(TreeGuides.guides(of: 5, in: session.outline) == "│   └ ")
        #expect(TreeGuides.continuation(of: 5, in: session.outline) == "│     ")
        #expect(TreeGuides.guides(of: 7, in: session.outline) == "  └ ", "a hidden node has guides too")
    }

    /// Every forest of `count` nodes as preorder depth lists: each depth at most one more
    /// than the one before, the first 0.
    static func depthLists(count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        var lists: [[Int]] = [[0]]
        for _ in 1..<count {
            lists = lists.flatMap { list in (0...(list.last! + 1)).map { list + [$0] } }
        }
        return lists
    }

    /// The forest of a depth list: a node is a group when a deeper node follows it; groups
    /// are expanded by `mask` (bit i: node i).
    static func forest(depths: [Int], mask: Int) -> [RefNode] {
        var path: [RefNode] = []          // the open nodes, outermost first
        var roots: [RefNode] = []
        func close(to depth: Int) {
            while path.count > depth {
                let node = path.removeLast()
                if path.isEmpty { roots.append(node) } else { path[path.count - 1].children!.append(node) }
            }
        }
        for (index, depth) in depths.enumerated() {
            close(to: depth)
            let isGroup = index + 1 < depths.count && depths[index + 1] > depth
            path.append(RefNode(id: index, title: "n\(index)", children: isGroup ? [] : nil,
                                isExpanded: isGroup && mask & (1 << index) != 0))
        }
        close(to: 0)
        return roots
    }

    @Test func everySmallForestInEveryExpansionStateShowsTheGuidesOfTheOracle() throws {
        var checked = 0
        for count in 1...5 {
            for depths in TreeGuidesTests.depthLists(count: count) {
                for mask in 0..<(1 << count) {
                    // Only masks over groups are different states.
                    let groups = depths.indices.filter { $0 + 1 < depths.count && depths[$0 + 1] > depths[$0] }
                    guard mask & ~groups.reduce(0, { $0 | (1 << $1) }) == 0 else { continue }
                    let forest = TreeGuidesTests.forest(depths: depths, mask: mask)
                    let (session, _) = try makeOutlineSession(forest, columns: 40, rows: 10)
                    let expected = referenceRows(forest).map(\.description)
                    #expect(session.rowTexts == expected, "depths \(depths), expanded mask \(mask)")
                    checked += 1
                }
            }
        }
        // Σ over the forests of n nodes of 2^(groups): 1, 3, 11, 45 and 197 for n = 1…5.
        #expect(checked == 1 + 3 + 11 + 45 + 197, "forests × expansion states of 1…5 nodes")
    }

    // MARK: Width

    @Test(arguments: [
        // (title, depth, width, the row's first line): gutter 2 + guides 2 a level + arrow 2,
        // then the title in what is left, cut with "…"; a wide character that would
        // straddle the edge is left out and a space takes its column.
        ("三国演义的人物列表", 1, 20, "  └   三国演义的人… "),     // 14 columns: six characters, "…", a space
        ("三国演义的人物列表", 1, 13, "  └   三国演…"),           // 7 columns: three characters and "…"
        ("ファイル", 2, 14, "    └   ファ… "),                  // 6 columns: two characters, "…", a space
        ("👍 done", 0, 9, ">   👍 d…"),                       // the first row is the selection
        ("short", 3, 20, "      └   short"),
    ] as [(String, Int, Int, String)])
    func wideTitlesAreCutToTheWidthWithoutSplittingACharacter(title: String, depth: Int, width: Int, expected: String) throws {
        // A chain of `depth` groups above the node, each the last child of its parent.
        var node = RefNode.leaf(depth, title)
        for level in stride(from: depth - 1, through: 0, by: -1) { node = .group(level, "g\(level)", [node]) }
        let (session, _) = try makeOutlineSession([node], columns: width, rows: depth + 4)
        let row = try #require(session.list.displayed.first { $0.element == .item(ItemPath(section: 0, item: depth)) })
        let text = try #require(row.view.lines(width: width).first?.text)
        // The view's line is never wider than the screen, and exactly as wide when cut.
        #expect(text == expected)
        #expect(referenceWidth(of: text) <= width && DisplayWidth.columns(of: text) == referenceWidth(of: text))
        if expected.contains("…") { #expect(referenceWidth(of: text) == width) }
    }

    @Test func everyLineOfADeepCJKTreeIsExactlyTheScreenWide() throws {
        var node = RefNode.leaf(30, "最后的文件👍")
        for level in stride(from: 29, through: 0, by: -1) { node = .group(level, "第\(level)层フォルダ", [node, .leaf(100 + level, "ファイル\(level)")]) }
        for width in [8, 17, 40, 61, 80] {
            let (session, _) = try makeOutlineSession([node], columns: width, rows: 70)
            for shown in session.list.displayed {
                for viewLine in shown.view.lines(width: width) {
                    #expect(referenceWidth(of: viewLine.text) <= width, "\(viewLine.text) at \(width)")
                }
            }
            for screenLine in session.lines { #expect(referenceWidth(of: screenLine) == width) }
        }
    }
}
