/// Turns keys into ``DemoCommand``s, including the search prompt that `/` opens.
///
/// While the prompt is open, printable characters (any script) are collected, Backspace
/// removes the last character, Enter closes the prompt and gives ``DemoCommand/search(_:)``
/// (nothing for an empty text), Escape closes it without a command, and Ctrl-C still
/// interrupts; other keys are ignored. With the prompt closed, Escape gives
/// ``DemoCommand/cancel``, which stops a search in progress.
///
/// ```swift
/// var interpreter = CommandInterpreter()
/// interpreter.interpret(.character("/"))   // nil; searchPrompt == ""
/// interpreter.interpret(.character("张"))  // nil; searchPrompt == "张"
/// interpreter.interpret(.enter)            // .search("张"); searchPrompt == nil
/// ```
///
/// - Complexity: every member is O(1) apart from the prompt text.
public struct CommandInterpreter: Sendable {
    /// The text typed so far while the search prompt is open; `nil` when it is closed.
    public private(set) var searchPrompt: String?

    /// Creates an interpreter with the prompt closed.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// The command `key` gives, if any, updating the prompt.
    ///
    /// - Parameter key: The key pressed.
    /// - Returns: The command, or `nil` when the key only edits the prompt or means nothing.
    /// - Complexity: O(1) amortized.
    public mutating func interpret(_ key: Key) -> DemoCommand? {
        if var text = searchPrompt {
            switch key {
            case .character(let character):
                text.append(character)
                searchPrompt = text
            case .backspace:
                if !text.isEmpty { text.removeLast() }
                searchPrompt = text
            case .enter:
                searchPrompt = nil
                return text.isEmpty ? nil : .search(text)
            case .escape:
                searchPrompt = nil
            case .interrupt:
                searchPrompt = nil
                return .interrupt
            default:
                break
            }
            return nil
        }
        switch key {
        case .up, .character("k"): return .moveUp
        case .down, .character("j"): return .moveDown
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home, .character("g"): return .moveToFirst
        case .end, .character("G"): return .moveToLast
        case .enter: return .activate
        case .right, .character("l"): return .expandOrEnter
        case .left, .character("h"): return .collapseOrLeave
        case .character("c"): return .collapseAll
        case .character("e"): return .expandAll
        case .character("q"): return .quit
        case .interrupt: return .interrupt
        case .escape: return .cancel
        case .character("/"):
            searchPrompt = ""
            return nil
        default: return nil
        }
    }
}
