@_spi(ListKernelTesting) import ListKernelCore

/// Proof that a view is still configured for the element it was bound to; asynchronous work
/// carries one and checks it with ``ReusePool/isCurrent(_:)`` before applying its result.
///
/// ```swift
/// let token = try pool.bind(cell)                // the engine configures cell for row 0
/// let image = await loader.image(for: row0)      // meanwhile cell may be recycled for row 10
/// if pool.isCurrent(token) { cell.image = image } // a late row-0 image never lands in row 10
/// ```
///
/// Tokens are plain `Sendable` values, so a background task can carry one; the check itself
/// runs on the pool's isolation domain. A token is current from the ``ReusePool/bind(_:)``
/// that issued it until the next `bind` of the same view, its `didEndDisplaying`, `enqueue`
/// or discard. Generations come from one counter per pool, so a token never matches a
/// later view that happens to reuse a discarded view's memory address. A token is only
/// meaningful to the pool that issued it.
///
/// - Complexity: every member is O(1).
public struct BindingToken: Hashable, Sendable, CustomStringConvertible {
    /// The bound view.
    public let view: ObjectIdentifier
    /// The binding's generation, unique within the issuing pool (the first is 1).
    public let generation: UInt64

    init(view: ObjectIdentifier, generation: UInt64) {
        self.view = view
        self.generation = generation
    }

    /// `binding #7`.
    ///
    /// - Complexity: O(1).
    public var description: String { "binding #\(generation)" }
}
