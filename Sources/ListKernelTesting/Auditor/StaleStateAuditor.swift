import ListKernel

/// Drives an adapter's views through seeded random scrolls, resizes, measurements, folds,
/// expansions, selections, batch updates, snapshot applies and late image loads, and after
/// every step checks that no view shows stale state (see ``AuditSession/check()``). On
/// failure it reduces the operations to the shortest, simplest sequence it can that still
/// fails the same way, and reports the seed and that sequence as a reproducer.
///
/// ```swift
/// @Test(arguments: 1...8 as ClosedRange<UInt64>)
/// func myViewsNeverShowStaleState(seed: UInt64) throws {
///     let auditor = StaleStateAuditor { MessagesAudit() }
///     let report = try auditor.run(seed: seed, operations: 5_000)
///     #expect(report.failure == nil, "\(report)")
/// }
/// ```
///
/// The run suspends the kernel's per-mutation invariant checks (debug builds) and runs them
/// every ``invariantCheckInterval`` operations instead. A broken kernel invariant traps; set
/// `LISTKERNEL_AUDIT_TRACE=1` to see each operation, with its seed and step, before it runs.
///
/// - Complexity: stored properties are O(1); `run` and `replay` say their own.
public struct StaleStateAuditor<Adapter: AuditAdapter> {
    /// Makes a fresh adapter for each world (every run and every replay starts anew).
    public var makeFrontEnd: () -> Adapter
    /// Makes the world of a seed. Default: ``AuditWorld/random(seed:)``.
    public var makeWorld: (UInt64) -> AuditWorld = { AuditWorld.random(seed: $0) }
    /// How often a run draws each kind of operation; a weight of 0 switches a kind off.
    public var mix = AuditOperationMix.default
    /// How many operations between runs of the kernel's own invariant checks (at least 1).
    public var invariantCheckInterval = 64
    /// How many operations the shrinker may replay in total while reducing a failure (at
    /// least 0; 0 reports the failing run unreduced).
    public var shrinkBudget = 200_000
    /// Whether ``run(seed:operations:)`` prints a failure (seed, problems, reproducer) to
    /// standard error as well as returning it. Default `false`: the report carries the
    /// failure, and a test prints it once, with `#expect(report.failure == nil, "\(report)")`.
    public var printsFailures = false

    /// An auditor of the adapters `makeFrontEnd` makes.
    ///
    /// - Complexity: O(1).
    public init(makeFrontEnd: @escaping () -> Adapter) {
        self.makeFrontEnd = makeFrontEnd
    }

    /// Throws ``AuditError/Kind/invalidConfiguration`` for a setting out of range.
    func validate(operations: Int) throws(AuditError) {
        guard operations >= 0 else {
            throw AuditError(.invalidConfiguration, message: "operations is \(operations); a run makes 0 or more")
        }
        guard invariantCheckInterval >= 1 else {
            throw AuditError(.invalidConfiguration, message: "invariantCheckInterval is \(invariantCheckInterval); it must be at least 1")
        }
        guard shrinkBudget >= 0 else {
            throw AuditError(.invalidConfiguration, message: "shrinkBudget is \(shrinkBudget); it can't be negative")
        }
        try mix.validate()
    }

    /// Runs `operations` random operations on the world of `seed`, checking after each one;
    /// on failure, reduces the operations and reports the reproducer. The report lists the
    /// operations the run made (up to a failing one), as performed.
    ///
    /// - Throws: ``AuditError`` for a negative operation count, a setting out of range
    ///   (``mix``, ``invariantCheckInterval``, ``shrinkBudget``) or a world out of range;
    ///   nothing runs. A world the list rejects is a failure in the report instead.
    /// - Complexity: O(operations × (pass + checks)), plus at most ``shrinkBudget``
    ///   replayed operations on failure.
    public func run(seed: UInt64, operations: Int) throws(AuditError) -> AuditReport {
        try validate(operations: operations)
        var report = AuditReport(seed: seed, operationCount: 0, operationsByName: [:], viewsCreated: 0, viewsRecycled: 0, lateResultsDelivered: 0)
        var performed: [AuditOperation] = []
        var firstProblems: [AuditProblem] = []
        var setupError: AuditError?
        var rejectedWorld: AuditFailure?
        InvariantChecks.$areSuspended.withValue(true) {
            let session: AuditSession<Adapter>
            do throws(AuditError) { session = try AuditSession(world: makeWorld(seed), frontEnd: makeFrontEnd()) } catch {
                if error.rejectsTheWorld {
                    rejectedWorld = Self.worldRejected(seed: seed, error, operations: operations)
                } else {
                    setupError = error
                }
                return
            }
            var generator = AuditOperationGenerator(seed: seed, mix: mix)
            performed.reserveCapacity(operations)
            for step in 0..<operations {
                let operation = generator.next(for: session)
                if AuditStress.isTracing { AuditStress.trace("audit seed \(seed) step \(step): \(operation)") }
                let (resolved, problems) = session.performResolved(operation)
                performed.append(resolved)
                report.operationsByName[resolved.name, default: 0] += 1
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
        if let setupError { throw setupError }
        report.operationCount = performed.count
        report.operations = performed
        if let rejectedWorld {
            report.failure = rejectedWorld
            if printsFailures { AuditStress.trace("\(rejectedWorld)") }
        } else if !firstProblems.isEmpty {
            let failure = reduce(seed: seed, operations: performed, problems: firstProblems)
            report.failure = failure
            if printsFailures { AuditStress.trace("\(failure)") }
        }
        return report
    }

    /// Replays `operations` on the world of `seed`, checking after each; returns the first
    /// failure (not reduced: its operations end at the failing step, as performed, indexes
    /// wrapped into range), or `nil`.
    ///
    /// - Throws: ``AuditError`` for an operation no list accepts
    ///   (``AuditOperation/validationError``, with its step), a setting or a world out of
    ///   range, or registrations the list rejects (``AuditError/Kind/setupRejected``);
    ///   nothing runs. A world the list rejects is the failure returned instead.
    /// - Complexity: O(operations × (pass + checks)).
    public func replay(seed: UInt64, operations: [AuditOperation]) throws(AuditError) -> AuditFailure? {
        try validate(operations: operations.count)
        for (step, operation) in operations.enumerated() {
            if let reason = operation.validationError {
                throw AuditError(.invalidOperation, message: "operation \(step), \(operation): \(reason)")
            }
        }
        let world = makeWorld(seed)
        try world.validate()
        return try replayValidated(seed: seed, operations: operations)
    }

    /// ``replay(seed:operations:)`` of operations already validated.
    func replayValidated(seed: UInt64, operations: [AuditOperation]) throws(AuditError) -> AuditFailure? {
        var failure: AuditFailure?
        var setupError: AuditError?
        InvariantChecks.$areSuspended.withValue(true) {
            let session: AuditSession<Adapter>
            do throws(AuditError) { session = try AuditSession(world: makeWorld(seed), frontEnd: makeFrontEnd()) } catch {
                if error.rejectsTheWorld {
                    failure = Self.worldRejected(seed: seed, error, operations: operations.count)
                } else {
                    setupError = error
                }
                return
            }
            var performed: [AuditOperation] = []
            for (step, operation) in operations.enumerated() {
                if AuditStress.isTracing { AuditStress.trace("audit replay seed \(seed) step \(step): \(operation)") }
                let (resolved, problems) = session.performResolved(operation)
                performed.append(resolved)
                if !problems.isEmpty {
                    failure = AuditFailure(seed: seed, step: step, problems: problems, operations: performed, unreducedCount: operations.count)
                    break
                }
                if (step + 1) % invariantCheckInterval == 0 { session.checkKernelInvariants() }
            }
        }
        if let setupError { throw setupError }
        return failure
    }

    /// The failure of a world the list rejected before any operation: the kernel refused a
    /// valid world's first reload or pass.
    static func worldRejected(seed: UInt64, _ error: AuditError, operations: Int) -> AuditFailure {
        AuditFailure(
            seed: seed, step: 0, problems: [AuditProblem(.kernelError, message: "the world of seed \(seed) could not be set up: \(error.message)")],
            operations: [], unreducedCount: operations
        )
    }
}
