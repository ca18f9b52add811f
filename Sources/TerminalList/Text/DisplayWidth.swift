/// How many terminal columns text occupies, measured per grapheme cluster (`Character`).
///
/// The rules, in the order they are applied to one scalar:
///
///     control (C0, DEL, C1), line/paragraph separator        → 0
///     combining mark (Mn, Me), default-ignorable (ZWJ, ZWSP,
///       variation selectors, tags, soft hyphen),
///       Hangul medial/final jamo                             → 0
///     emoji presentation (👍, regional indicators, 🏻…🏿)      → 2
///     East Asian Wide or Fullwidth (CJK, kana, Hangul,
///       CJK punctuation, fullwidth forms)                    → 2
///     anything else, East Asian Ambiguous included ("…")     → 1
///
/// A `Character` is as wide as its widest scalar, except that a cluster whose first
/// scalar is an emoji and which contains VARIATION SELECTOR-16 (U+FE0F) is 2 ("❤️", "1️⃣").
/// So "e\u{301}" is 1, "👨‍👩‍👧" is 2, "🇯🇵" is 2, and a string is the sum of its characters.
///
/// ```swift
/// DisplayWidth.columns(of: "简书 ok")   // 7
/// DisplayWidth.columns(of: "👍" as Character)   // 2
/// ```
///
/// Ambiguous-width characters count as narrow, as in a terminal that is not set to a CJK
/// locale's "ambiguous is wide" mode; the ellipsis "…" and the arrows "▸" "▾" used by the
/// demo are in that class.
///
/// - Complexity: every member is O(n) in the length of the text measured, O(1) per scalar.
public enum DisplayWidth {
    /// The columns one Unicode scalar occupies on its own: 0, 1 or 2.
    ///
    /// - Parameter scalar: The scalar to measure.
    /// - Returns: 0 for controls and zero-width scalars, 2 for wide ones, otherwise 1.
    /// - Complexity: O(log t) for a table of t wide ranges, O(1) for ASCII.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }  // DEL and the C1 controls
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isEastAsianWide(value) ? 2 : 1
    }

    /// The columns one grapheme cluster occupies: the widest of its scalars, or 2 for an
    /// emoji base followed by VARIATION SELECTOR-16.
    ///
    /// - Parameter character: The grapheme cluster to measure.
    /// - Returns: 0, 1 or 2.
    /// - Complexity: O(k) for a cluster of k scalars.
    public static func columns(of character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        var width = 0
        var first = true
        var firstIsEmoji = false
        for scalar in character.unicodeScalars {
            if first {
                firstIsEmoji = scalar.properties.isEmoji
                first = false
            } else if scalar.value == 0xFE0F, firstIsEmoji {
                return 2
            }
            width = max(width, columns(of: scalar))
        }
        return width
    }

    /// The columns a string occupies: the sum of its characters' widths.
    ///
    /// - Parameter text: The text to measure.
    /// - Returns: The total width; control characters count 0 (escape them with
    ///   ``displaySafe(_:)`` before showing them).
    /// - Complexity: O(n) in the length of `text`.
    public static func columns(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// Whether `scalar` is one a terminal must not be sent as text: a C0 or C1 control,
    /// DEL, or U+2028/U+2029 (line and paragraph separators).
    ///
    /// - Complexity: O(1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// Zero-width scalars: combining marks, default-ignorable code points and the Hangul
    /// medial and final jamo that join a leading jamo into one syllable.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x2028 || value == 0x2029 { return true }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control:
            return true
        default:
            return properties.isDefaultIgnorableCodePoint
        }
    }

    /// Whether `value` lies in one of the East Asian Wide or Fullwidth ranges.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        if value < wideRanges[0].lowerBound { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
