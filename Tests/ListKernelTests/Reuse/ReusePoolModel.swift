import ListKernel

/// A naive reference model of `ReusePool`, written from its documentation with plain arrays
/// and linear searches. Views are named by serial (their creation order); `foreign` is a
/// view the pool never made.
struct ReusePoolModel {
    static let foreign = -1
    static let defaultCapacity = 5

    struct Registration {
        var kind: ElementKind
        var identifier: String
        var isRegistered = true
        /// Bumped by every `register`; a view remembers the generation that made it.
        var generation = 1
        var capacity = ReusePoolModel.defaultCapacity
        /// Serials, the most recently enqueued last.
        var pooled: [Int] = []
        var created = 0
        var reused = 0
        var discarded = 0
        var peakPooled = 0
    }

    struct TrackedView {
        var serial: Int
        var registration: Int
        var generation: Int
        var state: ReuseState
        /// The current binding generation, if any.
        var binding: UInt64?
    }

    /// In the order first registered.
    var registrations: [Registration] = []
    /// Tracked views only.
    var views: [TrackedView] = []
    var made = 0
    var lastBinding: UInt64 = 0
    var peakTotalPooled = 0
    var discards: [(serial: Int, discard: ReuseDiscard)] = []
    var prepareCounts: [Int: Int] = [:]

    // MARK: Queries

    func registrationIndex(_ kind: ElementKind, _ identifier: String) -> Int? {
        registrations.firstIndex { $0.kind == kind && $0.identifier == identifier }
    }

    func viewIndex(_ serial: Int) -> Int? {
        views.firstIndex { $0.serial == serial }
    }

    func state(of serial: Int) -> ReuseState {
        viewIndex(serial).map { views[$0].state } ?? .untracked
    }

    func registeredIdentifiers(of kind: ElementKind) -> [String] {
        registrations.filter { $0.isRegistered && $0.kind == kind }.map(\.identifier).sorted()
    }

    func isRegistered(_ kind: ElementKind, _ identifier: String) -> Bool {
        registrationIndex(kind, identifier).map { registrations[$0].isRegistered } ?? false
    }

    func capacity(_ kind: ElementKind, _ identifier: String) -> Int? {
        guard let r = registrationIndex(kind, identifier), registrations[r].isRegistered else { return nil }
        return registrations[r].capacity
    }

    func counters(_ kind: ElementKind, _ identifier: String) -> ReuseCounters {
        guard let r = registrationIndex(kind, identifier) else { return .zero }
        let g = registrations[r]
        return ReuseCounters(created: g.created, reused: g.reused, discarded: g.discarded,
                             pooled: g.pooled.count, peakPooled: g.peakPooled)
    }

    var totals: ReuseCounters {
        var sum = ReuseCounters.zero
        for g in registrations {
            sum.created += g.created
            sum.reused += g.reused
            sum.discarded += g.discarded
            sum.pooled += g.pooled.count
        }
        sum.peakPooled = peakTotalPooled
        return sum
    }

    func isCurrent(serial: Int, generation: UInt64) -> Bool {
        guard let v = viewIndex(serial) else { return false }
        return views[v].binding == generation
    }

    // MARK: Registration

    func notRegistered(_ kind: ElementKind, _ identifier: String) -> ReuseError {
        let others = registrations
            .filter { $0.isRegistered && $0.identifier == identifier && $0.kind != kind }
            .map(\.kind)
            .sorted { $0.name < $1.name }
        return .notRegistered(identifier: identifier, kind: kind,
                              registered: registeredIdentifiers(of: kind), registeredForOtherKinds: others)
    }

    /// The index of a registered (kind, identifier), or the error the pool must throw.
    func lookUp(_ kind: ElementKind, _ identifier: String) -> Result<Int, ReuseError> {
        if identifier.isEmpty { return .failure(.emptyIdentifier(kind: kind)) }
        guard let r = registrationIndex(kind, identifier), registrations[r].isRegistered else {
            return .failure(notRegistered(kind, identifier))
        }
        return .success(r)
    }

    mutating func drop(_ serial: Int, reason: DiscardReason) {
        let v = viewIndex(serial)!
        let r = views[v].registration
        views.remove(at: v)
        registrations[r].discarded += 1
        discards.append((serial, ReuseDiscard(kind: registrations[r].kind,
                                              identifier: registrations[r].identifier, reason: reason)))
    }

    mutating func trim(_ r: Int, to count: Int, reason: DiscardReason) {
        while registrations[r].pooled.count > count {
            drop(registrations[r].pooled.removeLast(), reason: reason)
        }
    }

    mutating func register(_ kind: ElementKind, _ identifier: String) -> ReuseError? {
        if identifier.isEmpty { return .emptyIdentifier(kind: kind) }
        if let r = registrationIndex(kind, identifier) {
            registrations[r].isRegistered = true
            registrations[r].generation += 1
            trim(r, to: 0, reason: .reregistered)
        } else {
            registrations.append(Registration(kind: kind, identifier: identifier))
        }
        return nil
    }

    mutating func unregister(_ kind: ElementKind, _ identifier: String) -> ReuseError? {
        switch lookUp(kind, identifier) {
        case .failure(let error): return error
        case .success(let r):
            registrations[r].isRegistered = false
            trim(r, to: 0, reason: .unregistered)
            return nil
        }
    }

    mutating func setCapacity(_ capacity: Int, _ kind: ElementKind, _ identifier: String) -> ReuseError? {
        switch lookUp(kind, identifier) {
        case .failure(let error): return error
        case .success(let r):
            if capacity < 0 { return .invalidCapacity(capacity, identifier: identifier, kind: kind) }
            registrations[r].capacity = capacity
            trim(r, to: capacity, reason: .overCapacity)
            return nil
        }
    }

    mutating func purge(_ kind: ElementKind, _ identifier: String) -> ReuseError? {
        switch lookUp(kind, identifier) {
        case .failure(let error): return error
        case .success(let r):
            trim(r, to: 0, reason: .purged)
            return nil
        }
    }

    mutating func purgeAll() {
        for r in registrations.indices { trim(r, to: 0, reason: .purged) }
    }

    // MARK: Dequeue

    mutating func dequeue(_ kind: ElementKind, _ identifier: String) -> Result<(Int, DequeueOrigin), ReuseError> {
        lookUp(kind, identifier).map { dequeue(from: $0) }
    }

    mutating func dequeueIfRegistered(_ kind: ElementKind, _ identifier: String) -> (Int, DequeueOrigin)? {
        guard case .success(let r) = lookUp(kind, identifier) else { return nil }
        return dequeue(from: r)
    }

    mutating func dequeue(from r: Int) -> (Int, DequeueOrigin) {
        if let serial = registrations[r].pooled.popLast() {
            registrations[r].reused += 1
            views[viewIndex(serial)!].state = .prepared
            prepareCounts[serial, default: 0] += 1
            return (serial, .recycled)
        }
        let serial = made
        made += 1
        registrations[r].created += 1
        views.append(TrackedView(serial: serial, registration: r, generation: registrations[r].generation,
                                 state: .prepared, binding: nil))
        return (serial, .created)
    }

    // MARK: Lifecycle

    /// The view's index if `operation` may run on it, or the pool's error.
    func check(_ operation: ReuseOperation, _ serial: Int, legal: [ReuseState]) -> Result<Int, ReuseError> {
        guard let v = viewIndex(serial) else { return .failure(.untrackedView(operation, viewType: "TestView")) }
        let view = views[v]
        guard legal.contains(view.state) else {
            let g = registrations[view.registration]
            return .failure(.illegalTransition(operation, identifier: g.identifier, kind: g.kind, state: view.state))
        }
        return .success(v)
    }

    mutating func willDisplay(_ serial: Int) -> ReuseError? {
        switch check(.willDisplay, serial, legal: [.prepared, .ended]) {
        case .failure(let error): return error
        case .success(let v):
            views[v].state = .displayed
            return nil
        }
    }

    mutating func didEndDisplaying(_ serial: Int) -> ReuseError? {
        switch check(.didEndDisplaying, serial, legal: [.displayed]) {
        case .failure(let error): return error
        case .success(let v):
            views[v].state = .ended
            views[v].binding = nil
            return nil
        }
    }

    mutating func enqueue(_ serial: Int) -> Result<EnqueueOutcome, ReuseError> {
        switch check(.enqueue, serial, legal: [.prepared, .ended]) {
        case .failure(let error): return .failure(error)
        case .success(let v):
            let r = views[v].registration
            let g = registrations[r]
            if !g.isRegistered {
                drop(serial, reason: .unregistered)
                return .success(.discarded(.unregistered))
            }
            if views[v].generation != g.generation {
                drop(serial, reason: .reregistered)
                return .success(.discarded(.reregistered))
            }
            if g.pooled.count >= g.capacity {
                drop(serial, reason: .overCapacity)
                return .success(.discarded(.overCapacity))
            }
            views[v].state = .pooled
            views[v].binding = nil
            registrations[r].pooled.append(serial)
            registrations[r].peakPooled = max(registrations[r].peakPooled, registrations[r].pooled.count)
            peakTotalPooled = max(peakTotalPooled, totals.pooled)
            return .success(.pooled)
        }
    }

    mutating func discard(_ serial: Int) -> ReuseError? {
        switch check(.discard, serial, legal: [.prepared, .ended]) {
        case .failure(let error): return error
        case .success:
            drop(serial, reason: .discardedByCaller)
            return nil
        }
    }

    mutating func bind(_ serial: Int) -> Result<UInt64, ReuseError> {
        switch check(.bind, serial, legal: [.prepared, .displayed, .ended]) {
        case .failure(let error): return .failure(error)
        case .success(let v):
            lastBinding += 1
            views[v].binding = lastBinding
            return .success(lastBinding)
        }
    }
}
