extension DisplayWidth {
    /// East Asian Wide (W) and Fullwidth (F) ranges from Unicode's EastAsianWidth.txt,
    /// sorted and disjoint, for the blocks a list of titles meets. Emoji with default emoji
    /// presentation (the W entries among U+231A…U+2B55 and U+1F000…U+1FAFF) are not repeated
    /// here: `Unicode.Scalar.Properties.isEmojiPresentation` covers them.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo, leading consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x2E99,    // CJK Radicals Supplement
        0x2E9B...0x2EF3,
        0x2F00...0x2FD5,    // Kangxi Radicals
        0x2FF0...0x303E,    // Ideographic Description, CJK Symbols and Punctuation (U+3000 F)
        0x3041...0x3096,    // Hiragana
        0x3099...0x30FF,    // (combining sound marks, zero width first) Katakana
        0x3105...0x312F,    // Bopomofo
        0x3131...0x318E,    // Hangul Compatibility Jamo
        0x3190...0x31E5,    // Kanbun, Bopomofo Extended, CJK Strokes
        0x31EF...0x321E,    // Katakana Phonetic Extensions, Enclosed CJK
        0x3220...0x3247,
        0x3250...0x4DBF,    // Enclosed CJK, CJK Compatibility, CJK Extension A
        0x4E00...0xA48C,    // CJK Unified Ideographs, Yi Syllables
        0xA490...0xA4C6,    // Yi Radicals
        0xA960...0xA97C,    // Hangul Jamo Extended-A
        0xAC00...0xD7A3,    // Hangul Syllables
        0xF900...0xFAFF,    // CJK Compatibility Ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE52,    // CJK Compatibility Forms, small forms
        0xFE54...0xFE66,
        0xFE68...0xFE6B,
        0xFF01...0xFF60,    // fullwidth ASCII and punctuation
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x16FF0...0x16FF1,
        0x17000...0x187F7,  // Tangut
        0x18800...0x18CD5,  // Tangut Components, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1AFF3,  // Kana Extended-B
        0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE,
        0x1B000...0x1B122,  // Kana Supplement, Kana Extended-A
        0x1B132...0x1B132,
        0x1B150...0x1B152,  // Small Kana Extension
        0x1B155...0x1B155,
        0x1B164...0x1B167,
        0x1B170...0x1B2FB,  // Nushu
        0x1F200...0x1F202,  // Enclosed Ideographic Supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD,  // CJK Extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK Extensions G–H
    ]
}
