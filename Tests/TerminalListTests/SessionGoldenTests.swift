import Testing
import ListKernel
import TerminalList

/// Scripted sessions compared with screens written by hand from the model: what the seeds
/// contain, one row per point, the pinned-header rule, and the reuse pool's counting. Each
/// expected line is composed by `line(_:_:columns:)` with the tests' own width table.
struct SessionGoldenTests {
    static let help60 = " ↑↓ PgUp/Dn g/G · enter fold/open · c/e all · /find · q quit"
    static let help80 = " ↑↓ move · PgUp/Dn page · g/G ends · enter fold/open · c/e all · / find · q quit"

    @Test func theFirstScreenShowsTheFirstSectionsWithTheFirstHeaderSelected() throws {
        let session = try makeSession(.builtIn, columns: 60, rows: 16)
        let c = 60
        expectScreen(session.lines, [
            line("> ▾ 000 Apple Products › iPhone (3)", columns: c),
            line("    iPhone 15 Pro", "+ ", columns: c),
            line("    iPhone 15", "+ ", columns: c),
            line("    iPhone SE", "+ ", columns: c),
            line("  ▾ 000 Apple Products › iPad (3)", columns: c),
            line("    iPad Pro", "+ ", columns: c),
            line("    iPad Air", "+ ", columns: c),
            line("    iPad mini", "+ ", columns: c),
            line("  ▾ 000 Apple Products › Mac (4)", columns: c),
            line("    MacBook Air", "+ ", columns: c),
            line("    MacBook Pro", "+ ", columns: c),
            line("    Mac mini", "+ ", columns: c),
            line("    Mac Studio", "+ ", columns: c),
            line("  ▾ 000 Apple Products › Watch (2)", columns: c),
            // 17 headers + 28 rows of the unfolded seeds 000–002 = 45 lines; 14 views made.
            line(" 17 sections · 46 rows · 1-14/45 · views 14/0", "0.0 µs ", columns: c),
            line(SessionGoldenTests.help60, columns: c),
        ], "first screen")
    }

    @Test func downDownEnterExpandsTheSecondIPhoneAndPushesTheRestDown() throws {
        let session = try makeSession(.builtIn, columns: 60, rows: 16)
        try session.run("down down enter")
        let c = 60
        expectScreen(session.lines, [
            line("  ▾ 000 Apple Products › iPhone (3)", columns: c),
            line("    iPhone 15 Pro", "+ ", columns: c),
            line(">   iPhone 15", "- ", columns: c),
            line("      A16 Bionic, Dynamic Island", columns: c),
            line("    iPhone SE", "+ ", columns: c),
            line("  ▾ 000 Apple Products › iPad (3)", columns: c),
            line("    iPad Pro", "+ ", columns: c),
            line("    iPad Air", "+ ", columns: c),
            line("    iPad mini", "+ ", columns: c),
            line("  ▾ 000 Apple Products › Mac (4)", columns: c),
            line("    MacBook Air", "+ ", columns: c),
            line("    MacBook Pro", "+ ", columns: c),
            line("    Mac mini", "+ ", columns: c),
            line("    Mac Studio", "+ ", columns: c),
            // One line more of content; the Watch header left, nothing new was needed.
            line(" 17 sections · 46 rows · 1-14/46 · views 14/0", "0.0 µs ", columns: c),
            line(SessionGoldenTests.help60, columns: c),
        ], "after down down enter")
        #expect(session.source.expanded == [ItemPath(section: 0, item: 1)])
        #expect(session.list.layout.itemExtent(at: ItemPath(section: 0, item: 1)) == 2)
    }

    @Test func enterOnAHeaderFoldsItsSectionAndEnterAgainUnfoldsIt() throws {
        let session = try makeSession(.builtIn, columns: 60, rows: 8)
        let c = 60
        let unfolded = [
            line("> ▾ 000 Apple Products › iPhone (3)", columns: c),
            line("    iPhone 15 Pro", "+ ", columns: c),
            line("    iPhone 15", "+ ", columns: c),
            line("    iPhone SE", "+ ", columns: c),
            line("  ▾ 000 Apple Products › iPad (3)", columns: c),
            line("    iPad Pro", "+ ", columns: c),
        ]
        expectScreen(session.lines, unfolded + [
            line(" 17 sections · 46 rows · 1-6/45 · views 6/0", "0.0 µs ", columns: c),
            line(SessionGoldenTests.help60, columns: c),
        ], "before folding")

        try session.run("enter")
        expectScreen(session.lines, [
            line("> ▸ 000 Apple Products › iPhone (3)", columns: c),
            line("  ▾ 000 Apple Products › iPad (3)", columns: c),
            line("    iPad Pro", "+ ", columns: c),
            line("    iPad Air", "+ ", columns: c),
            line("    iPad mini", "+ ", columns: c),
            line("  ▾ 000 Apple Products › Mac (4)", columns: c),
            // The three iPhone rows went to the pool; iPad Air and mini reused two of them,
            // the Mac header had none to reuse.
            line(" 17 sections · 46 rows · 1-6/42 · views 7/2", "0.0 µs ", columns: c),
            line(SessionGoldenTests.help60, columns: c),
        ], "folded")

        try session.run("enter")
        expectScreen(session.lines, unfolded + [
            // The three iPhone rows come back from the pool.
            line(" 17 sections · 46 rows · 1-6/45 · views 7/5", "0.0 µs ", columns: c),
            line(SessionGoldenTests.help60, columns: c),
        ], "unfolded again")
    }

    @Test func expandingACellWrapsItsDetailAndTheRowsBelowMoveDown() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[2].sections), columns: 30, rows: 8)
        let c = 30
        let folded = [
            line("  ▾ ヘッダー 1: 果物 (3)", columns: c),
            line(">   りんご", "+ ", columns: c),
            line("    みかん", "+ ", columns: c),
            line("    ぶどう", "+ ", columns: c),
            line("  ▾ ヘッダー 2: 野菜 (2)", columns: c),
            line("    にんじん", "+ ", columns: c),
        ]
        try session.run("down")
        expectScreen(Array(session.lines.prefix(6)), folded, "before expanding")

        try session.run("enter")
        // The detail wraps at 30 - 6 - 1 = 23 columns, after the space.
        expectScreen(session.lines, [
            line("  ▾ ヘッダー 1: 果物 (3)", columns: c),
            line(">   りんご", "- ", columns: c),
            line("      サブビュー:", columns: c),
            line("      青森県産、秋が旬", columns: c),
            line("    みかん", "+ ", columns: c),
            line("    ぶどう", "+ ", columns: c),
            line(" 3 sections · 7 rows …", "0.0 µs ", columns: c),
            line(" ↑↓ PgUp/Dn g/G · enter · c/e…", columns: c),
        ], "expanded")
        #expect(session.status == DemoStatus(sections: 3, rows: 7, firstLine: 1, lastLine: 6, contentLines: 12,
                                             viewsCreated: 6, viewsReused: 0, kernelNanoseconds: 0))

        try session.run("enter")
        expectScreen(Array(session.lines.prefix(6)), folded, "contracted")
        #expect(session.status.contentLines == 10)
        #expect(session.status.viewsReused == 2)  // the second header and にんじん came back
    }

    @Test func aResizeMeasuresExpandedRowsAgainAtTheNewWidth() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[2].sections), columns: 60, rows: 8)
        try session.run("down enter")
        #expect(session.list.layout.itemExtent(at: ItemPath(section: 0, item: 0)) == 2)
        try session.resize(to: TerminalSize(columns: 30, rows: 8))
        #expect(session.list.layout.itemExtent(at: ItemPath(section: 0, item: 0)) == 3)
        #expect(session.lines[3] == line("      青森県産、秋が旬", columns: 30))
        try session.resize(to: TerminalSize(columns: 30, rows: 4))
        #expect(session.listRows == 2)
        #expect(session.lines[0] == line("  ▾ ヘッダー 1: 果物 (3)", columns: 30))
        #expect(session.lines[1] == line(">   りんご", "- ", columns: 30))
    }

    @Test func scrollingFarAndBackKeepsTheSectionHeaderPinned() throws {
        let session = try makeSession(.generated(sections: 3, itemsPerSection: 30), columns: 30, rows: 8)
        let c = 30
        let first = [
            line("> ▾ Section 0 (30)", columns: c),
            line("    Row 0.0", "+ ", columns: c),
            line("    Row 0.1", columns: c),
            line("    Row 0.2", columns: c),
            line("    Row 0.3", columns: c),
            line("    Row 0.4", columns: c),
        ]
        expectScreen(Array(session.lines.prefix(6)), first, "first screen")

        try session.run(Array(repeating: "j", count: 10).joined(separator: " "))
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ Section 0 (30)", columns: c),  // pinned over Row 0.4
            line("    Row 0.5", columns: c),
            line("    Row 0.6", columns: c),
            line("    Row 0.7", columns: c),
            line("    Row 0.8", columns: c),
            line(">   Row 0.9", columns: c),
        ], "ten rows down")
        #expect(session.status.firstLine == 6)

        try session.run(Array(repeating: "j", count: 25).joined(separator: " "))
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ Section 0 (30)", columns: c),  // pushed up by section 1, over Row 0.29
            line("  ▾ Section 1 (30)", columns: c),
            line("    Row 1.0", "+ ", columns: c),
            line("    Row 1.1", columns: c),
            line("    Row 1.2", columns: c),
            line(">   Row 1.3", columns: c),
        ], "into the second section")
        #expect(session.list.displayed.contains { $0.element == .header(section: 0) && $0.isPinned })

        try session.run("pgdn")
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ Section 1 (30)", columns: c),
            line("    Row 1.4", columns: c),
            line("    Row 1.5", columns: c),
            line("    Row 1.6", columns: c),
            line("    Row 1.7", columns: c),
            line(">   Row 1.8", columns: c),
        ], "a page down")

        try session.run("G")
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ Section 2 (30)", columns: c),
            line("    Row 2.25", columns: c),
            line("    Row 2.26", columns: c),
            line("    Row 2.27", columns: c),
            line("    Row 2.28", columns: c),
            line(">   Row 2.29", columns: c),
        ], "the end")
        #expect(session.status.firstLine == 88 && session.status.lastLine == 93 && session.status.contentLines == 93)

        try session.run("g")
        expectScreen(Array(session.lines.prefix(6)), first, "back at the top")
        #expect(session.list.viewport.offset == 0)
    }

    @Test func theEmptySectionShowsItsHeaderAndFoldsAndUnfoldsCleanly() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[3].sections), columns: 50, rows: 8)
        let c = 50
        let blank = line("", columns: c)
        let help = line(" ↑↓ PgUp/Dn g/G · enter · c/e · / · q", columns: c)
        expectScreen(session.lines, [
            line("> ▸ 魏 (3)", columns: c),
            line("  ▸ 蜀 (3)", columns: c),
            line("  ▸ 吴 (3)", columns: c),
            line("  ▸ 越 (0)", columns: c),
            blank, blank,
            line(" 4 sections · 9 rows · 1-4/4 · views 4/0", "0.0 µs ", columns: c),
            help,
        ], "all folded")

        try session.run("G enter")
        let foldedAtYue = [
            line("  ▸ 魏 (3)", columns: c),
            line("  ▸ 蜀 (3)", columns: c),
            line("  ▸ 吴 (3)", columns: c),
        ]
        expectScreen(session.lines, foldedAtYue + [
            line("> ▾ 越 (0)", columns: c),
            line("    (no items)", columns: c),
            blank,
            line(" 4 sections · 9 rows · 1-5/5 · views 5/0", "0.0 µs ", columns: c),
            help,
        ], "越 unfolded: its footer says it is empty")

        try session.run("enter")
        expectScreen(session.lines, foldedAtYue + [
            line("> ▸ 越 (0)", columns: c),
            blank, blank,
            line(" 4 sections · 9 rows · 1-4/4 · views 5/0", "0.0 µs ", columns: c),
            help,
        ], "越 folded again")

        // Unfold everything: the selection stays on 越. Unfolding shows 张辽, 李典, 曹洪 and
        // 关羽 (four rows made; 吴's and 越's headers go to the pool). Scrolling to 越, with
        // room left for its footer, which pins at the bottom edge, recycles three rows for
        // 周瑜, 鲁肃, 黄盖, the two headers for 吴 and 越, and the pooled footer (six reused).
        try session.run("e")
        expectScreen(session.lines, [
            line("  ▾ 吴 (3)", columns: c),
            line("    周瑜", columns: c),
            line("    鲁肃", columns: c),
            line("    黄盖", columns: c),
            line("> ▾ 越 (0)", columns: c),
            line("    (no items)", columns: c),
            line(" 4 sections · 9 rows · 9-14/14 · views 9/6", "0.0 µs ", columns: c),
            help,
        ], "everything unfolded")
    }

    @Test func searchUnfoldsTheSectionOfTheMatchAndWrapsAround() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[3].sections), columns: 48, rows: 8)
        let c = 48
        try session.run("/张")
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ 魏 (3)", columns: c),
            line(">   张辽", columns: c),
            line("    李典", columns: c),
            line("    曹洪", columns: c),
            line("  ▸ 蜀 (3)", columns: c),
            line("  ▸ 吴 (3)", columns: c),
        ], "first match")

        try session.run("/张")
        expectScreen(Array(session.lines.prefix(6)), [
            line("  ▾ 魏 (3)", columns: c),  // pinned over 张辽
            line("    李典", columns: c),
            line("    曹洪", columns: c),
            line("  ▾ 蜀 (3)", columns: c),
            line("    关羽", columns: c),
            line(">   张飞", columns: c),
        ], "second match, in the next folded section")

        try session.run("/nobody")
        #expect(session.lines[5] == line(">   张飞", columns: c))
        #expect(session.lines[7] == line(" no title contains \"nobody\"", columns: c))

        try session.run("/魏")
        #expect(session.source.selection == .header(section: 0))
        #expect(session.lines[0] == line("> ▾ 魏 (3)", columns: c))
        #expect(session.lines[7] == line(" ↑↓ PgUp/Dn g/G · enter · c/e · / · q", columns: c))
    }

    @Test func aMillionRowListReachesItsEndWithAHandfulOfViews() throws {
        let session = try makeSession(.generated(sections: 10_000, itemsPerSection: 100), columns: 100, rows: 8)
        try session.run("G")
        let c = 100
        // Section 9999 starts at line 9999 × 101; its last row ends the content at 1,010,000.
        // The six views of the first screen were all recycled, and one more row was needed
        // for the row under the pinned header.
        expectScreen(session.lines, [
            line("  ▾ Section 9999 (100)", columns: c),
            line("    Row 9999.95", columns: c),
            line("    Row 9999.96", columns: c),
            line("    Row 9999.97", columns: c),
            line("    Row 9999.98", columns: c),
            line(">   Row 9999.99", columns: c),
            line(" 10000 sections · 1000000 rows · lines 1009995-1010000 of 1010000 · views 7 new, 6 reused",
                 "0.0 µs ", columns: c),
            line(SessionGoldenTests.help80, columns: c),
        ], "the end of a million rows")
    }

    @Test func emojiAndWideTitlesAreCutWithoutSplittingACharacter() throws {
        let data = DemoList(sections: [DemoSection(title: "🍎 果物 fruit", items: [
            DemoItem(title: "🍇 ぶどう grapes", detail: "🍷 ワイン"),
            DemoItem(title: "🍓 いちご"),
        ])])
        let expectations: [(columns: Int, lines: [String])] = [
            (24, [line("> ▾ 🍎 果物 fruit (2)", columns: 24),
                  line("    🍇 ぶどう grapes", "+ ", columns: 24),
                  line("    🍓 いちご", columns: 24)]),
            (20, [line("> ▾ 🍎 果物 fru… (2)", columns: 20),
                  line("    🍇 ぶどう gra…", "+ ", columns: 20),
                  line("    🍓 いちご", columns: 20)]),
            // 果 would straddle the cut: a space takes its place after the ellipsis.
            (13, [line("> ▾ 🍎 …  (2)", columns: 13),
                  line("    🍇 ぶ… ", "+ ", columns: 13),
                  line("    🍓 いちご", columns: 13)]),
        ]
        for (columns, expected) in expectations {
            let session = try makeSession(data, columns: columns, rows: 6)
            expectScreen(Array(session.lines.prefix(3)), expected, "\(columns) columns")
        }
    }
}
