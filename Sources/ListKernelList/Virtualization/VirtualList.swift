@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// The reconcile loop a rendering front end drives: for a viewport it decides which
/// headers, items and footers are on screen, hands out recycled views to configure, and
/// takes them back when they leave.
///
///     front end ── register / dataSource ──▶ VirtualList ──▶ ListLayout (geometry)
///               ── setViewport(…) ─────────▶    │       ◀─▶ ReusePool (views)
///               ◀── PassResult (displayed, entered, left, pinned frames) ──┘
///
/// ```swift
/// let list = VirtualList<RowView>(style: .plain)
/// try list.register(kind: .item, reuseIdentifier: "row") { RowView() }
/// try list.register(kind: .header, reuseIdentifier: "header") { RowView() }
/// list.dataSource = model
/// try list.reloadData()
/// let pass = try list.setViewport(Viewport(offset: 0, size: 900))
/// for shown in pass.displayed { draw(shown.view, at: shown.frame) }
/// ```
///
/// Rules a front end can rely on:
/// - an element that stays on screen keeps its view and is not configured again;
/// - a view is configured (with a fresh `BindingToken`) every time it starts showing an
///   element, and a recycled view gets exactly one `prepareForReuse` before that;
/// - every `willDisplay` is matched by exactly one `didEndDisplaying`;
/// - zero-extent elements are never materialized;
/// - nothing can be changed from inside a callback: such a call throws
///   `ListError.reentrantCall` (measurements are the exception: they are queued and
///   applied when the pass ends).
///
/// Not `Sendable`: a list and its data source live in one isolation domain (the main actor
/// for a UI, or a plain thread).
public final class VirtualList<View: AnyObject> {
    /// The pool the list recycles views through: read its counters and view states, set
    /// capacities, purge it, observe discards (see `ListViewPool`). Factories are registered
    /// through the list, and only the list moves its views between states.
    ///
    /// - Complexity: O(1).
    public var pool: ListViewPool<View> { ListViewPool(pool: reusePool) }
    /// The pool itself. Its views are the front end's `View`s, held as `AnyObject` so that
    /// one compiled reconcile loop serves every view class.
    let reusePool: ReusePool<AnyObject>
    /// The geometry of the list, as of the last reload or update.
    @exclusivity(unchecked) public internal(set) var layout: ListLayout {
        didSet { displayedIsCurrent = false }
    }
    /// The front end the list asks for counts, identifiers and configuration.
    // (Read by every update and never accessed overlappingly, like the internal state
    // below, so its dynamic exclusivity checks are off too.)
    @exclusivity(unchecked) public weak var dataSource: (any ListDataSource<View>)?
    /// Whether headers and footers pin to the viewport edges.
    @exclusivity(unchecked) public var style: ListStyle {
        didSet { displayedIsCurrent = false }
    }
    /// Metrics of sections whose data source does not report its own.
    public var defaultMetrics: SectionMetrics
    /// How far beyond the overscan window, in the scroll direction, items are announced to
    /// `prefetchItemsAt`. 0 (the default) turns prefetching off.
    @exclusivity(unchecked) public var prefetchDistance: Double = 0
    /// The viewport of the last pass.
    @exclusivity(unchecked) public internal(set) var viewport = Viewport(size: 0) {
        didSet { displayedIsCurrent = false }
    }
    /// The direction of the last offset change.
    @exclusivity(unchecked) public internal(set) var scrollDirection: ScrollDirection = .forward {
        didSet { displayedIsCurrent = false }
    }
    /// What the last pass did.
    ///
    /// - Complexity: O(1).
    public var lastPass: PassResult<View> {
        var result = lastResult
        result.displayedEntries = displayedStorage
        return result
    }
    /// The last pass's events; `displayed` lives in `displayedStorage`.
    @exclusivity(unchecked) var lastResult = PassResult<View>()

    // Internal state. The reconcile loop reads and writes these many times per pass; they
    // are never accessed overlappingly (callbacks can't reach them: re-entrant calls are
    // refused), so the dynamic exclusivity checks, a third of a pass's cost, are turned off.
    @exclusivity(unchecked) var displayedStorage: [DisplayedEntry] = []
    /// Whether `displayedStorage` is exactly what a pass over the current layout, viewport,
    /// style and scroll direction shows, with every frame current: set when a pass ends,
    /// cleared by any change of those four (their `didSet`). What lets an update outside the
    /// window skip the frames before it (`performChange`).
    @exclusivity(unchecked) var displayedIsCurrent = false
    @exclusivity(unchecked) var keepFlags: [Bool] = []
    @exclusivity(unchecked) var scratch: [(element: ListElement, start: Int64, extent: Int64)] = []
    @exclusivity(unchecked) var enteringIdentifiers: [String] = []
    /// The buffer a change outside the window keeps the displayed frames in, empty between
    /// changes (`outsideWindowPlan`).
    @exclusivity(unchecked) var framesBeforeScratch: [FrameBefore] = []
    @exclusivity(unchecked) var prefetchedItems: [ItemPath] = []
    @exclusivity(unchecked) var desiredPrefetch: [ItemPath] = []
    @exclusivity(unchecked) var callout: Callout?
    /// Set when a pass made a new view (see `growPoolCapacities`).
    @exclusivity(unchecked) var createdDuringPass = false
    /// The view class last found not to conform to `ReusableView` (`prepareForReuse(_:)`).
    @exclusivity(unchecked) var classNotReusable: ObjectIdentifier?
    @exclusivity(unchecked) var pendingMeasurements: [PendingMeasurement] = []
    /// Views whose display ended outside a pass (reload, updates), reported by the next pass.
    @exclusivity(unchecked) var pendingLeft: [EndedEntry] = []
    /// An anchor adjustment made outside a pass, reported by the next pass.
    @exclusivity(unchecked) var pendingAdjustment = 0.0
    @exclusivity(unchecked) var measuredByIdentifier: [AnyHashable: Double] = [:]
    /// Fold state, keyed by the data source's section identifier (or the index as fallback).
    @exclusivity(unchecked) var collapsedSections: Set<AnyHashable> = []
    /// The configure handlers of typed registrations, by kind and reuse identifier.
    @exclusivity(unchecked) var configurators: [ReusePool<AnyObject>.SlotKey: Configurator] = [:]
    /// Changes of nested `performBatchUpdates` calls while an updates closure runs.
    var nestedBatch: BatchUpdate?
    /// Following the output and bottom alignment (`VirtualList+Following.swift`).
    @exclusivity(unchecked) var live = LiveState()
    /// How many sections' item counts the last batch update asked the data source for: all
    /// of them, or only the touched ones when the counts come from a held snapshot (the
    /// work tests count).
    ///
    /// - Complexity: O(1).
    @_spi(ListKernelTesting) @exclusivity(unchecked) public internal(set) var countQueriesOfLastUpdate = 0
    /// Whether a batch that leaves the window's sections alone takes the short path
    /// (`performChange`); tests turn it off to compare the two paths.
    ///
    /// - Complexity: O(1).
    @_spi(ListKernelTesting) @exclusivity(unchecked) public var usesOutsideWindowPath = true
    /// How many changes took the short path so far (what tests of it count).
    ///
    /// - Complexity: O(1).
    @_spi(ListKernelTesting) @exclusivity(unchecked) public internal(set) var outsideWindowChangeCount = 0

    /// Creates an empty list; set `dataSource` and call `reloadData()`.
    ///
    /// - Complexity: O(1).
    public init(style: ListStyle = .plain, defaultMetrics: SectionMetrics = SectionMetrics()) {
        self.style = style
        self.defaultMetrics = defaultMetrics
        layout = try! ListLayout()
        let relay = ReuseRelay<View>()
        reusePool = ReusePool<AnyObject>(prepareForReuse: { view in relay.list?.prepareForReuse(unsafeDowncast(view, to: View.self)) })
        relay.list = self
    }

    /// Registers the factory that makes views of `kind` for `reuseIdentifier` (replacing
    /// any earlier one and discarding its pooled views); the data source's `configure`
    /// configures them. For a list whose headers and rows are different classes, register a
    /// `ViewRegistration` instead: it carries its view class and its configure handler.
    ///
    /// - Throws: `ListError.reuse(.emptyIdentifier)` for an empty identifier,
    ///   `.reentrantCall` from inside a callback.
    /// - Complexity: O(pooled views of the replaced factory).
    public func register(kind: ElementKind = .item, reuseIdentifier: String, factory: @escaping () -> View) throws(ListError) {
        try checkNotCallingOut("register(kind:reuseIdentifier:factory:)")
        do { try reusePool.register(kind: kind, identifier: reuseIdentifier, factory: { factory() }) } catch { throw .reuse(error) }
        configurators[ReusePool<AnyObject>.SlotKey(kind: kind, identifier: reuseIdentifier)] = nil
    }

    /// Removes the factory for `kind` and `reuseIdentifier`, discarding its pooled views.
    /// Views of it on screen stay until they leave (then they are discarded); an element
    /// that would need a new one makes the next pass throw `.unregisteredIdentifier` before
    /// any view changes.
    ///
    /// - Throws: `ListError.reuse(.notRegistered)` or `.reuse(.emptyIdentifier)`,
    ///   `.reentrantCall` from inside a callback.
    /// - Complexity: O(pooled views of the factory).
    public func unregister(kind: ElementKind = .item, reuseIdentifier: String) throws(ListError) {
        try checkNotCallingOut("unregister(kind:reuseIdentifier:)")
        do { try reusePool.unregister(kind: kind, identifier: reuseIdentifier) } catch { throw .reuse(error) }
        configurators[ReusePool<AnyObject>.SlotKey(kind: kind, identifier: reuseIdentifier)] = nil
    }

    /// The elements displayed after the last pass, in list order.
    ///
    /// - Complexity: O(1).
    public var displayed: DisplayedElements<View> { DisplayedElements(entries: displayedStorage) }

    /// The view displaying `element`, or `nil`.
    ///
    /// - Complexity: O(log k) for k displayed elements.
    public func view(for element: ListElement) -> View? {
        displayedIndex(of: element).map { unsafeDowncast(displayedStorage[$0].view, to: View.self) }
    }

    /// The element `view` is displaying, or `nil`.
    ///
    /// - Complexity: O(k) for k displayed elements.
    public func element(for view: View) -> ListElement? {
        displayedStorage.first { $0.view === view }?.element
    }

    /// Whether `binding` is still the view's current binding: async work (an image load)
    /// checks this before applying its result to the view it captured.
    ///
    /// - Complexity: O(1).
    public func isCurrent(_ binding: BindingToken) -> Bool { reusePool.isCurrent(binding) }

    func displayedIndex(of element: ListElement) -> Int? {
        displayedStorage.withUnsafeBufferPointer { shown in
            var low = 0
            var high = shown.count
            while low < high {
                let mid = (low + high) / 2
                if shown[mid].element < element { low = mid + 1 } else { high = mid }
            }
            return low < shown.count && shown[low].element == element ? low : nil
        }
    }

    // MARK: Callouts

    /// What the list is calling out to, so a re-entrant call can say where it came from.
    enum Callout: CustomStringConvertible {
        case counts
        case metrics(Int)
        case reuseIdentifier(ListElement)
        case configure(ListElement)
        case willDisplay(ListElement)
        case didEndDisplaying(ListElement)
        case prepareForReuse
        case prefetch
        case identifiers
        case batchUpdates

        var description: String {
            switch self {
            case .counts: "numberOfSections / numberOfItemsInSection"
            case .metrics(let section): "metricsForSection(\(section))"
            case .reuseIdentifier(let element): "reuseIdentifierFor(\(element))"
            case .configure(let element): "configure(_:for:) of \(element)"
            case .willDisplay(let element): "willDisplay(_:for:) of \(element)"
            case .didEndDisplaying(let element): "didEndDisplaying(_:for:) of \(element)"
            case .prepareForReuse: "prepareForReuse(_:)"
            case .prefetch: "prefetchItemsAt / cancelPrefetchingForItemsAt"
            case .identifiers: "identifierForSection / identifierForItemAt"
            case .batchUpdates: "the updates closure of performBatchUpdates(_:)"
            }
        }
    }

    @inline(__always)
    func callingOut<T>(_ what: Callout, _ body: () -> T) -> T {
        let saved = callout
        callout = what
        defer { callout = saved }
        return body()
    }

    /// Throws when called from inside a callout.
    @inline(__always)
    func checkNotCallingOut(_ operation: @autoclosure () -> String) throws(ListError) {
        if let callout { throw .reentrantCall(operation: operation(), callback: callout.description) }
    }

    func prepareForReuse(_ view: View) {
        callingOut(.prepareForReuse) {
            // A cast to `ReusableView` searches the runtime's conformance tables; a class
            // found not to conform is remembered (conformances do not change while running),
            // so lists of plain views skip the cast on every recycle after the first.
            let viewClass = ObjectIdentifier(type(of: view))
            if viewClass != classNotReusable {
                if let reusable = view as? any ReusableView {
                    reusable.prepareForReuse()
                } else {
                    classNotReusable = viewClass
                }
            }
            dataSource?.list(self, prepareForReuse: view)
        }
    }
}

/// Lets the pool's prepare-for-reuse closure reach the list without a retain cycle.
final class ReuseRelay<View: AnyObject> {
    weak var list: VirtualList<View>?
}
