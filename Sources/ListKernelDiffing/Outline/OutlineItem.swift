/// One node handed to an outline, in a flat preorder list: its identifier, its depth
/// relative to the place it goes (0 for the nodes placed directly there), whether it can hold
/// children, whether it starts expanded and, if known, its measured extent.
///
/// A flat list rather than nested values keeps a chain of 100,000 nested nodes free of
/// recursion (R17):
///
/// ```swift
/// // Documents( Notes, Photos(…lazy) ), Readme
/// let items: [OutlineItem<String>] = [
///     OutlineItem("Documents", depth: 0, children: .container, isExpanded: true),
///     OutlineItem("Notes", depth: 1),
///     OutlineItem("Photos", depth: 1, children: .lazy),
///     OutlineItem("Readme", depth: 0),
/// ]
/// ```
///
/// Each item's depth is at most one more than the previous item's; the items after a node
/// that are deeper than it are its children. A node with children is a container whatever
/// `children` says; a `.lazy` node may not be followed by children (they come from its load).
///
/// - Complexity: every member is O(1).
public struct OutlineItem<ID: Hashable & Sendable>: Sendable {
    /// Whether a node can hold children, and whether they are known.
    public enum Children: Sendable, Equatable {
        /// A leaf: no children, no disclosure arrow (it becomes a container when it receives one).
        case none
        /// A container: its children (if any) follow it in the list; it may be empty.
        case container
        /// A lazy container: it has children that are not known yet; expanding it asks for them.
        case lazy
    }

    /// The node's identifier, unique across the whole outline.
    public var id: ID
    /// The depth relative to where the list goes: 0 for nodes placed there directly.
    public var depth: Int
    /// Whether the node can hold children and whether they are known.
    public var children: Children
    /// Whether the node starts expanded (a container's flag; ignored for a leaf).
    public var isExpanded: Bool
    /// A measured extent in points, or `nil` to start from the outline's estimate.
    public var extent: Double?

    /// A node.
    ///
    /// - Complexity: O(1).
    public init(_ id: ID, depth: Int = 0, children: Children = .none, isExpanded: Bool = false, extent: Double? = nil) {
        self.id = id
        self.depth = depth
        self.children = children
        self.isExpanded = isExpanded
        self.extent = extent
    }
}
