/// One step of an outline audit. Rows and requests are picked by index and wrapped into
/// range when the step runs (so every step of a shrunk reproducer still does something);
/// its `description` is the Swift that builds it, for a paste-able reproducer.
///
/// A row pick counts every row of every section in order (section 0's rows, then section
/// 1's); a pick that lands on a placeholder means its owner. New nodes take the next
/// identifiers; a node's identifier decides its kind (``OutlineStaleStateAuditor/kind(of:)``).
///
/// ```swift
/// let steps: [OutlineAuditOperation] = [.insert(under: nil, section: 0, at: 0, count: 2), .expand(row: 1, recursive: false), .scroll(to: 44)]
/// ```
///
/// - Complexity: every member is O(1).
public enum OutlineAuditOperation: Hashable, Sendable, CustomStringConvertible {
    /// Expands the node of row `row` (all of its subtree when `recursive`).
    case expand(row: Int, recursive: Bool)
    /// Collapses the node of row `row` (all of its subtree when `recursive`).
    case collapse(row: Int, recursive: Bool)
    /// Moves the node of row `row` (with its subtree) under the node of row `under` (the
    /// top level of its own section when `nil`), at child index `at` (wrapped).
    case move(row: Int, under: Int?, at: Int)
    /// Inserts `count` new sibling nodes under the node of row `under` (the top level of
    /// `section` when `nil`), at child index `at` (wrapped).
    case insert(under: Int?, section: Int, at: Int, count: Int)
    /// Deletes the node of row `row` with its subtree.
    case delete(row: Int)
    /// Answers request `request` (an index into every request issued so far, pending or
    /// not, wrapped) with `children` new nodes: late, out of order, twice, or after the node
    /// was removed or collapsed, as the pick falls.
    case answer(request: Int, children: Int)
    /// Fails request `request` (picked as for ``answer(request:children:)``).
    case failLoad(request: Int)
    /// Scrolls to `offset` (clamped to the content).
    case scroll(to: Double)
    /// Resizes the viewport to `size` points.
    case resize(size: Double)

    /// The operation's name, for counts in a report.
    ///
    /// - Complexity: O(1).
    public var name: String {
        switch self {
        case .expand: "expand"
        case .collapse: "collapse"
        case .move: "move"
        case .insert: "insert"
        case .delete: "delete"
        case .answer: "answer"
        case .failLoad: "failLoad"
        case .scroll: "scroll"
        case .resize: "resize"
        }
    }

    /// The Swift that builds this operation, such as `.expand(row: 3, recursive: false)`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        func opt(_ value: Int?) -> String { value.map(String.init) ?? "nil" }
        return switch self {
        case .expand(let row, let recursive): ".expand(row: \(row), recursive: \(recursive))"
        case .collapse(let row, let recursive): ".collapse(row: \(row), recursive: \(recursive))"
        case .move(let row, let under, let at): ".move(row: \(row), under: \(opt(under)), at: \(at))"
        case .insert(let under, let section, let at, let count): ".insert(under: \(opt(under)), section: \(section), at: \(at), count: \(count))"
        case .delete(let row): ".delete(row: \(row))"
        case .answer(let request, let children): ".answer(request: \(request), children: \(children))"
        case .failLoad(let request): ".failLoad(request: \(request))"
        case .scroll(let offset): ".scroll(to: \(offset))"
        case .resize(let size): ".resize(size: \(size))"
        }
    }

    /// Why no run accepts this operation (a negative count or pick, an offset or size that
    /// is not finite), or `nil`.
    ///
    /// - Complexity: O(1).
    public var validationError: String? {
        func negative(_ values: Int?...) -> Bool { values.contains { ($0 ?? 0) < 0 } }
        switch self {
        case .expand(let row, _), .collapse(let row, _), .delete(let row):
            return negative(row) ? "row \(row) is negative" : nil
        case .move(let row, let under, let at):
            return negative(row, under, at) ? "a row or index is negative" : nil
        case .insert(let under, let section, let at, let count):
            if negative(under, section, at) { return "a row, section or index is negative" }
            return count < 1 || count > 64 ? "count is \(count); it must be 1…64" : nil
        case .answer(let request, let children):
            if negative(request) { return "request \(request) is negative" }
            return children < 0 || children > 64 ? "children is \(children); it must be 0…64" : nil
        case .failLoad(let request):
            return negative(request) ? "request \(request) is negative" : nil
        case .scroll(let offset):
            return offset.isFinite && offset >= 0 && offset <= 1e9 ? nil : "offset \(offset) is not in 0…1e9"
        case .resize(let size):
            return size.isFinite && size > 0 && size <= 1e6 ? nil : "size \(size) is not in (0, 1e6]"
        }
    }

    /// Simpler versions, for the shrinker: smaller picks and counts, non-recursive, `nil`
    /// parents. Each has a smaller ``weight``.
    var simpler: [OutlineAuditOperation] {
        func smaller(_ v: Int) -> [Int] { v == 0 ? [] : [0, v / 2, v - 1] }
        func smaller(_ x: Double) -> [Double] { x == 0 ? [] : [0, (x / 2).rounded(), x.rounded(.towardZero)] }
        var result: [OutlineAuditOperation] = []
        switch self {
        case .expand(let row, let recursive):
            if recursive { result.append(.expand(row: row, recursive: false)) }
            result += smaller(row).map { .expand(row: $0, recursive: recursive) }
        case .collapse(let row, let recursive):
            if recursive { result.append(.collapse(row: row, recursive: false)) }
            result += smaller(row).map { .collapse(row: $0, recursive: recursive) }
        case .move(let row, let under, let at):
            if under != nil { result.append(.move(row: row, under: nil, at: at)) }
            result += smaller(row).map { .move(row: $0, under: under, at: at) }
            result += smaller(under ?? 0).map { .move(row: row, under: $0, at: at) }
            result += smaller(at).map { .move(row: row, under: under, at: $0) }
        case .insert(let under, let section, let at, let count):
            if under != nil { result.append(.insert(under: nil, section: section, at: at, count: count)) }
            result += smaller(count - 1).map { .insert(under: under, section: section, at: at, count: $0 + 1) }
            result += smaller(under ?? 0).map { .insert(under: $0, section: section, at: at, count: count) }
            result += smaller(section).map { .insert(under: under, section: $0, at: at, count: count) }
            result += smaller(at).map { .insert(under: under, section: section, at: $0, count: count) }
        case .delete(let row):
            result += smaller(row).map { .delete(row: $0) }
        case .answer(let request, let children):
            result += smaller(children).map { .answer(request: request, children: $0) }
            result += smaller(request).map { .answer(request: $0, children: children) }
        case .failLoad(let request):
            result += smaller(request).map { .failLoad(request: $0) }
        case .scroll(let offset):
            result += smaller(offset).map { .scroll(to: $0) }
        case .resize(let size):
            result += smaller(size).filter { $0 > 0 }.map { .resize(size: $0) }
        }
        return result.filter { $0.weight < weight }
    }

    /// The sum of the operation's magnitudes, plus one for a recursive step or a parent.
    var weight: Double {
        switch self {
        case .expand(let row, let recursive), .collapse(let row, let recursive): Double(row) + (recursive ? 1 : 0)
        case .move(let row, let under, let at): Double(row + at) + (under.map { Double($0) + 1 } ?? 0)
        case .insert(let under, let section, let at, let count): Double(section + at + count) + (under.map { Double($0) + 1 } ?? 0)
        case .delete(let row): Double(row)
        case .answer(let request, let children): Double(request + children)
        case .failLoad(let request): Double(request)
        case .scroll(let offset): offset
        case .resize(let size): size
        }
    }
}
