
/// The loading state of a node (R11): `none` for a node that is not lazy.
public enum OutlineLoadState: Sendable, Hashable {
    /// Not a lazy node: its children are known.
    case none
    /// A lazy node whose children have not been asked for.
    case unloaded
    /// A lazy node whose children were asked for and have not arrived.
    case loading
    /// A lazy node whose children arrived.
    case loaded
}

/// What a row shows: a node, or the placeholder under a node whose children are loading.
public enum OutlineRowKind<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The row of node `id`.
    case item(ID)
    /// The "loading…" row under `owner`, which is not a node.
    case placeholder(owner: ID)
}

/// Everything a row view needs to show a row, complete, so that binding never relies on
/// what the view showed before (R12): what it is, its depth, whether it has a disclosure
/// arrow, which way the arrow points, and the node's loading state.
///
/// - Complexity: every member is O(1).
public struct OutlineRowConfiguration<ID: Hashable & Sendable>: Sendable, Hashable {
    /// The node, or the placeholder's owner.
    public var kind: OutlineRowKind<ID>
    /// The depth: 0 at the top level; a placeholder is one deeper than its owner.
    public var depth: Int
    /// Whether the row shows a disclosure arrow (the node is a container).
    public var isExpandable: Bool
    /// Whether the arrow points down (the node is expanded).
    public var isExpanded: Bool
    /// The node's loading state (`.loading` for a placeholder's owner).
    public var loadState: OutlineLoadState

    /// A configuration.
    ///
    /// - Complexity: O(1).
    public init(kind: OutlineRowKind<ID>, depth: Int, isExpandable: Bool, isExpanded: Bool, loadState: OutlineLoadState) {
        self.kind = kind
        self.depth = depth
        self.isExpandable = isExpandable
        self.isExpanded = isExpanded
        self.loadState = loadState
    }
}

/// The address of a node, visible or hidden: its section and its child indexes from the
/// section's top level (`[0, 0, 1]`: the second child of the first child of the first
/// top-level node).
///
/// - Complexity: every member is O(1), except `description`, O(depth).
public struct OutlinePath: Hashable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The child indexes, one per level; never empty.
    public var indexes: [Int]

    /// The path `indexes` in `section`.
    ///
    /// - Complexity: O(1).
    public init(section: Int, _ indexes: [Int]) {
        self.section = section
        self.indexes = indexes
    }

    /// `section 0 [0, 2, 1]`.
    ///
    /// - Complexity: O(depth).
    public var description: String { "section \(section) \(indexes)" }
}

/// A contiguous run of rows in one section: `rows` are row indexes (flat visible positions
/// inside the section).
///
/// - Complexity: every member is O(1).
public struct OutlineRows: Hashable, Sendable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The rows.
    public var rows: Range<Int>

    /// Rows `rows` of `section`.
    ///
    /// - Complexity: O(1).
    public init(section: Int, rows: Range<Int>) {
        self.section = section
        self.rows = rows
    }

    /// `section 0 rows 3..<7`.
    ///
    /// - Complexity: O(1).
    public var description: String { "section \(section) rows \(rows)" }
}

/// The ticket of one request for a lazy node's children: hand it back with the answer.
/// Tied to the node's incarnation and to its latest reload (R11).
///
/// - Complexity: every member is O(1).
public struct OutlineLoadToken: Hashable, Sendable, CustomStringConvertible {
    /// The request's serial number, unique in its outline.
    public let serial: UInt64

    /// A token with serial `serial` (for tests and for front ends that persist tokens).
    ///
    /// - Complexity: O(1).
    public init(serial: UInt64) { self.serial = serial }

    /// `load #7`.
    ///
    /// - Complexity: O(1).
    public var description: String { "load #\(serial)" }
}

/// A request for node `id`'s children, which the outline issued: load them (now or later,
/// on any thread) and answer with `token`.
///
/// - Complexity: every member is O(1).
public struct OutlineLoadRequest<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The node whose children are wanted.
    public var id: ID
    /// The token to answer with.
    public var token: OutlineLoadToken
}
