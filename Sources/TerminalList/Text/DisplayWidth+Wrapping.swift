extension DisplayWidth {
    /// Text broken into lines of at most `columns` columns each, display-safe, and at most
    /// `maximumLines` of them.
    ///
    /// A line breaks after the last space that fits (the space is dropped); a word wider
    /// than a line, and text without spaces (Chinese, Japanese), breaks between characters.
    /// A wide character is never split. Empty text gives no lines. When the text needs more
    /// than `maximumLines` lines, the last one ends in "…" and the rest is not read.
    ///
    /// ```swift
    /// DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12)
    /// // ["A16 Bionic,", "Dynamic", "Island"]
    /// DisplayWidth.wrap("サブビュー: 冬の定番", toColumns: 8)
    /// // ["サブビュ", "ー:", "冬の定番"]
    /// DisplayWidth.wrap("A16 Bionic, Dynamic Island", toColumns: 12, maximumLines: 2)
    /// // ["A16 Bionic,", "Dynamic…"]
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - columns: The most columns a line may take; less than 2 counts as 2, so that a
    ///     wide character always fits.
    ///   - maximumLines: The most lines returned; no limit when omitted.
    /// - Returns: The lines, none of them empty.
    /// - Complexity: O(min(n, maximumLines × columns)) for text of length n (plus
    ///   characters of width 0 and spaces on the way).
    public static func wrap(_ text: some StringProtocol, toColumns columns: Int, maximumLines: Int = .max) -> [String] {
        let limit = max(2, columns)
        let maximumLines = max(0, maximumLines)
        var lines: [String] = []
        var line: [Character] = []
        var width = 0
        /// The index in `line` of the last space, where the line may break.
        var lastSpace: Int?
        /// Whether text was left unread because the lines ran out.
        var isCut = false
        func finish(_ characters: ArraySlice<Character>) {
            var trimmed = characters
            while trimmed.last == " " { trimmed.removeLast() }
            if !trimmed.isEmpty { lines.append(String(trimmed)) }
        }
        var safe = ""
        reading: for original in text {
            safe.removeAll(keepingCapacity: true)
            appendDisplaySafe(original, to: &safe)
            for character in safe {
                if character == " ", line.isEmpty { continue }  // no line starts with a space
                if lines.count >= maximumLines {
                    isCut = true
                    break reading
                }
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
                    if lines.count >= maximumLines {
                        isCut = true
                        break reading
                    }
                }
                if character == " " {
                    if line.isEmpty { continue }
                    lastSpace = line.count
                }
                line.append(character)
                width += characterWidth
            }
        }
        if !isCut { finish(line[...]) }
        if lines.count > maximumLines {
            lines.removeLast(lines.count - maximumLines)
            isCut = true
        }
        if isCut, let last = lines.popLast() {
            // Room for the ellipsis at the end of the last line.
            var kept = ""
            var used = 0
            for character in last {
                let characterWidth = DisplayWidth.columns(of: character)
                if used + characterWidth > limit - 1 { break }
                kept.append(character)
                used += characterWidth
            }
            lines.append(kept + String(ellipsis))
        }
        return lines
    }
}
