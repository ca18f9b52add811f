import Testing
import ListKernel
import TerminalList

/// Smaller facts about the session: timing, edges of navigation, an empty list, wrapping,
/// the status line's formats.
struct SessionBehaviourTests {
    @Test func theStatusLineShowsTheKernelTimeOfTheLastCommandOnly() throws {
        var now: UInt64 = 0
        // Every clock reading advances 1.5 µs, so each timed block of kernel calls costs 1.5 µs.
        let session = try DemoSession(data: .builtIn, size: TerminalSize(columns: 60, rows: 16), clock: {
            now += 1_500
            return now
        })
        try session.run("down")
        // One block to reconfigure the old and new selection, one to keep it visible.
        #expect(session.lastKernelNanoseconds == 3_000)
        #expect(session.lines[14].hasSuffix(" 3.0 µs "))
        try session.run("/nowhere")
        // A search that finds nothing makes no kernel call (the scan is of the model).
        #expect(session.lastKernelNanoseconds == 0)
        try session.run("enter")
        #expect(session.lastKernelNanoseconds == 3_000)
    }

    @Test func theTimeIsPrintedInMicrosecondsOrMilliseconds() {
        #expect(DemoStatus.format(nanoseconds: 0) == "0.0 µs")
        #expect(DemoStatus.format(nanoseconds: 840) == "0.8 µs")
        #expect(DemoStatus.format(nanoseconds: 12_345) == "12.3 µs")
        #expect(DemoStatus.format(nanoseconds: 99_949) == "99.9 µs")
        #expect(DemoStatus.format(nanoseconds: 100_000) == "100 µs")
        #expect(DemoStatus.format(nanoseconds: 9_999_400) == "9999 µs")
        #expect(DemoStatus.format(nanoseconds: 10_000_000) == "10.0 ms")
        #expect(DemoStatus.format(nanoseconds: 56_749_999) == "56.7 ms")
    }

    @Test func theLongFormOfTheFiguresIsUsedWhenItFits() {
        let status = DemoStatus(sections: 17, rows: 46, firstLine: 1, lastLine: 22, contentLines: 45,
                                viewsCreated: 22, viewsReused: 0, kernelNanoseconds: 3_100)
        #expect(status.line(width: 80).text == " 17 sections · 46 rows · lines 1-22 of 45 · views 22 new, 0 reused 3.1 µs ")
        #expect(status.line(width: 60).text == " 17 sections · 46 rows · 1-22/45 · views 22/0 3.1 µs ")
    }

    @Test func anEmptyListSaysSoAndEveryCommandIsHarmless() throws {
        let session = try makeSession(DemoList(sections: []), columns: 50, rows: 5)
        let c = 50
        let expected = [
            line("(no sections)", columns: c),
            line("", columns: c),
            line("", columns: c),
            line(" 0 sections · 0 rows · 0-0/0 · views 0/0", "0.0 µs ", columns: c),
            line(" ↑↓ PgUp/Dn g/G · enter · c/e · / · q", columns: c),
        ]
        expectScreen(session.lines, expected, "empty list")
        try session.run("j k pgdn pgup g G enter c e")
        expectScreen(session.lines, expected, "empty list after every command")
        #expect(session.source.selection == nil)
    }

    @Test func movingPastEitherEndStaysThere() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[1].sections), columns: 40, rows: 8)
        try session.run("k pgup")
        #expect(session.source.selection == .header(section: 0))
        try session.run("G j pgdn")
        #expect(session.source.selection == .item(ItemPath(section: 2, item: 2)))  // 江西
        #expect(session.lines[5] == line(">   江西", columns: 40))
    }

    @Test func pageDownMovesTheSelectionByTheListRowsLessThePinnedHeader() throws {
        let session = try makeSession(.generated(sections: 1, itemsPerSection: 50), columns: 40, rows: 8)
        try session.run("pgdn")
        // From the header (line 0), 6 - 1 = 5 lines down: Row 0.4.
        #expect(session.source.selection == .item(ItemPath(section: 0, item: 4)))
        try session.run("pgdn pgup")
        #expect(session.source.selection == .item(ItemPath(section: 0, item: 4)))
        try session.run("pgup")
        #expect(session.source.selection == .header(section: 0))
    }

    @Test func enterOnAnItemWithoutADetailDoesNothing() throws {
        let session = try makeSession(DemoList(sections: DemoSeed.all[1].sections), columns: 40, rows: 8)
        try session.run("j")
        let before = session.lines
        try session.run("enter")
        #expect(session.lines == before)
        #expect(session.source.expanded.isEmpty)
        #expect(session.lastKernelNanoseconds == 0)
    }

    @Test func collapsingAllMovesASelectedItemToItsHeader() throws {
        let session = try makeSession(.builtIn, columns: 60, rows: 10)
        try session.run("j j j j j j")  // iPad Air
        #expect(session.source.selection == .item(ItemPath(section: 1, item: 1)))
        try session.run("c")
        #expect(session.source.selection == .header(section: 1))
        #expect(session.lines[1] == line("> ▸ 000 Apple Products › iPad (3)", columns: 60))
        #expect(session.status.contentLines == 17)
        try session.run("e")
        #expect(session.status.contentLines == 17 + 46 + 1)  // every row, and 越's footer
        #expect(session.source.selection == .header(section: 1))
    }

    @Test func theSearchPromptReplacesTheHelpLine() throws {
        let session = try makeSession(.builtIn, columns: 60, rows: 8)
        #expect(session.screen(searchPrompt: "编程").plainLine(7) == line(" /编程_   enter: find · esc: cancel", columns: 60))
    }

    @Test func wrappingBreaksAfterSpacesAndBetweenWideCharacters() {
        #expect(DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12) == ["A16 Bionic,", "Dynamic", "Island"])
        #expect(DisplayWidth.wrap("サブビュー: 冬の定番", toColumns: 8) == ["サブビュ", "ー:", "冬の定番"])
        #expect(DisplayWidth.wrap("Supercalifragilistic", toColumns: 8) == ["Supercal", "ifragili", "stic"])
        #expect(DisplayWidth.wrap("ab中", toColumns: 3) == ["ab", "中"])
        #expect(DisplayWidth.wrap("  two  spaces  ", toColumns: 20) == ["two  spaces"])
        #expect(DisplayWidth.wrap("中文", toColumns: 1) == ["中", "文"])
        #expect(DisplayWidth.wrap("", toColumns: 10) == [])
        #expect(DisplayWidth.wrap("a\tb", toColumns: 10) == ["a␉b"])
    }
}
