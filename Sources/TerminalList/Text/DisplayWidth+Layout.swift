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
    /// - A cluster keeps at most ``maximumScalarsPerCharacter`` scalars (a base and its
    ///   first 31 marks): one grapheme carrying 400,000 combining marks drew 800 KB into
    ///   one cell of every frame.
    ///
    /// - Parameter text: The text to clean.
    /// - Returns: The cleaned text.
    /// - Complexity: O(n) in the length of `text`.
    public static func displaySafe(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { appendDisplaySafe(character, to: &result) }
        return result
    }

    /// The most Unicode scalars one character keeps on screen: 32, so that one cell emits
    /// at most 128 bytes. The longest emoji ZWJ sequences have 10 scalars, and Unicode's
    /// Stream-Safe Text Format allows 30 combining marks in a row; marks past the limit are
    /// not drawn.
    public static let maximumScalarsPerCharacter = 32

    /// Appends the display-safe form of one character (see ``displaySafe(_:)``).
    static func appendDisplaySafe(_ character: Character, to result: inout String) {
        if columns(of: character) > 0 {
            if character.utf8.count <= maximumScalarsPerCharacter
                || character.unicodeScalars.count <= maximumScalarsPerCharacter {
                result.append(character)
            } else {
                result.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter))
            }
            return
        }
        guard let first = character.unicodeScalars.first else { return }
        if isControl(first) {
            for scalar in character.unicodeScalars { result.unicodeScalars.append(controlPicture(scalar)) }
            return
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            result.unicodeScalars.append("\u{25CC}")
            result.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter - 1))
        default:
            return
        }
    }

    /// `character` with at most ``maximumScalarsPerCharacter`` scalars: itself, or its
    /// first scalars (a prefix of a grapheme cluster is one grapheme cluster).
    ///
    /// - Complexity: O(1) for a character of at most 32 UTF-8 bytes, else O(k) for k scalars.
    static func capped(_ character: Character) -> Character {
        guard character.utf8.count > maximumScalarsPerCharacter,
              character.unicodeScalars.count > maximumScalarsPerCharacter else { return character }
        var prefix = ""
        prefix.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(maximumScalarsPerCharacter))
        return prefix.first ?? "\u{FFFD}"
    }

    /// The display-safe characters of `text` with their widths, in order, until more than
    /// `columns` columns have been seen: the work is O(columns) however long the text.
    ///
    /// - Returns: The characters, and whether the text went on past `columns`.
    static func leadingCharacters(_ text: some StringProtocol, upTo columns: Int) -> (characters: [(Character, Int)], isCut: Bool) {
        var characters: [(Character, Int)] = []
        var used = 0
        var safe = ""
        for character in text {
            safe.removeAll(keepingCapacity: true)
            appendDisplaySafe(character, to: &safe)
            for piece in safe {
                let width = DisplayWidth.columns(of: piece)
                if used + width > columns { return (characters, true) }
                characters.append((piece, width))
                used += width
            }
        }
        return (characters, false)
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
    /// - Complexity: O(min(n, columns)) for text of length n (plus any characters of
    ///   width 0 on the way): the text is read only up to the cut.
    public static func truncate(_ text: some StringProtocol, toColumns columns: Int) -> String {
        let limit = max(0, columns)
        let (characters, isCut) = leadingCharacters(text, upTo: limit)
        var result = ""
        guard isCut else {
            for (character, _) in characters { result.append(character) }
            return result
        }
        if limit == 0 { return "" }
        var used = 0
        for (character, width) in characters {
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
