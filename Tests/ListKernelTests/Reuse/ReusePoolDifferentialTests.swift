import Testing
import ListKernel
import ListKernelTesting

/// What one call returned, comparable between the pool and the model.
enum Outcome: Equatable, CustomStringConvertible {
    case done
    case failed(ReuseError)
    case dequeued(serial: Int, origin: DequeueOrigin)
    case notRegistered
    case enqueued(EnqueueOutcome)
    case bound(generation: UInt64)
    case current(Bool)

    var description: String {
        switch self {
        case .done: "done"
        case .failed(let error): "error: \(error)"
        case .dequeued(let serial, let origin): "view \(serial) (\(origin))"
        case .notRegistered: "nil"
        case .enqueued(let outcome): "\(outcome)"
        case .bound(let generation): "token #\(generation)"
        case .current(let current): "isCurrent \(current)"
        }
    }
}

/// One random call on the pool; views are named by serial (-1: a view the pool never made).
enum Operation: CustomStringConvertible {
    case register(ElementKind, String)
    case unregister(ElementKind, String)
    case setCapacity(Int, ElementKind, String)
    case purge(ElementKind, String)
    case purgeAll
    case dequeue(ElementKind, String)
    case dequeueIfRegistered(ElementKind, String)
    case willDisplay(Int)
    case didEndDisplaying(Int)
    case enqueue(Int)
    case discard(Int)
    case bind(Int)
    case isCurrent(tokenIndex: Int)

    var description: String {
        switch self {
        case .register(let k, let i): "register(\(k), '\(i)')"
        case .unregister(let k, let i): "unregister(\(k), '\(i)')"
        case .setCapacity(let c, let k, let i): "setCapacity(\(c), \(k), '\(i)')"
        case .purge(let k, let i): "purge(\(k), '\(i)')"
        case .purgeAll: "purge()"
        case .dequeue(let k, let i): "dequeue(\(k), '\(i)')"
        case .dequeueIfRegistered(let k, let i): "dequeueIfRegistered(\(k), '\(i)')"
        case .willDisplay(let v): "willDisplay(view \(v))"
        case .didEndDisplaying(let v): "didEndDisplaying(view \(v))"
        case .enqueue(let v): "enqueue(view \(v))"
        case .discard(let v): "discard(view \(v))"
        case .bind(let v): "bind(view \(v))"
        case .isCurrent(let t): "isCurrent(token \(t))"
        }
    }
}

/// Runs `steps` random calls from `seed` on a real pool and on the model, comparing every
/// observable after each call. Returns the first mismatch with a reproducer, or `nil`.
func runReusePoolDifferential(seed: UInt64, steps: Int) -> String? {
    var rng = SplitMix64(seed: seed)
    let kinds: [ElementKind] = [.item, .header, ElementKind("badge")]
    let identifiers = ["cell", "Cell", "row", ""]
    let keys = kinds.flatMap { kind in identifiers.map { (kind, $0) } }

    let h = Harness()
    var model = ReusePoolModel()
    var views: [TestView] = []                               // by serial: every view ever made
    let stranger = TestView(serial: ReusePoolModel.foreign, madeFor: "nobody")
    var tokens: [(real: BindingToken, serial: Int, generation: UInt64)] = []
    var recent: [String] = []
    var comparedDiscards = 0

    func view(_ serial: Int) -> TestView { serial == ReusePoolModel.foreign ? stranger : views[serial] }

    func randomKey() -> (ElementKind, String) {
        // Mostly the registrable identifiers; sometimes the empty one.
        let kind = kinds[rng.below(kinds.count)]
        let identifier = rng.chance(1, in: 20) ? "" : identifiers[rng.below(identifiers.count - 1)]
        return (kind, identifier)
    }

    /// A view for a lifecycle call: usually one whose state makes the call legal, otherwise
    /// any tracked view, any view ever made, or the stranger.
    func randomView(legalFrom legal: [ReuseState]) -> Int {
        let fitting = model.views.filter { legal.contains($0.state) }
        if !fitting.isEmpty && rng.chance(3, in: 4) { return fitting[rng.below(fitting.count)].serial }
        if !model.views.isEmpty && rng.chance(2, in: 3) { return model.views[rng.below(model.views.count)].serial }
        let pick = rng.below(views.count + 1)
        return pick == views.count ? ReusePoolModel.foreign : pick
    }

    func nextOperation() -> Operation {
        var roll = rng.below(100)
        // Keep the world small: past 30 tracked views, dequeues turn into enqueues.
        if (8..<32).contains(roll) && model.views.count > 30 { roll = 70 }
        let (kind, identifier) = randomKey()
        switch roll {
        case 0..<2: return .register(kind, identifier)
        case 2..<3: return .unregister(kind, identifier)
        case 3..<6: return .setCapacity(rng.int(in: -1...6), kind, identifier)
        case 6..<7: return .purge(kind, identifier)
        case 7: return rng.chance(1, in: 2) ? .purgeAll : .purge(kind, identifier)
        case 8..<28: return .dequeue(kind, identifier)
        case 28..<32: return .dequeueIfRegistered(kind, identifier)
        case 32..<48: return .willDisplay(randomView(legalFrom: [.prepared, .ended]))
        case 48..<62: return .didEndDisplaying(randomView(legalFrom: [.displayed]))
        case 62..<82: return .enqueue(randomView(legalFrom: [.prepared, .ended]))
        case 82..<85: return .discard(randomView(legalFrom: [.prepared, .ended]))
        case 85..<94: return .bind(randomView(legalFrom: [.prepared, .displayed, .ended]))
        default:
            // Half the time one of the latest tokens, which are the likeliest to be current.
            if tokens.isEmpty { return .isCurrent(tokenIndex: -1) }
            let index = rng.chance(1, in: 2) ? tokens.count - 1 - rng.below(min(8, tokens.count)) : rng.below(tokens.count)
            return .isCurrent(tokenIndex: index)
        }
    }

    func outcome(_ body: () throws(ReuseError) -> Outcome) -> Outcome {
        do { return try body() } catch { return .failed(error) }
    }

    func apply(_ operation: Operation) -> (real: Outcome, model: Outcome) {
        let pool = h.pool
        switch operation {
        case .register(let k, let i):
            return (outcome { () throws(ReuseError) in try h.register(k, i); return .done },
                    model.register(k, i).map(Outcome.failed) ?? .done)
        case .unregister(let k, let i):
            return (outcome { () throws(ReuseError) in try pool.unregister(kind: k, identifier: i); return .done },
                    model.unregister(k, i).map(Outcome.failed) ?? .done)
        case .setCapacity(let c, let k, let i):
            return (outcome { () throws(ReuseError) in try pool.setCapacity(c, kind: k, identifier: i); return .done },
                    model.setCapacity(c, k, i).map(Outcome.failed) ?? .done)
        case .purge(let k, let i):
            return (outcome { () throws(ReuseError) in try pool.purge(kind: k, identifier: i); return .done },
                    model.purge(k, i).map(Outcome.failed) ?? .done)
        case .purgeAll:
            pool.purge()
            model.purgeAll()
            return (.done, .done)
        case .dequeue(let k, let i):
            let real = outcome { () throws(ReuseError) in
                let d = try pool.dequeue(kind: k, identifier: i)
                if d.view.serial == views.count { views.append(d.view) }
                return .dequeued(serial: d.view.serial, origin: d.origin)
            }
            let expected: Outcome = switch model.dequeue(k, i) {
            case .success(let (serial, origin)): .dequeued(serial: serial, origin: origin)
            case .failure(let error): .failed(error)
            }
            return (real, expected)
        case .dequeueIfRegistered(let k, let i):
            let real = outcome { () throws(ReuseError) in
                guard let d = try pool.dequeueIfRegistered(kind: k, identifier: i) else { return .notRegistered }
                if d.view.serial == views.count { views.append(d.view) }
                return .dequeued(serial: d.view.serial, origin: d.origin)
            }
            let expected: Outcome = model.dequeueIfRegistered(k, i)
                .map { .dequeued(serial: $0.0, origin: $0.1) } ?? .notRegistered
            return (real, expected)
        case .willDisplay(let v):
            return (outcome { () throws(ReuseError) in try pool.willDisplay(view(v)); return .done },
                    model.willDisplay(v).map(Outcome.failed) ?? .done)
        case .didEndDisplaying(let v):
            return (outcome { () throws(ReuseError) in try pool.didEndDisplaying(view(v)); return .done },
                    model.didEndDisplaying(v).map(Outcome.failed) ?? .done)
        case .enqueue(let v):
            let expected: Outcome = switch model.enqueue(v) {
            case .success(let result): .enqueued(result)
            case .failure(let error): .failed(error)
            }
            return (outcome { () throws(ReuseError) in .enqueued(try pool.enqueue(view(v))) }, expected)
        case .discard(let v):
            return (outcome { () throws(ReuseError) in try pool.discard(view(v)); return .done },
                    model.discard(v).map(Outcome.failed) ?? .done)
        case .bind(let v):
            var token: BindingToken?
            let real = outcome { () throws(ReuseError) in
                let t = try pool.bind(view(v))
                token = t
                return .bound(generation: t.generation)
            }
            let expected: Outcome
            switch model.bind(v) {
            case .success(let generation):
                expected = .bound(generation: generation)
                if let token { tokens.append((token, v, generation)) }
            case .failure(let error):
                expected = .failed(error)
            }
            return (real, expected)
        case .isCurrent(let t):
            guard t >= 0 else { return (.done, .done) }
            let token = tokens[t]
            return (.current(pool.isCurrent(token.real)),
                    .current(model.isCurrent(serial: token.serial, generation: token.generation)))
        }
    }

    /// Every observable the step could have changed, pool versus model; nil when equal.
    func mismatch(touched: Int?) -> String? {
        // Discards of this step only (earlier ones were compared already).
        let real = h.log.entries[min(comparedDiscards, h.log.entries.count)...]
        let expected = model.discards[min(comparedDiscards, model.discards.count)...]
        if real.count != expected.count
            || !zip(real, expected).allSatisfy({ $0.serial == $1.serial && $0.discard == $1.discard }) {
            return "discards: pool \(real.map { "\($0.serial) \($0.discard)" }) "
                + "model \(expected.map { "\($0.serial) \($0.discard)" })"
        }
        comparedDiscards = h.log.entries.count
        if h.maker.made != model.made { return "views made: pool \(h.maker.made), model \(model.made)" }
        var serials = model.views.map(\.serial)
        if let touched { serials.append(touched) }
        for serial in serials {
            let v = view(serial)
            if h.pool.state(of: v) != model.state(of: serial) {
                return "state of view \(serial): pool \(h.pool.state(of: v)), model \(model.state(of: serial))"
            }
            if serial >= 0, v.prepareCount != model.prepareCounts[serial, default: 0] {
                return "prepareForReuse calls on view \(serial): pool \(v.prepareCount), model \(model.prepareCounts[serial, default: 0])"
            }
        }
        for (kind, identifier) in keys {
            let real = h.pool.counters(kind: kind, identifier: identifier)
            let expected = model.counters(kind, identifier)
            if real != expected { return "counters of '\(identifier)' \(kind): pool \(real), model \(expected)" }
            if h.pool.capacity(kind: kind, identifier: identifier) != model.capacity(kind, identifier) {
                return "capacity of '\(identifier)' \(kind) differs"
            }
            if h.pool.isRegistered(kind: kind, identifier: identifier) != model.isRegistered(kind, identifier) {
                return "isRegistered('\(identifier)', \(kind)) differs"
            }
        }
        for kind in kinds where h.pool.registeredIdentifiers(of: kind) != model.registeredIdentifiers(of: kind) {
            return "registered identifiers of \(kind): pool \(h.pool.registeredIdentifiers(of: kind)), model \(model.registeredIdentifiers(of: kind))"
        }
        if h.pool.totalCounters != model.totals {
            return "totals: pool \(h.pool.totalCounters), model \(model.totals)"
        }
        for token in tokens.suffix(8)
        where h.pool.isCurrent(token.real) != model.isCurrent(serial: token.serial, generation: token.generation) {
            return "isCurrent(\(token.real)) of view \(token.serial) differs"
        }
        return nil
    }

    for step in 0..<steps {
        let operation = nextOperation()
        recent.append("\(step): \(operation)")
        if recent.count > 12 { recent.removeFirst() }
        let (real, expected) = apply(operation)
        var problem: String? = real == expected ? nil : "\(operation): pool \(real), model \(expected)"
        if problem == nil {
            let touched: Int? = switch operation {
            case .willDisplay(let v), .didEndDisplaying(let v), .enqueue(let v), .discard(let v), .bind(let v): v
            default: nil
            }
            problem = mismatch(touched: touched)
        }
        if let problem {
            return """
                seed 0x\(String(seed, radix: 16)) step \(step): \(problem)
                last calls:
                  \(recent.joined(separator: "\n  "))
                reproduce: runReusePoolDifferential(seed: 0x\(String(seed, radix: 16)), steps: \(step + 1))
                """
        }
    }
    // At the end, every view ever made agrees, not only the tracked ones.
    for serial in views.indices where h.pool.state(of: views[serial]) != model.state(of: serial) {
        return "seed 0x\(String(seed, radix: 16)) after \(steps) steps: state of view \(serial) differs"
    }
    return nil
}

@Suite struct ReusePoolDifferentialTests {
    @Test(arguments: [0x5EED_0001, 0xC0FF_EE00, 42, 0x0DDB_A11] as [UInt64])
    func theReusePoolMatchesItsReferenceModelOverTenThousandRandomCalls(seed: UInt64) {
        if let failure = runReusePoolDifferential(seed: seed, steps: 10_000) {
            Issue.record("\(failure)")
        }
    }
}
