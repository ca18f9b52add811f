import Testing
import TerminalList

/// Widths written by hand from the Unicode tables (EastAsianWidth.txt, emoji-data.txt),
/// not computed by the code under test.
struct DisplayWidthTests {
    @Test(arguments: [
        ("简书", 4), ("编程语言", 8), ("地区", 4), ("魏 蜀 吴 越", 11), ("张辽", 4),
        ("ヘッダー", 8), ("ｶﾀｶﾅ", 4), ("한국어", 6), ("Ｓｗｉｆｔ", 10), ("「北京」、", 10),
        ("Swift", 5), ("Objective-C", 11), ("", 0), ("简书 FlyElephant", 16),
    ] as [(String, Int)])
    func eastAsianWideCharactersTakeTwoColumnsAndOthersOne(text: String, columns: Int) {
        #expect(DisplayWidth.columns(of: text) == columns, "\(text)")
    }

    @Test(arguments: [
        ("👍", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("👍🏽", 2), ("❤️", 2), ("1️⃣", 2), ("🏳️‍🌈", 2),
        ("❤", 1), ("©", 1),
    ] as [(String, Int)])
    func emojiPresentationSequencesTakeTwoColumnsAsOneCharacter(text: String, columns: Int) {
        #expect(text.count == 1, "\(text) should be one grapheme cluster")
        #expect(DisplayWidth.columns(of: Character(text)) == columns, "\(text)")
    }

    @Test func aCombiningMarkAddsNoColumnToItsBase() {
        #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
        #expect(DisplayWidth.columns(of: "Cafe\u{301}") == 4)
        #expect(DisplayWidth.columns(of: "\u{301}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.columns(of: "\u{3099}" as Unicode.Scalar) == 0)
    }

    @Test(arguments: [0x200D, 0x200B, 0xFE0F, 0xFE0E, 0x00AD, 0xE0100, 0x1160, 0x11A8] as [UInt32])
    func joinersSelectorsAndMedialJamoAreZeroWidth(value: UInt32) {
        #expect(DisplayWidth.columns(of: Unicode.Scalar(value)!) == 0, "U+\(String(value, radix: 16))")
    }

    @Test(arguments: [0x00, 0x07, 0x09, 0x0A, 0x1B, 0x7F, 0x85, 0x9B, 0x2028] as [UInt32])
    func controlCharactersAreZeroWidth(value: UInt32) {
        #expect(DisplayWidth.columns(of: Unicode.Scalar(value)!) == 0, "U+\(String(value, radix: 16))")
    }

    @Test func ambiguousWidthCharactersCountAsNarrow() {
        #expect(DisplayWidth.columns(of: "…▸▾·→αБ") == 7)
    }

    @Test func hangulSyllableWrittenAsJamoIsTwoColumns() {
        // 한 as leading + vowel + trailing jamo: one grapheme cluster, two columns.
        let decomposed = "\u{1112}\u{1161}\u{11AB}"
        #expect(decomposed.count == 1)
        #expect(DisplayWidth.columns(of: decomposed) == 2)
    }

    @Test func wideBlocksAreWideAtBothEnds() {
        for value: UInt32 in [0x4E00, 0x9FFF, 0x3041, 0x30FF, 0xAC00, 0xD7A3, 0xFF01, 0xFF60, 0x3000, 0x20000, 0x2FFFD] {
            #expect(DisplayWidth.columns(of: Unicode.Scalar(value)!) == 2, "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x4DC0, 0xFF61, 0xFFE8, 0x2E7F, 0xD7A4, 0x1F1E5] {
            #expect(DisplayWidth.columns(of: Unicode.Scalar(value)!) == 1, "U+\(String(value, radix: 16))")
        }
    }
}

struct EscapingTests {
    @Test(arguments: [
        ("plain 魏 text", "plain 魏 text"),
        ("\u{1B}]0;title\u{07}", #"\u{1B}]0;title\u{7}"#),
        ("a\nb\rc\td\0", #"a\nb\rc\td\0"#),
        ("\u{7F}\u{85}\u{9B}", #"\u{7F}\u{85}\u{9B}"#),
        ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
        ("\u{202E}abc\u{2066}\u{200F}\u{61C}", #"\u{202E}abc\u{2066}\u{200F}\u{61C}"#),
        (#"back\slash "quote""#, #"back\slash "quote""#),
    ])
    func escapedShowsEveryControlVisibly(text: String, expected: String) {
        #expect(DisplayWidth.escaped(text) == expected)
        #expect(DisplayWidth.escaped(DisplayWidth.escaped(text)) == expected)
    }

    @Test func quotedEscapesQuotesAndCutsLongText() {
        #expect(DisplayWidth.quoted("say \"hi\"\n") == #""say \"hi\"\n""#)
        #expect(DisplayWidth.quoted(#"a\b"#) == #""a\\b""#)
        #expect(DisplayWidth.quoted("abcdef", maximumScalars: 3) == "\"abc…\"")
        #expect(DisplayWidth.quoted("abc", maximumScalars: 3) == "\"abc\"")
        let marks = "a" + String(repeating: "\u{301}", count: 400_000)
        #expect(DisplayWidth.quoted(marks).unicodeScalars.count == 80 + 3)
    }
}
