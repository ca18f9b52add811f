import Testing
import ListKernel
import TerminalList

/// → and ← as Finder has them, in an outline and in the flat demo (a section header being
/// the group of its items), and the keys the outline keeps from the flat demo.
struct OutlineKeysTests {
    /// ▾ A (0)
    ///   ├ ▸ B (1)
    ///   │   └ C (2)
    ///   └   D (3)
    /// ▸ E (4)
    ///     └ F (5)
    static let forest: [RefNode] = [
        .group(0, "A", [.group(1, "B", expanded: false, [.leaf(2, "C")]), .leaf(3, "D")]),
        .group(4, "E", expanded: false, [.leaf(5, "F")]),
    ]

    static func session() throws -> OutlineSession { try makeOutlineSession(forest).0 }

    static func select(_ id: Int, in session: OutlineSession) throws {
        try session.apply(.moveToFirst)
        while session.selection != id {
            let before = session.selection
            try session.apply(.moveDown)
            guard session.selection != before else {
                Issue.record("\(id) is not a visible row")
                return
            }
        }
    }

    @Test func rightOnACollapsedGroupExpandsItAndAgainMovesToItsFirstChild() throws {
        let session = try OutlineKeysTests.session()
        try OutlineKeysTests.select(1, in: session)
        try session.apply(.expandOrEnter)
        #expect(session.outline.isExpanded(1) && session.selection == 1)
        #expect(session.rowTexts == ["▾ A", "├ ▾ B", "│ └   C", "└   D", "▸ E"])
        try session.apply(.expandOrEnter)
        #expect(session.selection == 2)
    }

    @Test func rightOnALeafDoesNothing() throws {
        let session = try OutlineKeysTests.session()
        try OutlineKeysTests.select(3, in: session)
        let rows = session.rowTexts
        try session.apply(.expandOrEnter)
        #expect(session.selection == 3 && session.rowTexts == rows)
    }

    @Test func leftOnAChildMovesToItsParentThenCollapsesItThenMovesToItsParent() throws {
        let session = try OutlineKeysTests.session()
        try OutlineKeysTests.select(1, in: session)
        try session.run("right right")                      // B expanded, C selected
        #expect(session.selection == 2)
        try session.apply(.collapseOrLeave)                 // C is a leaf: to its parent
        #expect(session.selection == 1 && session.outline.isExpanded(1))
        try session.apply(.collapseOrLeave)                 // B is expanded: collapse it
        #expect(session.selection == 1 && !session.outline.isExpanded(1))
        try session.apply(.collapseOrLeave)                 // B is collapsed: to its parent
        #expect(session.selection == 0 && session.outline.isExpanded(0))
        try session.apply(.collapseOrLeave)                 // A is expanded: collapse it
        #expect(session.selection == 0 && !session.outline.isExpanded(0))
        #expect(session.rowTexts == ["▸ A", "▸ E"])
        try session.apply(.collapseOrLeave)                 // A is collapsed at the top: nothing
        #expect(session.selection == 0 && session.rowTexts == ["▸ A", "▸ E"])
    }

    @Test func hAndLAreLeftAndRightInScriptsAndOnTheKeyboard() throws {
        #expect(try KeyScript.parse("right l left h") == [.expandOrEnter, .expandOrEnter, .collapseOrLeave, .collapseOrLeave])
        var interpreter = CommandInterpreter()
        #expect(interpreter.interpret(.right) == .expandOrEnter)
        #expect(interpreter.interpret(.character("l")) == .expandOrEnter)
        #expect(interpreter.interpret(.left) == .collapseOrLeave)
        #expect(interpreter.interpret(.character("h")) == .collapseOrLeave)
        let session = try OutlineKeysTests.session()
        try session.run("j l l h h")                        // to B, open, into C, out, close
        #expect(session.selection == 1 && !session.outline.isExpanded(1))
    }

    @Test func enterTogglesAGroupAndCAndECollapseAndExpandEverything() throws {
        let session = try OutlineKeysTests.session()
        try session.run("G enter")                          // E
        #expect(session.rowTexts == ["▾ A", "├ ▸ B", "└   D", "▾ E", "└   F"])
        try session.run("enter")
        #expect(session.rowTexts == ["▾ A", "├ ▸ B", "└   D", "▸ E"])
        try session.run("e")
        #expect(session.rowTexts == ["▾ A", "├ ▾ B", "│ └   C", "└   D", "▾ E", "└   F"])
        try session.run("G c")                              // F selected, then hidden: E takes it
        #expect(session.rowTexts == ["▸ A", "▸ E"] && session.selection == 4)
    }

    @Test func upAndDownStepOverALoadingRow_andRightOnALoadingGroupStays() throws {
        let forest: [RefNode] = [.lazy(0, "lazy"), .leaf(1, "after")]
        let (session, content) = try makeOutlineSession(forest)
        try session.apply(.expandOrEnter)
        #expect(content.requests.map(\.id) == [0])
        #expect(session.rowTexts == ["▾ lazy", "└   loading…", "  after"])
        try session.apply(.expandOrEnter)                   // nothing to step into yet
        #expect(session.selection == 0)
        try session.apply(.moveDown)
        #expect(session.selection == 1)
        try session.apply(.moveUp)
        #expect(session.selection == 0)
    }

    @Test func aLazyGroupThatStartsExpandedIsAskedForAtOnceAndRightOnAnEmptyGroupStays() throws {
        var lazy = RefNode.lazy(0, "lazy")
        lazy.isExpanded = true
        let (session, content) = try makeOutlineSession([lazy, .group(1, "empty", [])])
        #expect(content.requests.map(\.id) == [0])
        #expect(session.rowTexts == ["▾ lazy", "└   loading…", "▾ empty"])
        try session.run("down right")                       // expanded and empty: nothing to enter
        #expect(session.selection == 1)
    }

    @Test func findExpandsTheCollapsedGroupsAboveAMatch() throws {
        let session = try OutlineKeysTests.session()
        try session.run("/c")
        #expect(session.selection == 2 && session.outline.isExpanded(1))
        try session.run("/F")
        #expect(session.selection == 5 && session.outline.isExpanded(4))
        try session.run("/zz")
        #expect(session.selection == 5 && session.message == "no title contains \"zz\"")
    }

    // MARK: The flat demo

    static let flat = DemoList(sections: [
        DemoSection(title: "魏", items: [DemoItem(title: "张辽"), DemoItem(title: "李典")]),
        DemoSection(title: "越", items: [], collapsed: true),
    ])

    @Test func inTheFlatDemoRightOpensAFoldedSectionThenStepsIntoIt() throws {
        let session = try makeSession(OutlineKeysTests.flat, columns: 30, rows: 8)
        try session.run("left")                             // unfolded header: fold
        #expect(session.list.isCollapsed(section: 0) && session.source.selection == .header(section: 0))
        try session.run("right")                            // folded header: unfold
        #expect(!session.list.isCollapsed(section: 0) && session.source.selection == .header(section: 0))
        try session.run("right")                            // unfolded header: first item
        #expect(session.source.selection == .item(ItemPath(section: 0, item: 0)))
        try session.run("right")                            // an item: nothing
        #expect(session.source.selection == .item(ItemPath(section: 0, item: 0)))
        try session.run("down left")                        // an item: to its header
        #expect(session.source.selection == .header(section: 0))
        try session.run("down down down right")             // 越 is folded and empty: unfold it, nothing to enter
        #expect(!session.list.isCollapsed(section: 1) && session.source.selection == .header(section: 1))
        try session.run("right")
        #expect(session.source.selection == .header(section: 1))
    }
}
