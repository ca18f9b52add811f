/// One key press, decoded from the bytes a terminal sends (see ``KeyDecoder``).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[Bj".utf8))   // [.down, .character("j")]
/// ```
///
/// - Complexity: every member is O(1).
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// Arrow up (`ESC [ A`, `ESC O A`, with or without modifiers).
    case up
    /// Arrow down (`ESC [ B`, `ESC O B`).
    case down
    /// Arrow left (`ESC [ D`, `ESC O D`).
    case left
    /// Arrow right (`ESC [ C`, `ESC O C`).
    case right
    /// Page Up (`ESC [ 5 ~`).
    case pageUp
    /// Page Down (`ESC [ 6 ~`).
    case pageDown
    /// Home (`ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~`).
    case home
    /// End (`ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~`).
    case end
    /// Enter or Return (`\r`, `\n`; `\r\n` is one Enter).
    case enter
    /// Escape pressed on its own (a lone ESC, seen when no more bytes follow it).
    case escape
    /// Backspace (DEL 0x7F or BS 0x08).
    case backspace
    /// Ctrl-C (0x03); raw mode delivers it as a byte, not as SIGINT.
    case interrupt
    /// A printable character (any script: "j", "/", "张", "ー").
    case character(Character)
    /// Another control byte, e.g. 0x09 for Tab or 0x04 for Ctrl-D.
    case control(UInt8)
    /// Bytes that form no key this decoder knows (an unsupported escape sequence, invalid
    /// UTF-8), as received.
    case unknown([UInt8])

    /// A short name, e.g. `down`, `character("张")`, `unknown(1B 5B 32 7E)`.
    ///
    /// - Complexity: O(1) apart from `unknown`'s bytes.
    public var description: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .home: "home"
        case .end: "end"
        case .enter: "enter"
        case .escape: "escape"
        case .backspace: "backspace"
        case .interrupt: "ctrl-c"
        case .character(let character): "character(\(String(reflecting: String(character))))"
        case .control(let byte): "control(0x\(String(byte, radix: 16)))"
        case .unknown(let bytes): "unknown(\(bytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")))"
        }
    }
}
