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
    /// The pool the list recycles views through; register factories here or with
    /// `register(kind:reuseIdentifier:factory:)`, read counters from it.
    public let pool: ReusePool<View>
    /// The geometry of the list, as of the last reload or update.
    public internal(set) var layout: ListLayout
    /// The front end the list asks for counts, identifiers and configuration.
    public weak var dataSource: (any ListDataSource<View>)?
    /// Whether headers and footers pin to the viewport edges.
    public var style: ListStyle
    /// Metrics of sections whose data source does not report its own.
    public var defaultMetrics: SectionMetrics
    /// How far beyond the overscan window, in the scroll direction, items are announced to
    /// `prefetchItemsAt`. 0 (the default) turns prefetching off.
    public var prefetchDistance: Double = 0
    /// The viewport of the last pass.
    public internal(set) var viewport = Viewport(size: 0)
    /// The direction of the last offset change.
    public internal(set) var scrollDirection: ScrollDirection = .forward
    /// What the last pass did.
    public internal(set) var lastPass = PassResult<View>()

    // Internal state.
    var displayedStorage: [DisplayedElement<View>] = []
    var nextStorage: [DisplayedElement<View>] = []
    var scratch: [(element: ListElement, start: Int64, extent: Int64)] = []
    var enteringIdentifiers: [String] = []
    var prefetchedItems: [ItemPath] = []
    var desiredPrefetch: [ItemPath] = []
    var callout: Callout?
    /// Set when a pass made a new view (see `growPoolCapacities`).
    var createdDuringPass = false
    var pendingMeasurements: [(element: ListElement, extent: Double)] = []
    /// Views whose display ended outside a pass (reload, updates), reported by the next pass.
    var pendingLeft: [EndedElement<View>] = []
    /// An anchor adjustment made outside a pass, reported by the next pass.
    var pendingAdjustment = 0.0
    var measuredByIdentifier: [AnyHashable: Double] = [:]
    /// Fold state, keyed by the data source's section identifier (or the index as fallback).
    var collapsedSections: Set<AnyHashable> = []

    /// Creates an empty list; set `dataSource` and call `reloadData()`.
    ///
    /// - Complexity: O(1).
    public init(style: ListStyle = .plain, defaultMetrics: SectionMetrics = SectionMetrics()) {
        self.style = style
        self.defaultMetrics = defaultMetrics
        layout = try! ListLayout()
        let relay = ReuseRelay<View>()
        pool = ReusePool(prepareForReuse: { view in relay.list?.prepareForReuse(view) })
        relay.list = self
    }

    /// Registers the factory that makes views of `kind` for `reuseIdentifier` (replacing
    /// any earlier one and discarding its pooled views).
    ///
    /// - Throws: `ListError.reuse(.emptyIdentifier)` for an empty identifier.
    /// - Complexity: O(pooled views of the replaced factory).
    public func register(kind: ElementKind = .item, reuseIdentifier: String, factory: @escaping () -> View) throws(ListError) {
        do { try pool.register(kind: kind, identifier: reuseIdentifier, factory: factory) } catch { throw .reuse(error) }
    }

    /// The elements displayed after the last pass, in list order.
    ///
    /// - Complexity: O(1).
    public var displayed: [DisplayedElement<View>] { displayedStorage }

    /// The view displaying `element`, or `nil`.
    ///
    /// - Complexity: O(log k) for k displayed elements.
    public func view(for element: ListElement) -> View? {
        displayedIndex(of: element).map { displayedStorage[$0].view }
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
    public func isCurrent(_ binding: BindingToken) -> Bool { pool.isCurrent(binding) }

    func displayedIndex(of element: ListElement) -> Int? {
        var low = 0
        var high = displayedStorage.count
        while low < high {
            let mid = (low + high) / 2
            if displayedStorage[mid].element < element { low = mid + 1 } else { high = mid }
        }
        return low < displayedStorage.count && displayedStorage[low].element == element ? low : nil
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
            (view as? any ReusableView)?.prepareForReuse()
            dataSource?.list(self, prepareForReuse: view)
        }
    }
}

/// Lets the pool's prepare-for-reuse closure reach the list without a retain cycle.
final class ReuseRelay<View: AnyObject> {
    weak var list: VirtualList<View>?
}
