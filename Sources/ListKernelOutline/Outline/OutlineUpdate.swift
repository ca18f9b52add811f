public import ListKernelCore

/// What an outline operation did, with the contract's status names (`Docs/Outline.md`). A
/// rejected operation (every case from `notExpandable` on, except
/// `rejectedDuplicateIdentifier`, which fails a load as `failed` does) leaves the outline
/// unchanged: no row events, no flag changes, no requests.
///
/// - Complexity: every member is O(1), except `description`, O(the numbers' digits).
public enum OutlineStatus<ID: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The node is now expanded.
    case expanded
    /// The node is now collapsed.
    case collapsed
    /// Nothing to do: already expanded (or collapsed), or nothing changed.
    case noChange
    /// An insert, delete, reload or answer was applied.
    case applied
    /// A move was applied.
    case moved
    /// An answer reported a failure: the node is unloaded and collapsed again.
    case failed
    /// An answer for a node deleted since its request (or deleted and inserted again).
    case droppedNodeRemoved
    /// A second answer for one request.
    case droppedDuplicateAnswer
    /// An answer for a request a reload of the node's children superseded.
    case droppedSuperseded
    /// A leaf can't be expanded.
    case notExpandable(ID)
    /// A placeholder is not a node.
    case notAnItem
    /// No node has this identifier.
    case unknownIdentifier(ID)
    /// The parent named for an insert or a move is not a node.
    case unknownParent(ID)
    /// A move into the node itself or one of its descendants.
    case cycle(ID, into: ID)
    /// A child index outside `0...count` (insert) or the node's final index outside
    /// `0...count` (move, count without the node).
    case indexOutOfRange(index: Int, count: Int)
    /// A section outside `0..<sectionCount`.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// The identifier is already in the outline, or twice in one batch.
    case duplicateIdentifier(ID)
    /// An insert or move into a lazy node whose children have not arrived.
    case parentNotLoaded(ID)
    /// A token this outline never issued.
    case rejectedUnknownToken(OutlineLoadToken)
    /// An answer whose children hold a duplicate identifier: the load failed.
    case rejectedDuplicateIdentifier(ID)
    /// Item `index` of a batch has depth `depth`, but only `0...maximum` is allowed there (one
    /// more than the item before it; a lazy item can't be followed by children).
    case invalidDepth(index: Int, depth: Int, maximum: Int)
    /// An extent that is NaN, infinite, negative or larger than
    /// `FixedPoint.maximumElementExtent`.
    case invalidExtent(Double)
    /// The change would give the outline more than `Outline.maximumNodeCount` nodes.
    case tooManyNodes(count: Int, adding: Int)

    /// Whether the operation was rejected, leaving everything unchanged (an answer whose
    /// children repeat an identifier is not: it fails the load).
    ///
    /// - Complexity: O(1).
    public var isRejection: Bool {
        switch self {
        case .expanded, .collapsed, .noChange, .applied, .moved, .failed, .droppedNodeRemoved, .droppedDuplicateAnswer, .droppedSuperseded,
             .rejectedDuplicateIdentifier:
            false
        default:
            true
        }
    }

    /// A sentence naming the numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .expanded: "expanded"
        case .collapsed: "collapsed"
        case .noChange: "no change"
        case .applied: "applied"
        case .moved: "moved"
        case .failed: "the load failed: the node is unloaded and collapsed"
        case .droppedNodeRemoved: "dropped: the node was removed after the request"
        case .droppedDuplicateAnswer: "dropped: the request was already answered"
        case .droppedSuperseded: "dropped: the node's children were reloaded after the request"
        case .notExpandable(let id): "\(id) is a leaf, which can't be expanded"
        case .notAnItem: "a placeholder is not a node"
        case .unknownIdentifier(let id): "no node is identified by \(id)"
        case .unknownParent(let id): "no parent node is identified by \(id)"
        case .cycle(let id, let parent): "\(id) can't move into \(parent), which is itself or one of its descendants"
        case .indexOutOfRange(let index, let count): "index \(index) is out of range: the valid places are 0...\(count)"
        case .sectionOutOfRange(let section, let count): "section \(section) is out of range: the outline has \(count) section\(count == 1 ? "" : "s")"
        case .duplicateIdentifier(let id): "\(id) is already in the outline, or twice in the batch"
        case .parentNotLoaded(let id): "\(id)'s children have not been loaded"
        case .rejectedUnknownToken(let token): "\(token) was never issued by this outline"
        case .rejectedDuplicateIdentifier(let id): "the answer holds \(id), which is already in the outline or twice in the answer"
        case .invalidDepth(let index, let depth, let maximum): "item \(index) has depth \(depth), but 0...\(maximum) is allowed there"
        case .invalidExtent(let extent): "extent \(extent) is not a finite number of points in 0...\(FixedPoint.maximumElementExtent)"
        case .tooManyNodes(let count, let adding): "the outline has \(count) nodes and the change adds \(adding), more than \(1 << 27)"
        }
    }
}

/// The result of one outline operation: its status and, when it changed what is shown, the
/// row events in UIKit batch semantics (deleted rows before the update, inserted rows after
/// it, moves old → new, reconfigured rows after it), and the load requests it issued.
///
/// - Complexity: every member is O(1).
public struct OutlineUpdate<ID: Hashable & Sendable>: Sendable {
    /// What happened.
    public var status: OutlineStatus<ID>
    /// Rows removed, before the update.
    public var deletedRows: [OutlineRows] = []
    /// Rows added, after the update.
    public var insertedRows: [OutlineRows] = []
    /// Rows of moved subtrees that are visible before and after, old → new.
    public var movedRows: [Move<ItemPath>] = []
    /// Rows present before and after whose configuration changed, after the update.
    public var reconfiguredRows: [ItemPath] = []
    /// Rows whose extent changed (a measurement of a visible node), after the update.
    public var resizedRows: [ItemPath] = []
    /// Sections whose rows were all replaced (expand-all, collapse-all).
    public var reloadedSections: [Int] = []
    /// Requests for children this operation issued.
    public var loadRequests: [OutlineLoadRequest<ID>] = []

    /// An update with `status` and no events.
    ///
    /// - Complexity: O(1).
    public init(status: OutlineStatus<ID>) { self.status = status }

    /// Whether the update changes nothing on screen.
    ///
    /// - Complexity: O(1).
    public var hasNoRowEvents: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && reconfiguredRows.isEmpty && reloadedSections.isEmpty
    }
}
