/// How a run of cells is drawn: any mix of bold, dim, underline and reverse video.
///
/// ```swift
/// let selected: TextStyle = [.reverse]
/// let header: TextStyle = [.bold]
/// ```
///
/// Plain-text rendering ignores styles; ANSI rendering turns them into SGR codes
/// (1 bold, 2 dim, 4 underline, 7 reverse).
///
/// - Complexity: every member is O(1).
public struct TextStyle: OptionSet, Hashable, Sendable {
    /// The style bits.
    public let rawValue: UInt8

    /// Creates a style from its bits.
    ///
    /// - Complexity: O(1).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text, used for section headers.
    public static let bold = TextStyle(rawValue: 1 << 0)
    /// Dim text, used for details and secondary figures.
    public static let dim = TextStyle(rawValue: 1 << 1)
    /// Underlined text.
    public static let underline = TextStyle(rawValue: 1 << 2)
    /// Reverse video, used for the selected line and the status line.
    public static let reverse = TextStyle(rawValue: 1 << 3)

    /// The SGR parameters that select exactly this style after a reset, e.g. `"0;1;7"`.
    ///
    /// - Complexity: O(1).
    var sgrParameters: String {
        var codes = "0"
        if contains(.bold) { codes += ";1" }
        if contains(.dim) { codes += ";2" }
        if contains(.underline) { codes += ";4" }
        if contains(.reverse) { codes += ";7" }
        return codes
    }
}

/// A piece of text drawn in one style; a line is a sequence of spans.
///
/// ```swift
/// let line = [StyledSpan("▾ 魏", style: .bold), StyledSpan(" (3)", style: .dim)]
/// ```
///
/// - Complexity: every member is O(1).
public struct StyledSpan: Hashable, Sendable {
    /// The text, as given (made display-safe when it is drawn).
    public var text: String
    /// The style of every cell the text covers.
    public var style: TextStyle

    /// Creates a span of `text` in `style`.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: The style; plain when omitted.
    /// - Complexity: O(1).
    public init(_ text: String, style: TextStyle = []) {
        self.text = text
        self.style = style
    }
}
