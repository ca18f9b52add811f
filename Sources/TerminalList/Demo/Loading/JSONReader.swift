/// A small JSON parser that remembers where each value starts, so that a mistake in the
/// data can be reported by line and column, not only by its path.
///
/// It accepts RFC 8259 JSON (no comments, no trailing commas) nested at most
/// ``maximumDepth`` deep.
struct JSONReader {
    /// A value and where it starts (1-based line and column, in Unicode scalars).
    struct Node {
        var value: Value
        var line: Int
        var column: Int
    }

    /// An object member: its key, where the key starts, and its value.
    struct Member {
        var key: String
        var line: Int
        var column: Int
        var value: Node
    }

    indirect enum Value {
        case object([Member])
        case array([Node])
        case string(String)
        case number(String)
        case bool(Bool)
        case null

        /// "an object", "a string"… for messages.
        var kindName: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// A syntax error and where it is; `isLimit` when the JSON is well-formed so far but
    /// nested deeper than ``maximumDepth``.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
        var isLimit = false
    }

    /// Deeper nesting is refused rather than risking the stack.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Parses one JSON value filling all of `bytes` (whitespace around it allowed).
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }  // a byte order mark takes no column
        reader.skipWhitespace()
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(line: line, column: column, message: message)
    }

    private func depthError() -> SyntaxError {
        SyntaxError(line: line, column: column, message: "nested more than \(JSONReader.maximumDepth) levels deep", isLimit: true)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes one byte, keeping the line and column up to date.
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    /// The character at the current position, or `nil` at the end.
    private func currentText() -> String? {
        guard index < bytes.count else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// "character 'x'", "end of the file"… for messages.
    private func describeCurrent() -> String {
        guard let text = currentText() else { return "end of the file" }
        if let scalar = text.unicodeScalars.first, scalar.value < 0x20 {
            return "control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return "character '\(text)'"
    }

    private mutating func expect(_ literal: String, value: Value) throws(SyntaxError) -> Value {
        for byte in literal.utf8 {
            guard current == byte else {
                throw error("invalid literal: expected \(literal)")
            }
            advance()
        }
        return value
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> Node {
        let startLine = line
        let startColumn = column
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        let value: Value
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < JSONReader.maximumDepth else { throw depthError() }
            value = try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < JSONReader.maximumDepth else { throw depthError() }
            value = try array(depth: depth + 1)
        case UInt8(ascii: "\""):
            value = .string(try string())
        case UInt8(ascii: "t"):
            value = try expect("true", value: .bool(true))
        case UInt8(ascii: "f"):
            value = try expect("false", value: .bool(false))
        case UInt8(ascii: "n"):
            value = try expect("null", value: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try number())
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
        return Node(value: value, line: startLine, column: startColumn)
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> Value {
        advance()  // {
        var members: [Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyLine = line
            let keyColumn = column
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \(DisplayWidth.quoted(key)), found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            let member = try value(depth: depth)
            members.append(Member(key: key, line: keyLine, column: keyColumn, value: member))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                return .object(members)
            default:
                throw error("expected ',' or '}' after the value of \(DisplayWidth.quoted(key)), found \(describeCurrent())")
            }
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> Value {
        advance()  // [
        var elements: [Node] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                return .array(elements)
            default:
                throw error("expected ',' or ']' after element [\(elements.count - 1)], found \(describeCurrent())")
            }
        }
    }

    private mutating func string() throws(SyntaxError) -> String {
        advance()  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string: the file ends inside it") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                guard let escape = current else { throw error("unterminated string: the file ends inside it") }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    advance()
                    let scalar = try unicodeEscape()
                    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
                    continue
                default:
                    throw error("invalid escape '\\\(currentText() ?? "")' in a string")
                }
                advance()
            case 0x0A:
                throw error("unterminated string: a line break inside a string (write it as \\n)")
            case 0x00..<0x20:
                throw error("\(describeCurrent()) inside a string (escape it)")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    /// Reads the XXXX of `\uXXXX` (and a following low surrogate when XXXX is a high one).
    private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("\\u\(String(first, radix: 16, uppercase: true)) is a high surrogate without a low surrogate after it")
            }
            advance()
            advance()
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("\\u\(String(second, radix: 16, uppercase: true)) is not a low surrogate")
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw error("\\u\(String(first, radix: 16, uppercase: true)) is a lone low surrogate")
        }
        return scalar
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw error("expected four hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, isDigit(first) else { throw error("expected a digit in a number, found \(describeCurrent())") }
        advance()
        if first != UInt8(ascii: "0") {
            while let byte = current, isDigit(byte) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard let byte = current, isDigit(byte) else { throw error("expected a digit after '.', found \(describeCurrent())") }
            while let byte = current, isDigit(byte) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let byte = current, isDigit(byte) else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            while let byte = current, isDigit(byte) { advance() }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
