extension DisplayWidth {
    /// How padding places text inside a field wider than the text.
    ///
    /// - Complexity: every member is O(1).
    public struct Alignment: Hashable, Sendable {
        private enum Raw: Hashable, Sendable { case leading, trailing }
        private let raw: Raw

        /// Text at the left edge, spaces after it.
        public static let leading = Alignment(raw: .leading)
        /// Text at the right edge, spaces before it.
        public static let trailing = Alignment(raw: .trailing)

        var isTrailing: Bool { raw == .trailing }
    }

    /// The ellipsis that marks a cut: U+2026, one column wide (East Asian Ambiguous, taken
    /// as narrow).
    public static let ellipsis: Character = "…"

    /// Text that can be sent to a terminal as is: every grapheme cluster has a width of 1
    /// or 2, and nothing moves the cursor on its own.
    ///
    /// ```swift
    /// DisplayWidth.displaySafe("a\tb")        // "a␉b"
    /// DisplayWidth.displaySafe("\u{301}x")    // "◌́x"
    /// ```
    ///
    /// - C0 controls become their Control Pictures ("\t" → "␉", ESC → "␛"), DEL becomes "␡",
    ///   C1 controls and U+2028/U+2029 become "�".
    /// - A combining mark with nothing to sit on gets a dotted circle "◌" as its base.
    /// - Any other cluster of width 0 (a lone ZWJ, ZERO WIDTH SPACE, a stray variation
    ///   selector) is dropped: it would draw nothing anyway.
    ///
    /// - Parameter text: The text to clean.
    /// - Returns: The cleaned text.
    /// - Complexity: O(n) in the length of `text`.
    public static func displaySafe(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if columns(of: character) > 0 {
                result.append(character)
                continue
            }
            guard let first = character.unicodeScalars.first else { continue }
            if isControl(first) {
                for scalar in character.unicodeScalars { result.unicodeScalars.append(controlPicture(scalar)) }
                continue
            }
            switch first.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                result.unicodeScalars.append("\u{25CC}")
                result.unicodeScalars.append(contentsOf: character.unicodeScalars)
            default:
                continue
            }
        }
        return result
    }

    /// Text cut to at most `columns` columns, display-safe (see ``displaySafe(_:)``).
    ///
    /// Text that fits is returned whole. Text that doesn't is cut at a character boundary
    /// and ends in "…", and then the result is exactly `columns` wide: when a 2-column
    /// character would straddle the limit it is left out and a space fills its place after
    /// the ellipsis. A wide character is never split.
    ///
    /// ```swift
    /// DisplayWidth.truncate("编程语言", toColumns: 6)   // "编程…" + " "
    /// DisplayWidth.truncate("Swift", toColumns: 9)    // "Swift"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to cut.
    ///   - columns: The most columns the result may take; a negative value counts as 0.
    /// - Returns: The display-safe, possibly cut text.
    /// - Complexity: O(n) in the length of `text`.
    public static func truncate(_ text: some StringProtocol, toColumns columns: Int) -> String {
        let limit = max(0, columns)
        let safe = displaySafe(text)
        if DisplayWidth.columns(of: safe) <= limit { return safe }
        if limit == 0 { return "" }
        var result = ""
        var used = 0
        for character in safe {
            let width = DisplayWidth.columns(of: character)
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        result.append(ellipsis)
        used += 1
        if used < limit { result.append(String(repeating: " ", count: limit - used)) }
        return result
    }

    /// Text made exactly `columns` columns wide: cut as ``truncate(_:toColumns:)`` does,
    /// then padded with spaces.
    ///
    /// ```swift
    /// DisplayWidth.pad("张辽", toColumns: 6)                         // "张辽  "
    /// DisplayWidth.pad("42", toColumns: 5, alignment: .trailing)   // "   42"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to fit.
    ///   - columns: The exact width of the result; a negative value counts as 0.
    ///   - alignment: Which side the spaces go on; `.leading` puts the text first.
    /// - Returns: Display-safe text exactly `max(0, columns)` columns wide.
    /// - Complexity: O(n + columns) for text of length n.
    public static func pad(
        _ text: some StringProtocol, toColumns columns: Int, alignment: Alignment = .leading
    ) -> String {
        let limit = max(0, columns)
        let cut = truncate(text, toColumns: limit)
        let missing = limit - DisplayWidth.columns(of: cut)
        if missing == 0 { return cut }
        let spaces = String(repeating: " ", count: missing)
        return alignment.isTrailing ? spaces + cut : cut + spaces
    }

    /// The visible stand-in for a control scalar.
    static func controlPicture(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x20 { return Unicode.Scalar(0x2400 + value)! }
        if value == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }
}
