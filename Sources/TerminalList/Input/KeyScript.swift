/// The `--script "KEYS"` language: key names separated by spaces, each one command.
///
/// ```swift
/// try KeyScript.parse("down down enter /Swift q")
/// // [.moveDown, .moveDown, .activate, .search("Swift"), .quit]
/// ```
///
/// Names (case-sensitive): `down` `up` `j` `k` `pgdn` `pgup` `home` `end` `g` `G` `enter`
/// `right` `left` `l` `h` `c` `e` `esc` `q`, and `/TEXT` to search for TEXT (up to the next space; UTF-8 is fine:
/// `/张辽`). Any amount of whitespace separates words; an empty script has no steps.
///
/// - Complexity: O(n) in the length of the script.
public enum KeyScript {
    /// The words and the commands they give.
    public static let names: KeyValuePairs<String, DemoCommand> = [
        "down": .moveDown, "up": .moveUp, "j": .moveDown, "k": .moveUp,
        "pgdn": .pageDown, "pgup": .pageUp, "home": .moveToFirst, "end": .moveToLast,
        "g": .moveToFirst, "G": .moveToLast, "enter": .activate,
        "right": .expandOrEnter, "left": .collapseOrLeave, "l": .expandOrEnter, "h": .collapseOrLeave,
        "c": .collapseAll, "e": .expandAll, "esc": .cancel, "q": .quit,
    ]

    /// Parses a script into its commands.
    ///
    /// - Parameter script: The words, e.g. `"j j enter /Py q"`.
    /// - Returns: One command per word, in order.
    /// - Throws: ``KeyScriptError`` naming the first word that is not a known name (or is a
    ///   `/` without text) and its position.
    /// - Complexity: O(n) in the length of `script`.
    public static func parse(_ script: String) throws(KeyScriptError) -> [DemoCommand] {
        var commands: [DemoCommand] = []
        let words = script.split(whereSeparator: { $0.isWhitespace })
        for (index, word) in words.enumerated() {
            if word.hasPrefix("/") {
                let text = String(word.dropFirst())
                guard !text.isEmpty else {
                    throw KeyScriptError(word: String(word), position: index + 1, reason: .emptySearch)
                }
                commands.append(.search(text))
                continue
            }
            guard let command = names.first(where: { $0.key == word })?.value else {
                throw KeyScriptError(word: String(word), position: index + 1, reason: .unknownName)
            }
            commands.append(command)
        }
        return commands
    }
}

/// A `--script` word that is not understood: which word, where, and why.
///
/// ```swift
/// // --script: unknown key name "dwon" (word 2); known names: down up j k pgdn pgup home end g G enter right left l h c e esc q /TEXT
/// ```
///
/// - Complexity: every member is O(1).
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why a word was rejected.
    ///
    /// - Complexity: every member is O(1).
    public struct Reason: Hashable, Sendable {
        private enum Raw: Hashable, Sendable { case unknownName, emptySearch }
        private let raw: Raw
        /// The word is not a key name.
        public static let unknownName = Reason(raw: .unknownName)
        /// The word is a lone `/`, a search without text.
        public static let emptySearch = Reason(raw: .emptySearch)
    }

    /// The word as written.
    public var word: String
    /// Its position among the words, from 1.
    public var position: Int
    /// Why it was rejected.
    public var reason: Reason

    /// One line naming the word (escaped and cut, ``DisplayWidth/quoted(_:maximumScalars:)``),
    /// its position and the names that are known.
    ///
    /// - Complexity: O(1).
    public var description: String {
        let known = KeyScript.names.map(\.key).joined(separator: " ") + " /TEXT"
        if reason == .emptySearch {
            return "--script: \"/\" (word \(position)) needs text to search for, e.g. /Swift"
        }
        return "--script: unknown key name \(DisplayWidth.quoted(word)) (word \(position)); known names: \(known)"
    }
}
