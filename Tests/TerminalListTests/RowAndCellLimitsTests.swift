import Testing
import ListKernel
import ListKernelTesting
import TerminalList

/// A row's wrapped height is capped (issue 10, point 12) and so is what one cell emits
/// (point 15).
struct RowAndCellLimitsTests {
    // MARK: Wrapped height

    @Test func wrappingStopsAtTheLineLimitWithAnEllipsis() {
        #expect(DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12, maximumLines: 2) == ["A16 Bionic,", "Dynamic…"])
        #expect(DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12, maximumLines: 3) == ["A16 Bionic,", "Dynamic", "Island"])
        #expect(DisplayWidth.wrap("abcdefgh", toColumns: 4, maximumLines: 1) == ["abc…"])
        #expect(DisplayWidth.wrap("中文中文", toColumns: 4, maximumLines: 1) == ["中…"])
        #expect(DisplayWidth.wrap("abcd    ", toColumns: 4, maximumLines: 1) == ["abcd"])
        #expect(DisplayWidth.wrap("abc", toColumns: 4, maximumLines: 0) == [])
    }

    @Test func aCappedWrapIsTheFullWrapCutAtItsLastLine() {
        // The unlimited wrap is the oracle: the capped one keeps its first lines and ends
        // the last one in "…" when there were more.
        let words = ["a", "bb", "ccc", "中文", "dddddddd", " ", "  ", "e\u{301}", "👍", "x"]
        let seed: UInt64 = 0x0012_2024
        var random = SplitMix64(seed: seed)
        for step in 0..<1_000 {
            let text = (0..<random.below(20)).map { _ in words[random.below(words.count)] }.joined(separator: random.below(3) == 0 ? "" : " ")
            let columns = 2 + random.below(10)
            let maximum = random.below(6)
            let full = DisplayWidth.wrap(text, toColumns: columns)
            var expected = Array(full.prefix(maximum))
            if full.count > maximum, let last = expected.popLast() {
                var kept = ""
                for character in last where DisplayWidth.columns(of: kept + String(character)) <= columns - 1 { kept.append(character) }
                expected.append(kept + "…")
            }
            #expect(DisplayWidth.wrap(text, toColumns: columns, maximumLines: maximum) == expected,
                    "seed \(seed) step \(step): DisplayWidth.wrap(\(String(reflecting: text)), toColumns: \(columns), maximumLines: \(maximum))")
        }
    }

    @Test func aSeventeenMillionCharacterDetailExpandedAtSevenColumnsKeepsTheSessionRunning() throws {
        // It asked the kernel for an extent of 8,500,001 lines, which ended the session.
        let detail = String(repeating: "x", count: 17_000_000)
        let data = DemoList(sections: [DemoSection(title: "big", items: [DemoItem(title: "row", detail: detail), DemoItem(title: "after")])])
        let session = try makeSession(data, columns: 7, rows: 12)
        try session.run("down enter")
        let frame = try #require(session.list.layout.frame(of: .item(ItemPath(section: 0, item: 0))))
        #expect(frame.extent == Double(1 + RowView.maximumDetailLines))
        #expect(session.lines.count == 12)
        try session.run("G pgup pgdn c e home down")
        try session.resize(to: TerminalSize(columns: 200, rows: 30))
        let wide = try #require(session.list.layout.frame(of: .item(ItemPath(section: 0, item: 0))))
        #expect(wide.extent == Double(1 + RowView.maximumDetailLines))
        #expect(session.lines[1].hasPrefix(">   row"))
        #expect(session.lines[2].hasPrefix("      " + String(repeating: "x", count: 193)))
    }

    // MARK: What one cell emits

    static let marks = String(repeating: "\u{301}", count: 400_000)

    @Test func aCharacterKeepsAtMostThirtyTwoScalarsOnScreen() {
        let safe = DisplayWidth.displaySafe("a" + RowAndCellLimitsTests.marks + "b")
        #expect(safe.count == 2)
        #expect(safe.first?.unicodeScalars.count == 32)
        #expect(safe.last == "b")
        // A lone run of marks gets its dotted circle and 31 of them.
        let lone = DisplayWidth.displaySafe(RowAndCellLimitsTests.marks)
        #expect(lone.unicodeScalars.count == 32 && lone.unicodeScalars.first == "\u{25CC}")

        var screen = Screen(columns: 10, rows: 1)
        screen.write("a" + RowAndCellLimitsTests.marks, row: 0, column: 0)
        #expect(screen.plainLine(0).unicodeScalars.count == 32 + 9)
    }

    @Test func aGraphemeOf400000MarksAddsAtMost31MarksPerCellToTheScreen() throws {
        // It made an 80×24 screen 1.7 MB long. The same list with the bare bases is the
        // baseline: each of the three titles may add 31 marks of 2 bytes.
        let marks = RowAndCellLimitsTests.marks
        let hostile = DemoList(sections: [DemoSection(title: "a" + marks, items: [DemoItem(title: "b" + marks), DemoItem(title: marks)])])
        let plain = DemoList(sections: [DemoSection(title: "a", items: [DemoItem(title: "b"), DemoItem(title: "\u{25CC}")])])
        let hostileScreen = try makeSession(hostile, columns: 80, rows: 24).screen()
        let plainScreen = try makeSession(plain, columns: 80, rows: 24).screen()
        #expect(hostileScreen.plainText.utf8.count == plainScreen.plainText.utf8.count + 3 * 31 * 2)
        var hostileRenderer = ANSIRenderer()
        var plainRenderer = ANSIRenderer()
        #expect(hostileRenderer.frame(hostileScreen).utf8.count == plainRenderer.frame(plainScreen).utf8.count + 3 * 31 * 2)
    }
}
