/// Turns the bytes read from a terminal in raw mode into ``Key``s, across reads: an
/// escape sequence or a UTF-8 character split between two reads is completed by the next.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B])             // []        (maybe Esc, maybe the start of a sequence)
/// decoder.decode(Array("[A".utf8))   // [.up]
/// decoder.decode([0x1B])             // []
/// decoder.flush()                    // [.escape] (no more bytes came: it was Esc)
/// ```
///
/// A lone ESC can't be told from the start of a sequence until more bytes come or none
/// do; call ``flush()`` when input has been quiet for a moment (about 25 ms) while
/// ``hasPendingInput`` is true. ESC followed by a byte that starts no sequence is Escape
/// followed by that byte's key (how terminals send Alt+key).
///
/// - Complexity: O(n) per call in the bytes given plus those pending.
public struct KeyDecoder: Sendable {
    /// Bytes of an incomplete sequence or character, kept for the next call.
    private var pending: [UInt8] = []
    /// Whether the last byte decoded was CR, so that a following LF is not a second Enter.
    private var lastWasCarriageReturn = false

    /// Creates a decoder with nothing pending.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Whether bytes of an unfinished key wait for more input (or for ``flush()``).
    ///
    /// - Complexity: O(1).
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending; an incomplete sequence at the end is
    /// kept for the next call.
    ///
    /// - Parameter bytes: The bytes just read.
    /// - Returns: The keys completed by these bytes, in order.
    /// - Complexity: O(n) in the bytes given plus those pending.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return run(final: false)
    }

    /// Decodes what is pending as if no more bytes will follow: a lone ESC is ``Key/escape``,
    /// an unfinished sequence is Escape plus its bytes' keys, a cut UTF-8 character is
    /// ``Key/unknown(_:)``.
    ///
    /// - Returns: The keys; empty when nothing was pending.
    /// - Complexity: O(p) in the bytes pending.
    public mutating func flush() -> [Key] {
        run(final: true)
    }

    private mutating func run(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        let bytes = pending
        while index < bytes.count {
            let byte = bytes[index]
            let wasCarriageReturn = lastWasCarriageReturn
            lastWasCarriageReturn = false
            switch byte {
            case 0x1B:
                switch KeyDecoder.escapeSequence(bytes, at: index) {
                case .incomplete where !final:
                    pending = Array(bytes[index...])
                    return keys
                case .incomplete, .none:
                    keys.append(.escape)
                    index += 1
                case .key(let key, let length):
                    keys.append(key)
                    index += length
                }
            case 0x0D:
                keys.append(.enter)
                lastWasCarriageReturn = true
                index += 1
            case 0x0A:
                if !wasCarriageReturn { keys.append(.enter) }
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x03:
                keys.append(.interrupt)
                index += 1
            case 0x00..<0x20:
                keys.append(.control(byte))
                index += 1
            case 0x20..<0x7F:
                keys.append(.character(Character(Unicode.Scalar(byte))))
                index += 1
            default:
                switch KeyDecoder.utf8Scalar(bytes, at: index) {
                case .incomplete where !final:
                    pending = Array(bytes[index...])
                    return keys
                case .incomplete:
                    keys.append(.unknown(Array(bytes[index...])))
                    index = bytes.count
                case .invalid:
                    keys.append(.unknown([byte]))
                    index += 1
                case .scalar(let scalar, let length):
                    keys.append(.character(Character(scalar)))
                    index += length
                }
            }
        }
        pending = []
        return keys
    }

    private enum EscapeMatch {
        case incomplete
        case none
        case key(Key, length: Int)
    }

    /// Matches the escape sequence starting at `start` (which holds ESC).
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> EscapeMatch {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
            var index = start + 2
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .incomplete }
            let final = bytes[index]
            let length = index - start + 1
            guard (0x40...0x7E).contains(final) else { return .none }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            let first = parameters.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let key: Key
            switch final {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "~"):
                switch first {
                case "1", "7": key = .home
                case "4", "8": key = .end
                case "5": key = .pageUp
                case "6": key = .pageDown
                default: key = .unknown(Array(bytes[start..<(start + length)]))
                }
            default: key = .unknown(Array(bytes[start..<(start + length)]))
            }
            return .key(key, length: length)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            switch bytes[start + 2] {
            case UInt8(ascii: "A"): return .key(.up, length: 3)
            case UInt8(ascii: "B"): return .key(.down, length: 3)
            case UInt8(ascii: "C"): return .key(.right, length: 3)
            case UInt8(ascii: "D"): return .key(.left, length: 3)
            case UInt8(ascii: "H"): return .key(.home, length: 3)
            case UInt8(ascii: "F"): return .key(.end, length: 3)
            case 0x40...0x7E: return .key(.unknown(Array(bytes[start...(start + 2)])), length: 3)
            default: return .none
            }
        default:
            return .none
        }
    }

    private enum UTF8Match {
        case incomplete
        case invalid
        case scalar(Unicode.Scalar, length: Int)
    }

    /// Decodes the UTF-8 scalar whose lead byte (≥ 0x80) is at `start`.
    private static func utf8Scalar(_ bytes: [UInt8], at start: Int) -> UTF8Match {
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return .invalid
        }
        for offset in 1..<length {
            guard start + offset < bytes.count else { return .incomplete }
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { return .invalid }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are rejected here.
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, length: length)
    }
}
