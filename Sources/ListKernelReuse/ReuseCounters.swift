@_spi(ListKernelTesting) import ListKernelCore

/// How many views a pool made, recycled and dropped, for one (kind, reuse identifier) or in
/// total.
///
/// Counters accumulate over the pool's lifetime and survive re-registration and
/// unregistration of their identifier. For the totals, ``peakPooled`` is the highest number
/// of views pooled at once across all identifiers (not the sum of the per-identifier peaks).
///
/// Every view the pool made is either still tracked or discarded, so
/// `created - discarded` is the number of views tracked right now.
///
/// - Complexity: every member is O(1).
public struct ReuseCounters: Hashable, Sendable, CustomStringConvertible {
    /// Views made by a factory.
    public var created: Int
    /// Dequeues served from the pool (recycled views).
    public var reused: Int
    /// Views the pool dropped and forgot, for any ``DiscardReason``.
    public var discarded: Int
    /// Views in the pool right now.
    public var pooled: Int
    /// The highest value ``pooled`` has reached.
    public var peakPooled: Int

    /// Creates counters with the given values.
    ///
    /// - Complexity: O(1).
    public init(created: Int = 0, reused: Int = 0, discarded: Int = 0, pooled: Int = 0, peakPooled: Int = 0) {
        self.created = created
        self.reused = reused
        self.discarded = discarded
        self.pooled = pooled
        self.peakPooled = peakPooled
    }

    /// All counters zero.
    public static let zero = ReuseCounters()

    /// `created 3, reused 7, discarded 1, pooled 2 (peak 2)`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "created \(created), reused \(reused), discarded \(discarded), pooled \(pooled) (peak \(peakPooled))"
    }
}
