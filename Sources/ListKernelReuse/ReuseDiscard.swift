@_spi(ListKernelTesting) public import ListKernelCore

/// Why a reuse pool dropped a view.
///
/// A struct over a private enum, so that a new reason does not break existing `switch`
/// statements; compare with `==` against the static members.
///
/// - Complexity: every member is O(1).
public struct DiscardReason: Hashable, Sendable, CustomStringConvertible {
    private enum Value: Hashable, Sendable {
        case overCapacity, purged, reregistered, unregistered, discardedByCaller
    }

    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// The pool for its identifier was full when it was enqueued, or its capacity was
    /// lowered below the number pooled.
    public static let overCapacity = DiscardReason(.overCapacity)
    /// ``ReusePool/purge()`` or ``ReusePool/purge(kind:identifier:)`` dropped it.
    public static let purged = DiscardReason(.purged)
    /// Its identifier was registered again: pooled views of the old factory are dropped at
    /// once, views out of the pool when they are enqueued.
    public static let reregistered = DiscardReason(.reregistered)
    /// Its identifier was unregistered: pooled views are dropped at once, views out of the
    /// pool when they are enqueued.
    public static let unregistered = DiscardReason(.unregistered)
    /// The caller discarded it with ``ReusePool/discard(_:)``.
    public static let discardedByCaller = DiscardReason(.discardedByCaller)

    /// `overCapacity`, `purged`, `reregistered`, `unregistered` or `discardedByCaller`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch value {
        case .overCapacity: "overCapacity"
        case .purged: "purged"
        case .reregistered: "reregistered"
        case .unregistered: "unregistered"
        case .discardedByCaller: "discardedByCaller"
        }
    }
}

/// What the discard callback learns about a view the pool has just dropped.
///
/// - Complexity: every member is O(1).
public struct ReuseDiscard: Hashable, Sendable, CustomStringConvertible {
    /// The dropped view's kind.
    public var kind: ElementKind
    /// The dropped view's reuse identifier.
    public var identifier: String
    /// Why it was dropped.
    public var reason: DiscardReason

    /// Creates a discard record.
    ///
    /// - Complexity: O(1).
    public init(kind: ElementKind, identifier: String, reason: DiscardReason) {
        self.kind = kind
        self.identifier = identifier
        self.reason = reason
    }

    /// `'cell' of kind item (overCapacity)`.
    ///
    /// - Complexity: O(1).
    public var description: String { "'\(identifier)' of kind \(kind) (\(reason))" }
}

/// What ``ReusePool/enqueue(_:)`` did with a view.
///
/// - Complexity: every member is O(1).
public enum EnqueueOutcome: Hashable, Sendable {
    /// The view is in the pool.
    case pooled
    /// The pool dropped the view (over capacity, or its registration was replaced or
    /// removed since it was made); the discard callback has run.
    case discarded(DiscardReason)
}
