extension DisplayWidth {
    /// Text broken into lines of at most `columns` columns each, display-safe.
    ///
    /// A line breaks after the last space that fits (the space is dropped); a word wider
    /// than a line, and text without spaces (Chinese, Japanese), breaks between characters.
    /// A wide character is never split. Empty text gives no lines.
    ///
    /// ```swift
    /// DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12)
    /// // ["A16 Bionic,", "Dynamic", "Island"]
    /// DisplayWidth.wrap("サブビュー: 冬の定番", toColumns: 8)
    /// // ["サブビュ", "ー:", "冬の定番"]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - columns: The most columns a line may take; less than 2 counts as 2, so that a
    ///     wide character always fits.
    /// - Returns: The lines, none of them empty.
    /// - Complexity: O(n) in the length of `text`.
    public static func wrap(_ text: some StringProtocol, toColumns columns: Int) -> [String] {
        let limit = max(2, columns)
        var lines: [String] = []
        var line: [Character] = []
        var width = 0
        /// The index in `line` of the last space, where the line may break.
        var lastSpace: Int?
        func finish(_ characters: ArraySlice<Character>) {
            var trimmed = characters
            while trimmed.last == " " { trimmed.removeLast() }
            if !trimmed.isEmpty { lines.append(String(trimmed)) }
        }
        for character in displaySafe(text) {
            let characterWidth = DisplayWidth.columns(of: character)
            if width + characterWidth > limit {
                if character == " " {
                    // The space itself is the break.
                    finish(line[...])
                    line.removeAll(keepingCapacity: true)
                    width = 0
                    lastSpace = nil
                    continue
                }
                if let space = lastSpace {
                    finish(line[..<space])
                    line.removeFirst(space + 1)
                } else {
                    finish(line[...])
                    line.removeAll(keepingCapacity: true)
                }
                width = DisplayWidth.columns(of: String(line))
                lastSpace = nil
            }
            if character == " " {
                if line.isEmpty { continue }  // no line starts with a space
                lastSpace = line.count
            }
            line.append(character)
            width += characterWidth
        }
        finish(line[...])
        return lines
    }
}
