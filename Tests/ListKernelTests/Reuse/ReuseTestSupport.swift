import ListKernel

/// A view that records how often it was reset; `serial` is its creation order (0, 1, 2…)
/// across all factories of one `ViewMaker`.
final class TestView: ReusableView {
    let serial: Int
    let madeFor: String
    private(set) var prepareCount = 0

    init(serial: Int, madeFor: String) {
        self.serial = serial
        self.madeFor = madeFor
    }

    func prepareForReuse() { prepareCount += 1 }
}

/// Makes numbered views; one per test harness, so serials predict creation order.
final class ViewMaker {
    private(set) var made = 0

    func make(_ madeFor: String) -> TestView {
        defer { made += 1 }
        return TestView(serial: made, madeFor: madeFor)
    }
}

/// What the discard callback saw, in order.
final class DiscardLog {
    var entries: [(serial: Int, discard: ReuseDiscard)] = []

    var serials: [Int] { entries.map(\.serial) }
    var reasons: [DiscardReason] { entries.map(\.discard.reason) }
}

/// A pool of `TestView`s whose factories number their views and whose discards are logged.
/// The pool holds closures over `maker` and `log` only, so dropping the harness drops
/// everything.
struct Harness {
    let pool = ReusePool<TestView>()
    let maker = ViewMaker()
    let log = DiscardLog()

    init() {
        pool.onDiscard = { [log] view, discard in log.entries.append((view.serial, discard)) }
    }

    func register(_ kind: ElementKind, _ identifier: String) throws(ReuseError) {
        try pool.register(kind: kind, identifier: identifier) { [maker] in maker.make(identifier) }
    }

    func dequeue(_ kind: ElementKind, _ identifier: String) throws(ReuseError) -> TestView {
        try pool.dequeue(kind: kind, identifier: identifier).view
    }

    /// Dequeues, displays, ends and enqueues `count` views, all on screen at once first,
    /// so `count` views end up pooled (up to the capacity). Returns them in enqueue order.
    @discardableResult
    func cycle(_ kind: ElementKind, _ identifier: String, count: Int) throws(ReuseError) -> [TestView] {
        var views: [TestView] = []
        for _ in 0..<count {
            let view = try dequeue(kind, identifier)
            try pool.willDisplay(view)
            views.append(view)
        }
        for view in views {
            try pool.didEndDisplaying(view)
            try pool.enqueue(view)
        }
        return views
    }

    /// Everything observable about the pool for the given views and identifiers.
    func snapshot(views: [TestView], keys: [(ElementKind, String)]) -> PoolSnapshot {
        PoolSnapshot(
            states: views.map { pool.state(of: $0) },
            prepareCounts: views.map(\.prepareCount),
            counters: keys.map { pool.counters(kind: $0.0, identifier: $0.1) },
            capacities: keys.map { pool.capacity(kind: $0.0, identifier: $0.1) },
            registered: [ElementKind.item, .header, .footer].map { pool.registeredIdentifiers(of: $0) },
            totals: pool.totalCounters,
            made: maker.made,
            discards: log.serials
        )
    }
}

/// The observable state of a pool, compared before and after a rejected call.
struct PoolSnapshot: Equatable {
    var states: [ReuseState]
    var prepareCounts: [Int]
    var counters: [ReuseCounters]
    var capacities: [Int?]
    var registered: [[String]]
    var totals: ReuseCounters
    var made: Int
    var discards: [Int]
}
