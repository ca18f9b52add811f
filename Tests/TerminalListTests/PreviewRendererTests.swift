import Testing
import TerminalList

struct PreviewRendererTests {
    /// A crude width reference that is right for the characters of the built-in data and
    /// the generated titles (CJK, kana, Hangul, fullwidth forms are 2, the rest 1).
    static func referenceWidth(_ character: Character) -> Int {
        let value = character.unicodeScalars.first!.value
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                           0xFF00...0xFF60, 0xFFE0...0xFFE6]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    @Test func everySmallScreenSizeGivesLinesExactlyTheScreenWidth() {
        let lists = [DemoList.builtIn, .generated(sections: 3, itemsPerSection: 1_000), .generated(sections: 0, itemsPerSection: 0)]
        for (index, list) in lists.enumerated() {
            for columns in 1...40 {
                for rows in 1...6 {
                    let screen = PreviewRenderer.firstScreen(of: list, size: TerminalSize(columns: columns, rows: rows))
                    for row in 0..<rows {
                        let line = screen.plainLine(row)
                        let width = line.reduce(0) { $0 + PreviewRendererTests.referenceWidth($1) }
                        #expect(width == columns, "list \(index), size \(columns)x\(rows), line \(row): \(String(reflecting: line))")
                    }
                }
            }
        }
    }

    @Test func anEmptyListSaysSoAboveTheStatusLine() {
        let screen = PreviewRenderer.firstScreen(of: .generated(sections: 0, itemsPerSection: 0), size: TerminalSize(columns: 30, rows: 3))
        #expect(screen.plainText == """
            (no sections)                 
                                          
             listkernel-demo  0 … preview 

            """)
    }

    @Test func foldedSectionsShowOnlyTheirHeaderAndTheEmptySectionShowsItsHeader() {
        let list = DemoList(sections: DemoSeed.all[3].sections)
        let screen = PreviewRenderer.firstScreen(of: list, size: TerminalSize(columns: 12, rows: 5))
        #expect(screen.plainText == """
            ▸ 魏      3 
            ▸ 蜀      3 
            ▸ 吴      3 
            ▸ 越      0 
             l… preview 

            """)
    }
}
