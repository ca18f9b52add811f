import Testing
import ListKernelTesting
import TerminalList

struct ColumnLayoutTests {
    @Test func whenTextFits_truncateReturnsItUnchanged() {
        #expect(DisplayWidth.truncate("Swift", toColumns: 5) == "Swift")
        #expect(DisplayWidth.truncate("简书", toColumns: 4) == "简书")
        #expect(DisplayWidth.truncate("👨‍👩‍👧", toColumns: 2) == "👨‍👩‍👧")
    }

    @Test func whenTextIsCut_itEndsInAnEllipsisAndTakesExactlyTheColumns() {
        #expect(DisplayWidth.truncate("Objective-C", toColumns: 6) == "Objec…")
        #expect(DisplayWidth.truncate("编程语言", toColumns: 7) == "编程语…")
        #expect(DisplayWidth.truncate("Swift", toColumns: 1) == "…")
        #expect(DisplayWidth.truncate("Swift", toColumns: 0) == "")
        #expect(DisplayWidth.truncate("Swift", toColumns: -3) == "")
    }

    @Test func whenAWideCharacterWouldStraddleTheLimit_aSpaceTakesItsPlace() {
        #expect(DisplayWidth.truncate("编程语言", toColumns: 6) == "编程… ")
        #expect(DisplayWidth.truncate("a张辽x", toColumns: 5) == "a张… ")
        #expect(DisplayWidth.truncate("👍👍👍", toColumns: 4) == "👍… ")
        #expect(DisplayWidth.truncate("张辽", toColumns: 1) == "…")
    }

    @Test func aCutNeverSeparatesACombiningMarkOrAnEmojiSequence() {
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}…")
        #expect(DisplayWidth.truncate("🇯🇵🇯🇵", toColumns: 3) == "🇯🇵…")
        #expect(DisplayWidth.truncate("x👨‍👩‍👧y", toColumns: 3) == "x… ")
    }

    @Test func padAddsSpacesOnTheChosenSide() {
        #expect(DisplayWidth.pad("张辽", toColumns: 6) == "张辽  ")
        #expect(DisplayWidth.pad("42", toColumns: 5, alignment: .trailing) == "   42")
        #expect(DisplayWidth.pad("ヘッダー", toColumns: 7) == "ヘッダ…")
        #expect(DisplayWidth.pad("ヘッダー", toColumns: 6) == "ヘッ… ")
        #expect(DisplayWidth.pad("", toColumns: 3) == "   ")
    }

    @Test func controlCharactersAreShownAsPicturesNotSent() {
        #expect(DisplayWidth.displaySafe("a\tb\u{1B}[2J") == "a␉b␛[2J")
        #expect(DisplayWidth.displaySafe("\r\n\u{7F}\u{85}") == "␍␊␡\u{FFFD}")
        #expect(DisplayWidth.pad("x\ny", toColumns: 4) == "x␊y ")
    }

    @Test func aLoneCombiningMarkGetsADottedCircleAndInvisibleClustersAreDropped() {
        #expect(DisplayWidth.displaySafe("\u{301}x") == "\u{25CC}\u{301}x")
        #expect(DisplayWidth.displaySafe("a\u{200B}b") == "ab")
        #expect(DisplayWidth.displaySafe("\u{200D}x\u{FE0F}") == "x\u{FE0F}")
    }

    /// Pieces that never join their neighbours into one grapheme cluster, with widths
    /// written by hand: a naive model of truncation works piece by piece.
    static let pieces: [(text: String, columns: Int)] = [
        ("a", 1), ("Z", 1), (" ", 1), ("-", 1), ("简", 2), ("书", 2), ("魏", 2), ("张", 2),
        ("ヘ", 2), ("ー", 2), ("한", 2), ("Ａ", 2), ("ｶ", 1), ("👍", 2), ("👨‍👩‍👧", 2),
        ("🇯🇵", 2), ("e\u{301}", 1), ("é", 1), ("…", 1), ("❤️", 2),
    ]

    /// The naive model: whole pieces while they fit before the ellipsis, then "…", then
    /// spaces up to the limit.
    static func modelTruncate(_ pieces: [(text: String, columns: Int)], _ limit: Int) -> String {
        let total = pieces.reduce(0) { $0 + $1.columns }
        if total <= limit { return pieces.map(\.text).joined() }
        if limit == 0 { return "" }
        var used = 0
        var result = ""
        for piece in pieces {
            if used + piece.columns > limit - 1 { break }
            result += piece.text
            used += piece.columns
        }
        return result + "…" + String(repeating: " ", count: limit - used - 1)
    }

    @Test func randomMixesTruncateAndPadExactlyAsTheNaiveModelDoes() {
        let seed: UInt64 = 0x7E41_2024
        var random = SplitMix64(seed: seed)
        for step in 0..<2_000 {
            let chosen = (0..<random.below(12)).map { _ in ColumnLayoutTests.pieces[random.below(ColumnLayoutTests.pieces.count)] }
            let text = chosen.map(\.text).joined()
            let total = chosen.reduce(0) { $0 + $1.columns }
            let limit = random.below(16)
            let expected = ColumnLayoutTests.modelTruncate(chosen, limit)
            let reproducer = "seed \(seed) step \(step): DisplayWidth.truncate(\(String(reflecting: text)), toColumns: \(limit))"
            #expect(DisplayWidth.truncate(text, toColumns: limit) == expected, "\(reproducer)")
            let padding = String(repeating: " ", count: max(0, limit - min(total, limit)))
            #expect(DisplayWidth.pad(text, toColumns: limit) == expected + (total <= limit ? padding : ""), "\(reproducer) (pad)")
        }
    }
}
