public import ListKernel

/// A `--data` file whose items nest (an item with its own `"items"`): groups to any depth,
/// kept as a flat preorder list with depths, as `OutlineItem` is, so that neither building
/// it nor comparing or freeing it recurses however deep the file goes.
///
/// The file's sections are the top-level groups (depth 0); their items are depth 1, and an
/// item's `"items"` are one deeper:
///
/// ```swift
/// // [{"title": "Documents", "items": ["Notes", {"title": "Photos", "items": ["a.jpg"]}]}]
/// document.nodes.map(\.depth)   // [0, 1, 1, 2]: Documents, Notes, Photos, a.jpg
/// ```
///
/// - Complexity: every member is O(1) unless noted.
public struct DemoOutline: Hashable, Sendable {
    /// One node: a section, a group (an item with `"items"`, possibly empty) or a leaf.
    ///
    /// - Complexity: every member is O(1).
    public struct Node: Hashable, Sendable {
        /// The text of the row.
        public var title: String
        /// A leaf's detail, shown when the row is expanded (as a flat file's items); `nil`
        /// for none and for every group.
        public var detail: String?
        /// 0 for a section, one more per level of `"items"`.
        public var depth: Int
        /// Whether the node is a group (a disclosure arrow), even an empty one.
        public var isGroup: Bool
        /// Whether a group starts expanded (`"collapsed": false`, the default).
        public var isExpanded: Bool

        /// Creates a node.
        ///
        /// - Complexity: O(1).
        public init(title: String, detail: String? = nil, depth: Int, isGroup: Bool, isExpanded: Bool = false) {
            self.title = title
            self.detail = detail
            self.depth = depth
            self.isGroup = isGroup
            self.isExpanded = isGroup && isExpanded
        }
    }

    /// The nodes in preorder; a node's identifier in the outline is its index here.
    public var nodes: [Node]

    /// An outline of `nodes`, in preorder: each depth at most one more than the one before.
    ///
    /// - Complexity: O(1).
    public init(nodes: [Node]) { self.nodes = nodes }

    /// The nodes as the kernel's outline items, identified by their index.
    ///
    /// - Complexity: O(n).
    public var outlineItems: [OutlineItem<Int>] {
        nodes.enumerated().map { index, node in
            OutlineItem(index, depth: node.depth, children: node.isGroup ? .container : .none, isExpanded: node.isExpanded)
        }
    }
}

/// What a `--data` file holds: flat sections (headers and rows, ``DemoSession``), or
/// groups nested to any depth (an outline, ``OutlineSession``) as soon as one item has its
/// own `"items"`.
///
/// - Complexity: every member is O(1).
public enum DemoDocument: Hashable, Sendable {
    /// Sections of rows: no item has `"items"` (every property list is this).
    case sections([DemoSection])
    /// Nested groups: the sections are the top-level groups.
    case outline(DemoOutline)
}
