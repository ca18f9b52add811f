@_spi(ListKernelTesting) import ListKernelCore

/// A view handed out by ``ReusePool/dequeue(kind:identifier:)``, and whether it is new or
/// recycled.
///
/// A recycled view has had `prepareForReuse` called exactly once; a new one has not. Either
/// way the caller configures it fully for its element: a recycled view still shows its
/// previous element until then.
///
/// - Complexity: every member is O(1).
public struct DequeuedView<View: AnyObject> {
    /// The view, now in state ``ReuseState/prepared``.
    public let view: View
    /// Whether the factory made it or the pool recycled it.
    public let origin: DequeueOrigin

    /// `true` when the view came from the pool.
    ///
    /// - Complexity: O(1).
    public var isRecycled: Bool { origin == .recycled }
}

/// Where a dequeued view came from.
///
/// - Complexity: every member is O(1).
public enum DequeueOrigin: Hashable, Sendable, CustomStringConvertible {
    /// Made by the registered factory during this dequeue; `prepareForReuse` was not called.
    case created
    /// Taken from the pool; `prepareForReuse` was called once.
    case recycled

    /// `created` or `recycled`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .created: "created"
        case .recycled: "recycled"
        }
    }
}
