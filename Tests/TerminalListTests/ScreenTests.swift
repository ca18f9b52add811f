import Testing
import ListKernelTesting
import TerminalList

struct ScreenTests {
    @Test func aNewScreenIsBlankLinesExactlyColumnsWide() {
        let screen = Screen(columns: 5, rows: 2)
        #expect(screen.plainText == "     \n     \n")
    }

    @Test func writingClipsAtTheRightEdgeWithoutAnEllipsis() {
        var screen = Screen(columns: 6, rows: 1)
        let end = screen.write("Objective-C", row: 0, column: 2)
        #expect(screen.plainLine(0) == "  Obje")
        #expect(end == 6)
    }

    @Test func aWideCharacterCutByTheRightEdgeBecomesASpace() {
        var screen = Screen(columns: 5, rows: 1)
        screen.write("张辽魏", row: 0, column: 0)
        #expect(screen.plainLine(0) == "张辽 ")
    }

    @Test func overwritingHalfOfAWideCharacterBlanksItsOtherHalf() {
        var screen = Screen(columns: 6, rows: 2)
        screen.write("魏蜀吴", row: 0, column: 0)
        screen.write("x", row: 0, column: 1)  // right half of 魏
        #expect(screen.plainLine(0) == " x蜀吴")
        screen.write("魏蜀吴", row: 1, column: 0)
        screen.write("y", row: 1, column: 2)  // left half of 蜀
        #expect(screen.plainLine(1) == "魏y 吴")
    }

    @Test func aWideCharacterWrittenAcrossTwoOthersBlanksBothRemainders() {
        var screen = Screen(columns: 6, rows: 1)
        screen.write("魏蜀吴", row: 0, column: 0)
        screen.write("越", row: 0, column: 1)
        #expect(screen.plainLine(0) == " 越 吴")
    }

    @Test func textLeftOfColumnZeroIsNotDrawn() {
        var screen = Screen(columns: 4, rows: 1)
        screen.write("ab张c", row: 0, column: -3)
        #expect(screen.plainLine(0) == " c  ")
    }

    @Test func setLineCutsTheLeadingSpansWithAnEllipsisAndKeepsTheTrailingOnes() {
        var screen = Screen(columns: 12, rows: 1)
        screen.setLine(0, [StyledSpan("▾ ", style: .bold), StyledSpan("编程语言 Swift", style: .bold)],
                       trailing: [StyledSpan(" 4", style: .dim)])
        #expect(screen.plainLine(0) == "▾ 编程语…  4")  // 言 would straddle the cut: a space
        #expect(screen.style(row: 0, column: 0) == .bold)
        #expect(screen.style(row: 0, column: 8) == .bold)   // the ellipsis keeps the cut span's style
        #expect(screen.style(row: 0, column: 11) == .dim)
    }

    @Test func setLineFillsTheRestOfTheLineInTheFillStyle() {
        var screen = Screen(columns: 8, rows: 1)
        screen.setLine(0, [StyledSpan("q")], fill: .reverse)
        #expect(screen.plainLine(0) == "q       ")
        #expect(screen.style(row: 0, column: 0) == [])
        #expect(screen.style(row: 0, column: 7) == .reverse)
    }

    @Test func whenTheTrailingSpansAloneAreTooWide_theyAreCutAndTheLeadingOnesDropped() {
        var screen = Screen(columns: 5, rows: 1)
        screen.setLine(0, [StyledSpan("title")], trailing: [StyledSpan("1234567")])
        #expect(screen.plainLine(0) == "1234…")
    }

    @Test func controlCharactersInTextCannotMoveTheCursor() {
        var screen = Screen(columns: 6, rows: 1)
        screen.setLine(0, [StyledSpan("a\u{1B}[2Jb")])
        #expect(screen.plainLine(0) == "a␛[2Jb")
    }

    @Test func randomLinesAreAlwaysExactlyTheScreenWidth() {
        let pieces = ColumnLayoutTests.pieces
        var widths: [Character: Int] = [" ": 1, "…": 1]
        for piece in pieces { widths[Character(piece.text)] = piece.columns }
        let seed: UInt64 = 0x5C_2EE7
        var random = SplitMix64(seed: seed)
        for step in 0..<300 {
            let columns = random.int(in: 1...30)
            let rows = random.int(in: 1...4)
            var screen = Screen(columns: columns, rows: rows)
            var operations: [String] = []
            for _ in 0..<8 {
                let row = random.below(rows)
                let text = (0..<random.below(10)).map { _ in pieces[random.below(pieces.count)].text }.joined()
                if random.chance(1, in: 2) {
                    let column = random.int(in: -3...(columns + 1))
                    screen.write(text, row: row, column: column)
                    operations.append("write(\(String(reflecting: text)), row: \(row), column: \(column))")
                } else {
                    let trailing = (0..<random.below(3)).map { _ in pieces[random.below(pieces.count)].text }.joined()
                    screen.setLine(row, [StyledSpan(text, style: .bold)], trailing: [StyledSpan(trailing)])
                    operations.append("setLine(\(row), [\(String(reflecting: text))], trailing: [\(String(reflecting: trailing))])")
                }
            }
            for row in 0..<rows {
                let line = screen.plainLine(row)
                let width = line.reduce(0) { $0 + (widths[$1] ?? 1_000) }
                #expect(width == columns,
                        "seed \(seed) step \(step): Screen(columns: \(columns), rows: \(rows)) then \(operations.joined(separator: "; ")): line \(row) is \(String(reflecting: line))")
            }
        }
    }
}
