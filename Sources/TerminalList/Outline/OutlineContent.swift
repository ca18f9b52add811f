public import ListKernel

/// What an outline row shows besides its structure: a title, a leaf's detail, and a dim
/// note ("→ target", "(unreadable: Permission denied)").
///
/// - Complexity: every member is O(1).
public struct OutlineNodeText: Hashable, Sendable {
    /// The title.
    public var title: String
    /// A leaf's detail, shown when the row is expanded, or `nil`.
    public var detail: String?
    /// A dim note after the title, or `nil`.
    public var note: String?

    /// Creates a node's text.
    ///
    /// - Complexity: O(1).
    public init(title: String, detail: String? = nil, note: String? = nil) {
        self.title = title
        self.detail = detail
        self.note = note
    }
}

/// The children a load request asked for, or its failure.
///
/// - Complexity: every member is O(1).
public struct OutlineLoadAnswer: Sendable {
    /// The request's token (`OutlineLoadRequest.token`).
    public var token: OutlineLoadToken
    /// The children, a flat preorder list; `nil` when the load failed (the content says
    /// why in the node's note).
    public var children: [OutlineItem<Int>]?

    /// Creates an answer.
    ///
    /// - Complexity: O(1).
    public init(token: OutlineLoadToken, children: [OutlineItem<Int>]?) {
        self.token = token
        self.children = children
    }
}

/// What an ``OutlineSession`` shows for each node (identified by an `Int`), and where the
/// children of its lazy nodes come from.
///
/// Loading is asynchronous and pull-based, so the session never changes the outline from
/// another thread: ``startLoading(_:)`` only starts the work (a background thread lists a
/// directory), and the session collects what finished with ``takeFinishedLoads()`` on its
/// own thread, between keys, and hands each answer to the outline's token API. With
/// `--script`, ``waitForFinishedLoad()`` blocks until one is ready, so a scripted run
/// shows every load answered and its output is the same every time.
///
///     session ── expand ──▶ Outline ── loadRequests ──▶ startLoading ──▶ worker thread
///        ▲                                                                   │
///        └── answer(token, children) ◀── takeFinishedLoads ◀── finished ◀────┘
///
/// Content without lazy nodes needs only ``text(of:)``: the others have defaults.
///
/// - Complexity: as each conformance documents.
public protocol OutlineContent: AnyObject {
    /// The text of node `node`.
    func text(of node: Int) -> OutlineNodeText
    /// Starts loading the children `request` asks for; returns at once.
    func startLoading(_ request: OutlineLoadRequest<Int>)
    /// Loads started and not yet taken by ``takeFinishedLoads()``.
    var pendingLoadCount: Int { get }
    /// The loads that finished since the last call, in the order they finished.
    func takeFinishedLoads() -> [OutlineLoadAnswer]
    /// Blocks until a load has finished (returns at once when none is pending).
    func waitForFinishedLoad()
    /// The node after `node` in preorder, wrapping from the last to the first, when the
    /// content knows its order without the outline; `nil` lets the session walk the
    /// outline (O(log n) a node, several descents).
    func node(after node: Int) -> Int?
}

extension OutlineContent {
    /// No lazy nodes: nothing to start.
    ///
    /// - Complexity: O(1).
    public func startLoading(_ request: OutlineLoadRequest<Int>) {}
    /// No lazy nodes: nothing pending.
    ///
    /// - Complexity: O(1).
    public var pendingLoadCount: Int { 0 }
    /// No lazy nodes: nothing finishes.
    ///
    /// - Complexity: O(1).
    public func takeFinishedLoads() -> [OutlineLoadAnswer] { [] }
    /// No lazy nodes: nothing to wait for.
    ///
    /// - Complexity: O(1).
    public func waitForFinishedLoad() {}
    /// The outline knows the order.
    ///
    /// - Complexity: O(1).
    public func node(after node: Int) -> Int? { nil }
}

/// The content of a nested `--data` file: each node's title and detail, by its index in
/// the file's preorder (``DemoOutline``). Nothing is lazy.
///
/// - Complexity: every member is O(1).
public final class DemoOutlineContent: OutlineContent {
    /// The document.
    public let document: DemoOutline

    /// Content for `document`.
    ///
    /// - Complexity: O(1).
    public init(_ document: DemoOutline) { self.document = document }

    /// The node's title and detail; an empty group says "(empty)".
    ///
    /// - Complexity: O(1).
    public func text(of node: Int) -> OutlineNodeText {
        let value = document.nodes[node]
        let isEmptyGroup = value.isGroup && (node + 1 == document.nodes.count || document.nodes[node + 1].depth <= value.depth)
        return OutlineNodeText(title: value.title, detail: value.detail, note: isEmptyGroup ? "(empty)" : nil)
    }

    /// The next index: identifiers are the file's preorder, which the outline keeps
    /// (nothing is inserted, deleted or moved in a data file's outline).
    ///
    /// - Complexity: O(1).
    public func node(after node: Int) -> Int? {
        document.nodes.isEmpty ? nil : (node + 1) % document.nodes.count
    }
}
