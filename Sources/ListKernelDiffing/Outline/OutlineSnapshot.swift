/// An outline as plain data: per section, a forest of identifiers in flat preorder
/// (`OutlineItem`s with depths), with each node's lazy declaration and expansion flag. The
/// input of a tree diff (R14) and of `Outline.apply(_:expansion:)`.
///
/// ```swift
/// let snapshot = try OutlineSnapshot(sections: [[
///     OutlineItem("A", depth: 0), OutlineItem("B", depth: 1), OutlineItem("C", depth: 0),
/// ]])
/// ```
///
/// A snapshot is valid when every identifier occurs once across all sections (R2) and each
/// item's depth is at most one more than the previous item's (0 for a section's first, and
/// no child after a lazy item).
///
/// - Complexity: every member is O(1) except where noted.
public struct OutlineSnapshot<ID: Hashable & Sendable>: Sendable {
    /// The sections' items, in preorder.
    public let sections: [[OutlineItem<ID>]]

    /// A checked snapshot.
    ///
    /// - Throws: `OutlineSnapshotError.duplicateIdentifier` or `.invalidDepth`, naming the
    ///   item.
    /// - Complexity: O(n).
    public init(sections: [[OutlineItem<ID>]]) throws(OutlineSnapshotError<ID>) {
        var seen = Set<ID>(minimumCapacity: sections.reduce(0) { $0 + $1.count })
        for (section, items) in sections.enumerated() {
            for (k, item) in items.enumerated() {
                let maximum = k == 0 ? 0 : (items[k - 1].children == .lazy ? items[k - 1].depth : items[k - 1].depth + 1)
                guard item.depth >= 0, item.depth <= maximum else {
                    throw .invalidDepth(section: section, index: k, depth: item.depth, maximum: maximum)
                }
                guard seen.insert(item.id).inserted else { throw .duplicateIdentifier(item.id, section: section, index: k) }
            }
        }
        self.sections = sections
    }

    /// The number of nodes in all sections.
    ///
    /// - Complexity: O(sections).
    public var count: Int { sections.reduce(0) { $0 + $1.count } }
}

/// Why a snapshot is invalid.
///
/// - Complexity: every member is O(1).
public enum OutlineSnapshotError<ID: Hashable & Sendable>: Error, Sendable, Equatable, CustomStringConvertible {
    /// Identifier `id` occurs a second time, at item `index` of `section`.
    case duplicateIdentifier(ID, section: Int, index: Int)
    /// Item `index` of `section` has depth `depth`, but only `0...maximum` is allowed there.
    case invalidDepth(section: Int, index: Int, depth: Int, maximum: Int)

    /// A sentence naming the numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .duplicateIdentifier(let id, let section, let index):
            "\(id) occurs twice: again at item \(index) of section \(section)"
        case .invalidDepth(let section, let index, let depth, let maximum):
            "item \(index) of section \(section) has depth \(depth), but 0...\(maximum) is allowed there"
        }
    }
}

/// Where a node hangs: a section's top level or under a parent node.
public enum OutlineParent<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The top level of a section.
    case topLevel(section: Int)
    /// Under node `id`.
    case node(ID)
}
