extension DisplayWidth {
    /// Text made safe for one line of a message on a terminal (an error on standard error,
    /// a `--frames` separator): every scalar a terminal would act on instead of showing
    /// becomes a visible Swift-style escape, so that a title, key or file name from a data
    /// file can't retitle the window (OSC), clear the screen (CSI), ring the bell, start a
    /// second `listkernel-demo:` line, or reorder the line's text.
    ///
    /// ```swift
    /// DisplayWidth.escaped("a\u{1B}]0;pwned\u{7}b")   // a\u{1B}]0;pwned\u{7}b  (as text)
    /// DisplayWidth.escaped("two\nlines")              // two\nlines
    /// ```
    ///
    /// - `\n`, `\r`, `\t` and `\0` as such; other C0 controls, DEL and the C1 controls
    ///   (U+0080…U+009F, which some terminals take as ESC sequences) as `\u{1B}`;
    /// - the line and paragraph separators U+2028/U+2029;
    /// - the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A…U+202E,
    ///   U+2066…U+2069), which reorder what follows them on the line.
    ///
    /// Backslashes are left as they are, so escaping twice changes nothing.
    ///
    /// - Parameter text: The text to escape.
    /// - Returns: The text, one line, without a scalar a terminal acts on.
    /// - Complexity: O(n) in the length of `text`.
    public static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &result) }
        return result
    }

    /// Text from a file as a message quotes it: escaped as ``escaped(_:)`` does, with `"`
    /// and `\` escaped as well, cut after `maximumScalars` Unicode scalars with "…", in
    /// double quotes. A title of 17 million characters makes a message of one line of a
    /// readable length.
    ///
    /// ```swift
    /// DisplayWidth.quoted("魏")            // "魏"  (with the quotes)
    /// DisplayWidth.quoted("say \"hi\"\n")  // "say \"hi\"\n"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to quote.
    ///   - maximumScalars: The most scalars of `text` kept; 80 when omitted.
    /// - Returns: The quoted text.
    /// - Complexity: O(min(n, maximumScalars)).
    public static func quoted(_ text: some StringProtocol, maximumScalars: Int = 80) -> String {
        var result = "\""
        var kept = 0
        for scalar in text.unicodeScalars {
            if kept == maximumScalars {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: appendEscaped(scalar, to: &result)
            }
            kept += 1
        }
        return result + "\""
    }

    /// Whether a terminal would act on `scalar` rather than show it: a control (C0, DEL,
    /// C1), a line or paragraph separator, or a bidirectional formatting character.
    ///
    /// - Complexity: O(1).
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        if isControl(scalar) { return true }
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Appends `scalar`, or its escape.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
        guard needsEscaping(scalar) else {
            result.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
}
