@_spi(ListKernelTesting) package import ListKernelCore

/// Recycles the views of a list by kind and reuse identifier, like UIKit's
/// `dequeueReusableCell(withIdentifier:for:)` and Android's `RecycledViewPool`.
///
/// A front end registers a factory per (kind, reuse identifier); the reconcile engine
/// dequeues a view for an element entering the screen, configures it (``bind(_:)``), reports
/// ``willDisplay(_:)`` and ``didEndDisplaying(_:)``, and enqueues it back. The pool tracks
/// every view it made in exactly one state, and rejects a call that does not fit that state
/// with a typed ``ReuseError`` that leaves everything as it was.
///
/// ```swift
/// let pool = ReusePool<Cell>()                  // Cell: ReusableView
/// try pool.register(kind: .item, identifier: "cell") { Cell() }
/// let cell = try pool.dequeue(kind: .item, identifier: "cell").view
/// let token = try pool.bind(cell)               // configure for row 0
/// try pool.willDisplay(cell)
/// try pool.didEndDisplaying(cell)               // token is stale from here on
/// try pool.enqueue(cell)                        // back in the pool
/// ```
///
/// ## Lifecycle
///
/// ```text
///                      dequeue with the pool empty:
///                      the factory makes a new view
///                      (no prepareForReuse)
///                                 |
///                                 v
///  +--------+  dequeue:      +----------+  willDisplay   +-----------+
///  | pooled |--------------->| prepared |--------------->| displayed |
///  +--------+  pop (LIFO),   +----------+                +-----------+
///    ^  ^  |   then prepare-   |      |                    ^      |
///    |  |  |   ForReuse once   |      |        willDisplay |      | didEndDisplaying
///    |  |  |                   |      |       (re-display) |      v
///    |  +--|------ enqueue ----+      |                    |  +-------+
///    |     |                          |                    +--|       |
///    +-----|------------------------- | ------- enqueue ------| ended |
///          |                          | discard               |       |
///          | purge, unregister,       v                       +-------+
///          | re-register,       +-----------+     discard         |
///          | capacity lowered   | untracked |<--------------------+
///          +------------------->+-----------+
/// ```
///
/// - `enqueue` of a view whose identifier's pool is full, or whose registration was
///   replaced or removed after it was made, goes from prepared or ended straight to
///   untracked (the call returns ``EnqueueOutcome/discarded(_:)``).
/// - A displayed view is never in the pool: it must end display before it is enqueued.
/// - An ended view may be displayed again without recycling, as UIKit does with a prefetched
///   cell that scrolls back before it is reused.
/// - ``bind(_:)`` is legal in prepared, displayed and ended and changes no state. A
///   ``BindingToken`` stays current until the next `bind`, `didEndDisplaying`, `enqueue` or
///   discard of its view; `willDisplay` and `dequeue` leave it alone (a recycled view has
///   no current token, since its `enqueue` invalidated it).
///
/// ## prepareForReuse
///
/// The pool calls `prepareForReuse` on every recycled view, exactly once, after the view is
/// in state prepared and before `dequeue` returns; never on a new view. A view type that
/// conforms to ``ReusableView`` gets it from `ReusePool()`; any other type passes a closure
/// to ``init(prepareForReuse:)``.
///
/// ## Capacity
///
/// Each (kind, identifier) pools at most ``defaultCapacity`` (5) views unless
/// ``setCapacity(_:kind:identifier:)`` says otherwise. A reconcile pass enqueues the views
/// leaving the screen before it dequeues the ones entering, so the pool needs about as many
/// views as leave in one frame: one or two rows of a list, a row of a small grid. 5 is
/// RecyclerView's default for the same reason; raise it for wide grids or for batch updates
/// that remove many rows at once. A view enqueued into a full pool is discarded (the pool
/// keeps what it has), and lowering a capacity drops the most recently enqueued views
/// first, both as RecyclerView does; so memory is bounded by the caps plus the views out
/// of the pool.
///
/// ## Ownership and isolation
///
/// The pool holds every view it tracks strongly, in every state, so that an
/// `ObjectIdentifier` key can never be taken by another object while its view is tracked;
/// a discarded view is forgotten and released at once, and releasing the pool releases
/// every view it holds. Factories and callbacks that need the pool should capture it
/// weakly. The pool is not `Sendable` and has no locks: create it where its views live (on
/// the main actor for UIKit, or one plain thread) and region-based isolation keeps it
/// there. Callbacks run after the pool's state is final for the call, so they may call
/// back into the pool; the discard callback does not run when the pool itself is released.
///
/// - Complexity: dequeue, enqueue, the lifecycle calls, `bind`, `isCurrent` and `state(of:)`
///   are O(1) amortized: one hash of the view's `ObjectIdentifier`, plus one hash of the
///   identifier where one is passed, and no allocation once the pool is warm. Memory is
///   one record per view tracked at the peak. Debug builds also run `_checkInvariants()`
///   after every mutation, O(v) for v tracked views.
public final class ReusePool<View: AnyObject> {
    /// The number of views pooled per (kind, identifier) unless set otherwise: 5, as in
    /// RecyclerView's `RecycledViewPool`.
    ///
    /// - Complexity: O(1).
    public static var defaultCapacity: Int { 5 }

    /// Called once for every view the pool drops, after the call that dropped it has
    /// finished changing the pool; the view is released when the callback returns unless
    /// the callback keeps it. Not called when the pool itself is released.
    ///
    /// - Complexity: O(1) to set; the pool calls it once per discarded view.
    public var onDiscard: ((View, ReuseDiscard) -> Void)?

    /// Resets a recycled view; see ``ReusableView``.
    let prepareForReuse: (View) -> Void

    // The bookkeeping below is read and written many times per dequeue and enqueue. No
    // access to it is ever in progress while the pool calls out (the factory,
    // `prepareForReuse` and `onDiscard` run between accesses, after the mutation), so
    // accesses never overlap, and the dynamic exclusivity checks (an eighth of a pass that
    // replaces every view) are turned off, as in `VirtualList`.

    /// One per (kind, identifier) ever registered; never removed, so indexes stay valid.
    @exclusivity(unchecked) var slots: [Slot] = []
    /// The index in `slots` of each (kind, identifier).
    @exclusivity(unchecked) var slotIndex: [SlotKey: Int] = [:]
    /// The keys last looked up in `slotIndex` with their slots, newest first (at most
    /// `recentSlotLimit`): a pass asks for the same few identifiers again and again, and
    /// comparing two short strings costs a fraction of hashing them. Slots are never
    /// removed, so an entry never goes stale.
    @exclusivity(unchecked) var recentSlots: [(key: SlotKey, slot: Int)] = []
    /// The bookkeeping of every tracked view, in a slab: slots of discarded views are
    /// recycled through `freeRecords`. Lifecycle calls change a record in place here, with
    /// no per-call allocation.
    @exclusivity(unchecked) var records: [Record] = []
    /// Indexes in `records` whose view is `nil`, reused before the slab grows.
    @exclusivity(unchecked) var freeRecords: [Int] = []
    /// The record of every tracked view, by `ObjectIdentifier`; a view absent here is
    /// untracked.
    @exclusivity(unchecked) var recordIndex: [ObjectIdentifier: Int] = [:]
    /// The last registration serial handed out; 0 means none.
    @exclusivity(unchecked) var lastRegistration: UInt64 = 0
    /// The last binding generation handed out; 0 means none.
    @exclusivity(unchecked) var lastBinding: UInt64 = 0
    /// Sums of the slots' counters, with `peakPooled` tracked across all slots.
    @exclusivity(unchecked) var totals = ReuseCounters.zero

    /// Creates an empty pool that resets recycled views with `prepareForReuse`.
    ///
    /// ```swift
    /// let pool = ReusePool<LabelView>(prepareForReuse: { $0.text = nil })
    /// ```
    ///
    /// - Parameter prepareForReuse: called exactly once on each recycled view before
    ///   `dequeue` returns it, never on a new view.
    /// - Complexity: O(1).
    public init(prepareForReuse: @escaping (View) -> Void) {
        self.prepareForReuse = prepareForReuse
    }

    /// The key of a registration slot.
    package struct SlotKey: Hashable {
        let kind: ElementKind
        let identifier: String

        package init(kind: ElementKind, identifier: String) {
            (self.kind, self.identifier) = (kind, identifier)
        }
    }

    /// The registration, pool and counters of one (kind, identifier).
    struct Slot {
        let key: SlotKey
        /// The current factory; `nil` while unregistered.
        var factory: (() -> View)?
        /// The serial of the current registration; 0 while unregistered.
        var registration: UInt64 = 0
        var capacity: Int
        /// Indexes in `records` of the pooled views, most recently enqueued last.
        var pooled: [Int] = []
        var counters = ReuseCounters.zero
    }

    /// The bookkeeping of one tracked view, or a free slab entry.
    struct Record {
        /// The strong reference that keeps the view's `ObjectIdentifier` unique; `nil` in a
        /// free entry.
        var view: View?
        /// Index in `slots`.
        var slot: Int
        /// The registration whose factory made the view.
        var registration: UInt64
        /// `.untracked` exactly in a free entry.
        var state: ReuseState
        /// The current binding generation; 0 when no token is current.
        var binding: UInt64 = 0
    }
}

extension ReusePool where View: ReusableView {
    /// Creates an empty pool that calls the views' own ``ReusableView/prepareForReuse()``.
    ///
    /// ```swift
    /// let pool = ReusePool<MyCell>()
    /// ```
    ///
    /// - Complexity: O(1).
    public convenience init() {
        self.init(prepareForReuse: { $0.prepareForReuse() })
    }
}

/// The pool lives in one isolation domain; it must not be sent across.
@available(*, unavailable)
extension ReusePool: Sendable {}
