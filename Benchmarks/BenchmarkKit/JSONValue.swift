/// A JSON value written by hand, keys kept in the order they were given, so the benchmark's
/// output is the same text for the same figures (no Foundation encoder, whose key order and
/// number format are its own).
///
/// ```swift
/// let value = JSONValue.object([("median", .number(12.5)), ("unit", .string("ns"))])
/// value.text   // {"median": 12.5, "unit": "ns"}
/// ```
package indirect enum JSONValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as one line of JSON. A number that is not finite is written `null` (JSON
    /// has no NaN or infinity); a whole number below 10^15 is written without a fraction.
    ///
    /// - Complexity: O(size of the value).
    package var text: String {
        switch self {
        case .number(let value): JSONValue.format(value)
        case .string(let value): JSONValue.quote(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .array(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.map { JSONValue.quote($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    /// `value` as a JSON number: whole numbers without a fraction, others to three decimals
    /// (the precision the benchmark reports), `null` when not finite.
    ///
    /// - Complexity: O(1).
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let scaled = (value * 1000).rounded() / 1000
        if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int64(scaled)) }
        return "\(scaled)"
    }

    /// `string` in double quotes, with quotes, backslashes and control characters escaped.
    ///
    /// - Complexity: O(length).
    package static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Two values are equal when they would be written as the same text.
    ///
    /// - Complexity: O(size of the values).
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }
}
