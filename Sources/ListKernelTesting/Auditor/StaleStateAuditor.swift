import ListKernel

/// Drives a front end's views through seeded random scrolls, resizes, measurements, folds,
/// expansions, batch updates, snapshot applies and late image loads, and after every step
/// checks that no view shows stale state (see ``AuditSession/check()``). On failure it
/// reduces the operations to the shortest sequence it can that still fails the same way,
/// and reports the seed and that sequence as a reproducer.
///
/// ```swift
/// @Test(arguments: 1...8 as ClosedRange<UInt64>)
/// func myViewsNeverShowStaleState(seed: UInt64) {
///     let auditor = StaleStateAuditor { MyFrontEndAudit() }
///     let report = auditor.run(seed: seed, operations: 5_000)
///     #expect(report.failure == nil, "\(report)")
/// }
/// ```
///
/// The run suspends the kernel's per-mutation invariant checks (debug builds) and runs them
/// every ``invariantCheckInterval`` operations instead. A broken kernel invariant traps; set
/// `LISTKERNEL_AUDIT_TRACE=1` to see each operation, with its seed and step, before it runs.
///
/// - Complexity: stored properties are O(1); `run` and `replay` say their own.
public struct StaleStateAuditor<FrontEnd: AuditableFrontEnd> {
    /// Makes a fresh front end for each world (every run and every replay starts anew).
    public var makeFrontEnd: () -> FrontEnd
    /// Makes the world of a seed. Default: ``AuditWorld/random(seed:)``.
    public var makeWorld: (UInt64) -> AuditWorld = { AuditWorld.random(seed: $0) }
    /// How many operations between runs of the kernel's own invariant checks.
    public var invariantCheckInterval = 64
    /// How many operations the shrinker may replay in total while reducing a failure.
    public var shrinkBudget = 200_000
    /// Whether ``run(seed:operations:)`` prints a failure (seed, problems, reproducer) to
    /// standard error as well as returning it. Default `true`; tests that expect a failure
    /// turn it off.
    public var printsFailures = true

    /// An auditor of the front ends `makeFrontEnd` makes.
    ///
    /// - Complexity: O(1).
    public init(makeFrontEnd: @escaping () -> FrontEnd) {
        self.makeFrontEnd = makeFrontEnd
    }

    /// Runs `operations` random operations on the world of `seed`, checking after each one;
    /// on failure, reduces the operations and reports the reproducer.
    ///
    /// - Complexity: O(operations × (pass + checks)), plus at most ``shrinkBudget``
    ///   replayed operations on failure.
    public func run(seed: UInt64, operations: Int) -> AuditReport {
        var report = AuditReport(seed: seed, operationCount: 0, operationsByName: [:], viewsCreated: 0, viewsRecycled: 0, lateResultsDelivered: 0)
        var performed: [AuditOperation] = []
        var firstProblems: [AuditProblem] = []
        InvariantChecks.$areSuspended.withValue(true) {
            let session: AuditSession<FrontEnd>
            do { session = try AuditSession(world: makeWorld(seed), frontEnd: makeFrontEnd()) } catch {
                firstProblems = [AuditProblem(.kernelError, message: "the world of seed \(seed) could not be set up: \(error)")]
                return
            }
            var generator = AuditOperationGenerator(seed: seed)
            for step in 0..<operations {
                let operation = generator.next(for: session)
                performed.append(operation)
                report.operationsByName[AuditStressNames.name(of: operation), default: 0] += 1
                if AuditStress.isTracing { AuditStress.trace("audit seed \(seed) step \(step): \(operation)") }
                let problems = session.perform(operation)
                if !problems.isEmpty {
                    firstProblems = problems
                    break
                }
                if (step + 1) % invariantCheckInterval == 0 { session.checkKernelInvariants() }
            }
            session.checkKernelInvariants()
            report.viewsCreated = session.list.pool.totalCounters.created
            report.viewsRecycled = session.prepareForReuseCount
            report.lateResultsDelivered = session.dataSource.lateDeliveries
        }
        report.operationCount = performed.count
        if !firstProblems.isEmpty {
            let failure = reduce(seed: seed, operations: performed, problems: firstProblems)
            report.failure = failure
            if printsFailures { AuditStress.trace("\(failure)") }
        }
        return report
    }

    /// Replays `operations` on the world of `seed`, checking after each; returns the first
    /// failure (not reduced: `operations` ends at the failing step), or `nil`.
    ///
    /// - Complexity: O(operations × (pass + checks)).
    public func replay(seed: UInt64, operations: [AuditOperation]) -> AuditFailure? {
        var failure: AuditFailure?
        InvariantChecks.$areSuspended.withValue(true) {
            let session: AuditSession<FrontEnd>
            do { session = try AuditSession(world: makeWorld(seed), frontEnd: makeFrontEnd()) } catch {
                failure = AuditFailure(
                    seed: seed, step: 0, problems: [AuditProblem(.kernelError, message: "the world of seed \(seed) could not be set up: \(error)")],
                    operations: [], unreducedCount: operations.count
                )
                return
            }
            for (step, operation) in operations.enumerated() {
                if AuditStress.isTracing { AuditStress.trace("audit replay seed \(seed) step \(step): \(operation)") }
                let problems = session.perform(operation)
                if !problems.isEmpty {
                    failure = AuditFailure(
                        seed: seed, step: step, problems: problems,
                        operations: Array(operations.prefix(step + 1)), unreducedCount: operations.count
                    )
                    break
                }
                if (step + 1) % invariantCheckInterval == 0 { session.checkKernelInvariants() }
            }
        }
        return failure
    }

    /// Reduces a failing sequence while a replay still fails with a problem of one of the
    /// first failure's kinds: first the shortest failing suffix (by bisection: most failures
    /// need only the last few steps, whatever state the world is in), then chunks of
    /// operations removed, halving the chunk size down to single operations (delta
    /// debugging), then snapshot applies split into fewer edits.
    ///
    /// - Complexity: at most ``shrinkBudget`` replayed operations.
    func reduce(seed: UInt64, operations: [AuditOperation], problems: [AuditProblem]) -> AuditFailure {
        let kinds = Set(problems.map(\.kind))
        var budget = shrinkBudget
        var best = AuditFailure(seed: seed, step: operations.count - 1, problems: problems, operations: operations, unreducedCount: operations.count)
        func stillFails(_ candidate: [AuditOperation]) -> Bool {
            guard budget > 0, !candidate.isEmpty else { return false }
            budget -= candidate.count
            guard let failure = replay(seed: seed, operations: candidate),
                  failure.problems.contains(where: { kinds.contains($0.kind) }) else { return false }
            best.operations = failure.operations
            best.problems = failure.problems
            return true
        }
        // The shortest failing suffix, by bisection on its start.
        let all = best.operations
        var failing = 0              // all[failing...] fails
        var passing = all.count      // all[passing...] passes (the empty suffix does)
        while passing - failing > 1, budget > 0 {
            let middle = (failing + passing) / 2
            if stillFails(Array(all[middle...])) { failing = middle } else { passing = middle }
        }
        // Chunks of operations.
        var chunk = max(1, best.operations.count / 2)
        while budget > 0 {
            var removed = false
            var start = 0
            while start < best.operations.count, budget > 0 {
                var candidate = best.operations
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if stillFails(candidate) { removed = true } else { start += chunk }
            }
            if chunk == 1 {
                if !removed { break }
            } else {
                chunk /= 2
            }
        }
        // Edits inside snapshot applies, one at a time.
        var index = 0
        while index < best.operations.count, budget > 0 {
            if case .applySnapshot(let edits) = best.operations[index], edits.count > 1 {
                var reducedEdits = false
                for drop in edits.indices {
                    var fewer = edits
                    fewer.remove(at: drop)
                    var candidate = best.operations
                    candidate[index] = fewer.count == 1 ? .update(fewer[0]) : .applySnapshot(fewer)
                    if stillFails(candidate) {
                        reducedEdits = true
                        break
                    }
                }
                if reducedEdits { continue }
            }
            index += 1
        }
        return best
    }
}

/// Operation names for reports.
enum AuditStressNames {
    static func name(of operation: AuditOperation) -> String {
        switch operation {
        case .scroll: "scroll"
        case .resize: "resize"
        case .scrollToItem: "scrollToItem"
        case .measure: "measure"
        case .tapHeader: "tapHeader"
        case .fold: "fold"
        case .toggleExpansion: "toggleExpansion"
        case .update: "update"
        case .applySnapshot: "applySnapshot"
        case .completeLoads: "completeLoads"
        case .reloadData: "reloadData"
        case .purgePool: "purgePool"
        }
    }
}
