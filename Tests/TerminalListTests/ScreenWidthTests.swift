import Testing
import ListKernel
import TerminalList

/// Chinese, Japanese and emoji titles take their real width: every line a session prints
/// is exactly as wide as the screen, at every size, whatever is cut or expanded.
struct ScreenWidthTests {
    static let emojiList = DemoList(sections: [
        DemoSection(title: "🍎 果物 fruit", items: [
            DemoItem(title: "🍇 ぶどう grapes", detail: "🍷 ワインにもなる紫色の果物 purple"),
            DemoItem(title: "🍓 いちご"),
        ]),
        DemoSection(title: "空の節 🈳", items: []),
        DemoSection(title: "編程 😀 emoji", items: ["😀😃😄😁😆", "中文标题很长很长很长很长很长"].map { DemoItem(title: $0, detail: "细节 🧪 details") }),
    ])

    static let scripts = ["", "e G", "j enter /ぶどう enter", "c /越 enter", "j enter j enter G enter"]

    @Test(arguments: [1, 2, 3, 4, 5, 7, 9, 12, 13, 16, 20, 24, 31, 40, 47, 60, 80])
    func everyPrintedLineIsExactlyTheScreenWidth(columns: Int) throws {
        for (name, data) in [("built-in", DemoList.builtIn), ("emoji", ScreenWidthTests.emojiList)] {
            for rows in 1...7 {
                for script in ScreenWidthTests.scripts {
                    let session = try makeSession(data, columns: columns, rows: rows)
                    try session.run(script)
                    let text = session.screen(searchPrompt: script.isEmpty ? "张辽🍇" : nil).plainText
                    let lines = screenLines(text)
                    #expect(lines.count == rows, "\(name) \(columns)x\(rows) after \"\(script)\"")
                    #expect(!text.contains("\u{1B}"), "\(name) \(columns)x\(rows): plain text has an escape")
                    for (index, printed) in lines.enumerated() {
                        #expect(referenceWidth(of: printed) == columns,
                                "\(name) \(columns)x\(rows) after \"\(script)\", line \(index): \(String(reflecting: printed))")
                    }
                }
            }
        }
    }

    @Test func theMarksOfItemsWithADetailLineUpAtTheRightEdge() throws {
        let session = try makeSession(ScreenWidthTests.emojiList, columns: 36, rows: 12)
        try session.run("e")
        let marked = session.lines.prefix(session.listRows).filter { $0.hasSuffix("+ ") || $0.hasSuffix("- ") }
        #expect(marked.count == 3)
        for printed in marked {
            // The mark is in the same column on every line, however wide the title.
            #expect(referenceWidth(of: String(printed.dropLast(2))) == 34, "\(String(reflecting: printed))")
        }
    }
}
