/// What ``Terminal/nextEvent(timeoutMilliseconds:)`` saw while waiting.
///
/// - Complexity: every member is O(1).
public enum TerminalEvent: Hashable, Sendable {
    /// Bytes arrived from the keyboard (feed them to a ``KeyDecoder``).
    case input([UInt8])
    /// The window changed size (SIGWINCH): read ``Terminal/size`` and redraw in full.
    case resized
    /// Nothing happened before the timeout.
    case timedOut
    /// The input was closed or can't be read any more.
    case endOfInput
}
