@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// The reuse pool a `VirtualList` owns, as its front end sees it: counters, capacities,
/// purging, the registered identifiers, view states and a discard callback. Registering
/// factories goes through the list (`VirtualList.register`); moving views between states
/// is the list's alone, so nothing here can put a displayed view into the pool.
///
/// ```swift
/// print(list.pool.totalCounters)                       // created 23, reused 977, …
/// list.pool.purge()                                    // on a memory warning
/// try list.pool.setCapacity(8, kind: .item, identifier: "row")
/// ```
///
/// A handle: copies share the one pool of their list.
public struct ListViewPool<View: AnyObject> {
    let pool: ReusePool<AnyObject>

    /// The counters of `kind` and `identifier`; all zero for one never registered.
    ///
    /// - Complexity: O(1) plus one hash of the identifier.
    public func counters(kind: ElementKind, identifier: String) -> ReuseCounters {
        pool.counters(kind: kind, identifier: identifier)
    }

    /// The counters summed over all identifiers.
    ///
    /// - Complexity: O(1).
    public var totalCounters: ReuseCounters { pool.totalCounters }

    /// How many views of `kind` and `identifier` the pool keeps, or `nil` if none was ever
    /// registered.
    ///
    /// - Complexity: O(1) plus one hash of the identifier.
    public func capacity(kind: ElementKind, identifier: String) -> Int? {
        pool.capacity(kind: kind, identifier: identifier)
    }

    /// Sets how many views of `kind` and `identifier` the pool keeps (the list raises it on
    /// its own to the most views of it displayed at once).
    ///
    /// - Throws: `ReuseError.notRegistered`, `.emptyIdentifier` or `.invalidCapacity`.
    /// - Complexity: O(p) for the p views discarded.
    public func setCapacity(_ capacity: Int, kind: ElementKind, identifier: String) throws(ReuseError) {
        try pool.setCapacity(capacity, kind: kind, identifier: identifier)
    }

    /// Discards every pooled view, as on a memory warning; displayed views are not affected.
    ///
    /// - Complexity: O(s + p) for s identifiers and p views discarded.
    public func purge() { pool.purge() }

    /// Discards the pooled views of `kind` and `identifier`.
    ///
    /// - Throws: `ReuseError.notRegistered` or `.emptyIdentifier`.
    /// - Complexity: O(p) for the p views discarded.
    public func purge(kind: ElementKind, identifier: String) throws(ReuseError) {
        try pool.purge(kind: kind, identifier: identifier)
    }

    /// Whether a factory is registered for `kind` and `identifier`.
    ///
    /// - Complexity: O(1) plus one hash of the identifier.
    public func isRegistered(kind: ElementKind, identifier: String) -> Bool {
        pool.isRegistered(kind: kind, identifier: identifier)
    }

    /// The identifiers registered for `kind`, sorted.
    ///
    /// - Complexity: O(s log s) for s identifiers.
    public func registeredIdentifiers(of kind: ElementKind) -> [String] {
        pool.registeredIdentifiers(of: kind)
    }

    /// The state of `view` in the pool (`.displayed` for a view the list shows).
    ///
    /// - Complexity: O(1).
    public func state(of view: View) -> ReuseState { pool.state(of: view) }

    /// Called once for every view the pool drops (over capacity, purged, re-registered).
    ///
    /// - Complexity: O(1) to set.
    public var onDiscard: ((View, ReuseDiscard) -> Void)? {
        get { pool.onDiscard.map { callback in { view, reason in callback(view, reason) } } }
        nonmutating set {
            // Every view of a list's pool is a `View`: its factories make `View`s only.
            pool.onDiscard = newValue.map { callback in { view, reason in callback(unsafeDowncast(view, to: View.self), reason) } }
        }
    }

    /// Recomputes the pool's bookkeeping and traps if it is inconsistent (tests and the
    /// testing kit call it).
    ///
    /// - Complexity: O(views tracked).
    @_spi(ListKernelTesting) public func _checkInvariantsNow() { pool._checkInvariantsNow() }
}
