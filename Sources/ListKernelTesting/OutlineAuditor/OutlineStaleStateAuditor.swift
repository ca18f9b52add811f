public import ListKernel

/// Drives an outline row view (through an ``OutlineAuditAdapter``) in a real `VirtualList`
/// fed by `OutlineListSource`, through seeded random expands, collapses (also recursive),
/// moves of subtrees, inserts, deletes, lazy loads answered late, out of order, twice or
/// after their node was removed or collapsed, failed loads, scrolls and viewport resizes.
/// After every step it compares what every displayed view shows (its node's title, depth,
/// disclosure state, "loading…") with what `ReferenceOutline`, the naive model run in step,
/// says its row is. On failure it reduces the operations to a short reproducer.
///
/// ```swift
/// @Test(arguments: 1...5 as ClosedRange<UInt64>)
/// func treeRowsNeverShowAnotherNodesState(seed: UInt64) throws {
///     let report = try OutlineStaleStateAuditor { TreeAudit() }.run(seed: seed, operations: 2_000)
///     #expect(report.failure == nil, "\(report)")
/// }
/// ```
///
/// The world of a seed is two sections of ``initialNodeCount`` nodes each, nested up to
/// four levels, some expanded; node `n`'s kind is ``kind(of:)`` and its title ``title(of:)``.
/// Rows are 44 points. The kernel's per-mutation invariant checks are suspended during a
/// run and run every ``invariantCheckInterval`` operations instead.
///
/// - Complexity: stored properties are O(1); `run` and `replay` say their own.
public struct OutlineStaleStateAuditor<Adapter: OutlineAuditAdapter> {
    /// Makes a fresh adapter for each world (every run and every replay starts anew).
    public var makeAdapter: () -> Adapter
    /// The nodes each of the two sections starts with (0…10,000). Default 30.
    public var initialNodeCount = 30
    /// The viewport's size in points at the start (greater than 0, at most 1,000,000).
    /// Default 300, about seven rows.
    public var viewportSize: Double = 300
    /// How many operations between runs of the kernel's own invariant checks (at least 1).
    public var invariantCheckInterval = 64
    /// How many operations the shrinker may replay in total (at least 0; 0 reports the
    /// failing run unreduced).
    public var shrinkBudget = 100_000

    /// An auditor of the adapters `makeAdapter` makes.
    ///
    /// - Complexity: O(1).
    public init(makeAdapter: @escaping () -> Adapter) {
        self.makeAdapter = makeAdapter
    }

    /// The title of node `id`: `"Node 17"`.
    ///
    /// - Complexity: O(digits).
    public static func title(of id: Int) -> String { "Node \(id)" }

    /// The kind of node `id` when it is made: every fourth a lazy node (`id % 4 == 0`), the
    /// next a container, the rest leaves (a leaf of the starting world that gets children
    /// there is a container).
    ///
    /// - Complexity: O(1).
    public static func kind(of id: Int) -> OutlineItem<Int>.Children {
        switch id % 4 {
        case 0: .lazy
        case 1: .container
        default: .none
        }
    }

    /// Throws ``AuditError/Kind/invalidConfiguration`` for a setting out of range.
    func validate(operations: Int) throws(AuditError) {
        func bad(_ message: String) -> AuditError { AuditError(.invalidConfiguration, message: message) }
        guard operations >= 0 else { throw bad("operations is \(operations); a run makes 0 or more") }
        guard (0...10_000).contains(initialNodeCount) else { throw bad("initialNodeCount is \(initialNodeCount); it must be 0…10,000") }
        guard viewportSize.isFinite, viewportSize > 0, viewportSize <= 1_000_000 else {
            throw bad("viewportSize is \(viewportSize); it must be greater than 0 and at most 1,000,000")
        }
        guard invariantCheckInterval >= 1 else { throw bad("invariantCheckInterval is \(invariantCheckInterval); it must be at least 1") }
        guard shrinkBudget >= 0 else { throw bad("shrinkBudget is \(shrinkBudget); it can't be negative") }
    }

    /// Runs `operations` random operations on the world of `seed`, checking every displayed
    /// view after each; on failure, reduces the operations to a reproducer.
    ///
    /// - Throws: ``AuditError`` for a setting out of range (``AuditError/Kind/invalidConfiguration``)
    ///   or a world the list rejects (``AuditError/Kind/setupRejected``); nothing runs.
    /// - Complexity: O(operations × (n + v)) for n nodes and v displayed views, plus at most
    ///   ``shrinkBudget`` replayed operations on failure.
    public func run(seed: UInt64, operations: Int) throws(AuditError) -> OutlineAuditReport {
        try validate(operations: operations)
        var report = OutlineAuditReport(seed: seed, operations: [], operationsByName: [:], statuses: [:], viewsCreated: 0)
        var problems: [OutlineAuditProblem] = []
        var setupError: AuditError?
        InvariantChecks.$areSuspended.withValue(true) {
            let session: OutlineAuditSession<Adapter>
            do throws(AuditError) { session = try makeSession(seed: seed) } catch {
                setupError = error
                return
            }
            var generator = OutlineAuditGenerator(seed: seed)
            report.operations.reserveCapacity(operations)
            for step in 0..<operations {
                let operation = generator.next(for: session)
                report.operations.append(operation)
                report.operationsByName[operation.name, default: 0] += 1
                problems = session.perform(operation)
                if !problems.isEmpty { break }
                if (step + 1) % invariantCheckInterval == 0 { session.checkKernelInvariants() }
            }
            session.checkKernelInvariants()
            report.viewsCreated = session.ledger.serials.count
            report.statuses = session.statuses
        }
        if let setupError { throw setupError }
        if !problems.isEmpty { report.failure = reduce(seed: seed, operations: report.operations, problems: problems) }
        return report
    }

    /// Replays `operations` on the world of `seed`, checking after each; returns the first
    /// failure (not reduced: its operations end at the failing step), or `nil`.
    ///
    /// - Throws: ``AuditError``: ``AuditError/Kind/invalidOperation`` for an operation no run
    ///   accepts (``OutlineAuditOperation/validationError``, with its index), a setting out of
    ///   range, or a world the list rejects; nothing runs.
    /// - Complexity: O(operations × (n + v)).
    public func replay(seed: UInt64, operations: [OutlineAuditOperation]) throws(AuditError) -> OutlineAuditFailure? {
        try validate(operations: operations.count)
        for (step, operation) in operations.enumerated() {
            if let reason = operation.validationError {
                throw AuditError(.invalidOperation, message: "operation \(step), \(operation): \(reason)")
            }
        }
        return try replayValidated(seed: seed, operations: operations)
    }

    func makeSession(seed: UInt64) throws(AuditError) -> OutlineAuditSession<Adapter> {
        try OutlineAuditSession(adapter: makeAdapter(), seed: seed, nodes: initialNodeCount, viewportSize: viewportSize)
    }

    func replayValidated(seed: UInt64, operations: [OutlineAuditOperation]) throws(AuditError) -> OutlineAuditFailure? {
        var failure: OutlineAuditFailure?
        var setupError: AuditError?
        InvariantChecks.$areSuspended.withValue(true) {
            let session: OutlineAuditSession<Adapter>
            do throws(AuditError) { session = try makeSession(seed: seed) } catch {
                setupError = error
                return
            }
            for (step, operation) in operations.enumerated() {
                let problems = session.perform(operation)
                if !problems.isEmpty {
                    failure = OutlineAuditFailure(
                        seed: seed, step: step, problems: problems, operations: Array(operations[...step]),
                        unreducedCount: operations.count, adapterName: String(describing: Adapter.self)
                    )
                    break
                }
                if (step + 1) % invariantCheckInterval == 0 { session.checkKernelInvariants() }
            }
        }
        if let setupError { throw setupError }
        return failure
    }

    /// Reduces a failing run while a replay still fails with a problem in one of the first
    /// failure's parts, as ``StaleStateAuditor`` does: the shortest failing suffix by
    /// bisection, then chunks removed (halving down to single operations), then each
    /// operation made simpler, and single operations removed again, until nothing changes.
    ///
    /// - Complexity: at most ``shrinkBudget`` replayed operations.
    func reduce(seed: UInt64, operations: [OutlineAuditOperation], problems: [OutlineAuditProblem]) -> OutlineAuditFailure {
        let parts = Set(problems.map(\.part))
        var budget = shrinkBudget
        var best = OutlineAuditFailure(
            seed: seed, step: operations.count - 1, problems: problems, operations: operations,
            unreducedCount: operations.count, adapterName: String(describing: Adapter.self)
        )
        func stillFails(_ candidate: [OutlineAuditOperation]) -> Bool {
            guard budget > 0, !candidate.isEmpty else { return false }
            budget -= candidate.count
            guard let failure = try? replayValidated(seed: seed, operations: candidate),
                  failure.problems.contains(where: { parts.contains($0.part) }) else { return false }
            best.operations = failure.operations
            best.problems = failure.problems
            best.step = failure.step
            return true
        }
        // 1. The shortest failing suffix.
        let all = best.operations
        var failing = 0
        var passing = all.count
        while passing - failing > 1, budget > 0 {
            let middle = (failing + passing) / 2
            if stillFails(Array(all[middle...])) { failing = middle } else { passing = middle }
        }
        // 2. Chunks, halving to single operations.
        func removeChunks(from size: Int) {
            var chunk = max(1, size)
            while budget > 0 {
                var removed = false
                var start = 0
                while start < best.operations.count, budget > 0 {
                    var candidate = best.operations
                    candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                    if stillFails(candidate) { removed = true } else { start += chunk }
                }
                if chunk == 1 { if !removed { break } } else { chunk /= 2 }
            }
        }
        removeChunks(from: best.operations.count / 2)
        // 3. Simpler operations, then single removals again, until nothing changes.
        while budget > 0 {
            var simplified = false
            var index = 0
            while index < best.operations.count, budget > 0 {
                var replaced = false
                for simpler in best.operations[index].simpler {
                    var candidate = best.operations
                    candidate[index] = simpler
                    if stillFails(candidate) {
                        replaced = true
                        simplified = true
                        break
                    }
                }
                if !replaced { index += 1 }
            }
            guard simplified else { break }
            removeChunks(from: 1)
        }
        return best
    }
}
