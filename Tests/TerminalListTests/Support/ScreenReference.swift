import Testing
import ListKernel
import TerminalList

/// The test's own idea of terminal width, independent of `DisplayWidth`: right for every
/// character the demo's data and chrome use (CJK, kana, fullwidth forms and the emoji block
/// are 2 columns; the arrows, "›", "·", "…", "µ" and "–" are 1).
func referenceWidth(_ character: Character) -> Int {
    let value = character.unicodeScalars.first!.value
    let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3,
                                       0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
                                       0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF]
    return wide.contains { $0.contains(value) } ? 2 : 1
}

/// The width of `text` by ``referenceWidth(_:)``.
func referenceWidth(of text: String) -> Int { text.reduce(0) { $0 + referenceWidth($1) } }

/// A screen line as a person writes it: `left` from column 0, `right` against the right
/// edge, spaces between, `columns` wide by the reference width.
func line(_ left: String, _ right: String = "", columns: Int) -> String {
    let gap = columns - referenceWidth(of: left) - referenceWidth(of: right)
    precondition(gap >= 0, "the expected line \"\(left)…\(right)\" is wider than \(columns) columns")
    return left + String(repeating: " ", count: gap) + right
}

/// The lines of a plain-text screen, without the final newline.
func screenLines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// A session whose clock never moves, so the status line's time is always "0.0 µs".
func makeSession(_ data: DemoList, columns: Int, rows: Int) throws -> DemoSession {
    try DemoSession(data: data, size: TerminalSize(columns: columns, rows: rows), clock: { 0 })
}

extension DemoSession {
    /// Applies the commands of a `--script` text.
    func run(_ script: String) throws {
        for command in try KeyScript.parse(script) { try apply(command) }
    }

    /// The screen's lines as plain text.
    var lines: [String] { screenLines(screen().plainText) }
}

/// Compares two screens line by line, naming the first line that differs.
func expectScreen(_ actual: [String], _ expected: [String], _ what: String,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, "\(what): \(actual.count) lines, expected \(expected.count)", sourceLocation: sourceLocation)
    for (index, (got, want)) in zip(actual, expected).enumerated() where got != want {
        Issue.record("\(what), line \(index):\n   got \(String(reflecting: got))\nwanted \(String(reflecting: want))",
                     sourceLocation: sourceLocation)
        return
    }
}
