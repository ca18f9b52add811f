@_spi(ListKernelTesting) import ListKernelCore

/// Where a view stands in the reuse pool's lifecycle (see the diagram on ``ReusePool``).
///
/// Every view a pool made is in exactly one state; a view the pool has discarded, or never
/// made, is ``untracked``.
///
/// - Complexity: every member is O(1).
public enum ReuseState: Hashable, Sendable, CustomStringConvertible {
    /// In the pool, waiting to be dequeued; the pool holds it.
    case pooled
    /// Dequeued (new or recycled) and not displayed yet; the front end is configuring it.
    case prepared
    /// On screen.
    case displayed
    /// Its display ended and it has not been enqueued (or re-displayed) yet.
    case ended
    /// Discarded and forgotten, or never made by this pool: the pool keeps no record of it
    /// and no reference to it.
    case untracked

    /// The state's name: `pooled`, `prepared`, `displayed`, `ended` or `untracked`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .pooled: "pooled"
        case .prepared: "prepared"
        case .displayed: "displayed"
        case .ended: "ended"
        case .untracked: "untracked"
        }
    }
}

/// A lifecycle call on one view, as named in a ``ReuseError``.
///
/// - Complexity: every member is O(1).
public enum ReuseOperation: Hashable, Sendable, CustomStringConvertible {
    /// ``ReusePool/willDisplay(_:)``: prepared or ended → displayed.
    case willDisplay
    /// ``ReusePool/didEndDisplaying(_:)``: displayed → ended.
    case didEndDisplaying
    /// ``ReusePool/enqueue(_:)``: prepared or ended → pooled (or discarded).
    case enqueue
    /// ``ReusePool/discard(_:)``: prepared or ended → untracked.
    case discard
    /// ``ReusePool/bind(_:)``: prepared, displayed or ended, state unchanged.
    case bind

    /// The states this operation is legal from, in lifecycle order, for error messages.
    ///
    /// - Complexity: O(1).
    var legalStates: [ReuseState] {
        switch self {
        case .willDisplay: [.prepared, .ended]
        case .didEndDisplaying: [.displayed]
        case .enqueue: [.prepared, .ended]
        case .discard: [.prepared, .ended]
        case .bind: [.prepared, .displayed, .ended]
        }
    }

    /// Whether the operation is legal from `state` (the states each case's documentation
    /// names).
    ///
    /// - Complexity: O(1).
    public func isLegal(from state: ReuseState) -> Bool {
        switch (self, state) {
        case (.willDisplay, .prepared), (.willDisplay, .ended): true
        case (.didEndDisplaying, .displayed): true
        case (.enqueue, .prepared), (.enqueue, .ended): true
        case (.discard, .prepared), (.discard, .ended): true
        case (.bind, .prepared), (.bind, .displayed), (.bind, .ended): true
        default: false
        }
    }

    /// The method's name: `willDisplay`, `didEndDisplaying`, `enqueue`, `discard` or `bind`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .willDisplay: "willDisplay"
        case .didEndDisplaying: "didEndDisplaying"
        case .enqueue: "enqueue"
        case .discard: "discard"
        case .bind: "bind"
        }
    }
}
