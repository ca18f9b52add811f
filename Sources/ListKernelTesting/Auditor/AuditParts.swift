/// Compares two rendered values part by part, through `Mirror`, so a report names what
/// differs (`subtitle`, `badge`, `header.isFolded`) instead of printing two whole values.
///
/// A part is a stored property (of a struct, class or tuple), or an enum's payload; parts
/// of parts are named with dots, up to four levels down. A value whose type has no parts
/// (a string, a number, an array) is one part. Parts are compared with their own `==`
/// where they are `Equatable`, else by their description; when the whole values differ but
/// no part does (a custom `==`), the whole value is the one part named `value`.
///
/// A `Rendered` type names its parts differently by conforming to `CustomReflectable`.
enum AuditParts {
    /// One part that differs.
    struct Difference {
        /// The labels from the value down to the part.
        var path: [String]
        var found: String
        var expected: String

        /// `subtitle`, `header.isFolded`, or `value` for the whole value.
        var name: String { path.isEmpty ? "value" : path.joined(separator: ".") }
    }

    static let maximumDepth = 4

    /// Every part of `found` that differs from the same part of `expected`; empty when the
    /// two are equal.
    static func differences<T: Equatable>(found: T, expected: T) -> [Difference] {
        guard found != expected else { return [] }
        var differences: [Difference] = []
        collect(found, expected, path: [], into: &differences)
        if differences.isEmpty { differences.append(Difference(path: [], found: text(found), expected: text(expected))) }
        return differences
    }

    static func collect(_ found: Any, _ expected: Any, path: [String], into differences: inout [Difference]) {
        if isEqual(found, expected) { return }
        let f = Mirror(reflecting: found)
        let e = Mirror(reflecting: expected)
        if f.displayStyle == .optional, e.displayStyle == .optional, let fv = f.children.first?.value, let ev = e.children.first?.value {
            return collect(fv, ev, path: path, into: &differences)
        }
        let composite: Set<Mirror.DisplayStyle> = [.struct, .class, .tuple, .enum]
        if path.count < maximumDepth, let style = f.displayStyle, style == e.displayStyle, composite.contains(style),
           !f.children.isEmpty, f.children.count == e.children.count,
           zip(f.children, e.children).allSatisfy({ $0.label == $1.label }) {
            let before = differences.count
            for (index, (fc, ec)) in zip(f.children, e.children).enumerated() {
                collect(fc.value, ec.value, path: path + [fc.label ?? "\(index)"], into: &differences)
            }
            if differences.count > before { return }
        }
        differences.append(Difference(path: path, found: text(found), expected: text(expected)))
    }

    /// The part of `value` at `path`, or `nil` when it has no such part (an optional on the
    /// way is `nil`, or the labels differ).
    static func part(at path: [String], of value: Any) -> Any? {
        var current = value
        for label in path {
            var mirror = Mirror(reflecting: current)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return nil }
                current = wrapped
                mirror = Mirror(reflecting: wrapped)
            }
            guard let child = mirror.children.enumerated().first(where: { ($1.label ?? "\($0)") == label })?.element else { return nil }
            current = child.value
        }
        return current
    }

    /// Whether two parts are equal: by their own `==` when they are `Equatable` and of one
    /// type, else by their descriptions.
    static func isEqual(_ a: Any, _ b: Any) -> Bool {
        func same<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T).map { $0 == a } ?? false }
        if let a = a as? any Equatable { return same(a, b) }
        return text(a) == text(b)
    }

    /// `nil`, `"Lunch at noon?"` (strings quoted), `3`, `true`, or the value's description.
    static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return text(wrapped)
        }
        if value is String || value is Substring || value is Character { return String(reflecting: value) }
        return String(describing: value)
    }
}
