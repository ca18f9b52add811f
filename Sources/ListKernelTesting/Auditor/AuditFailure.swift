/// A failed audit: the seed, the problems, and the shortest, simplest operation sequence
/// the auditor could reduce the failure to, printed as a paste-able reproducer (indexes as
/// performed, wrapped into range).
///
/// ```text
/// stale-state audit failed: seed 7, at operation 42 of the run, reduced from 42 to 2 operations:
///   staleContent: item [0, 3] (identifier 12 in section 0, version 0) is displayed by view #2 (item) showing subtitle "Draft attached", expected nil
/// reproduce (same adapter):
///     let failure = try auditor.replay(seed: 7, operations: [
///         .update(.deleteItems(section: 0, at: 1, count: 1)),
///         .scroll(to: 150.0),
///     ])
/// ```
///
/// - Complexity: every member is O(1) except `description`, O(operations + problems).
public struct AuditFailure: Error, CustomStringConvertible {
    /// The seed of the world (and of the random run that found the failure).
    public var seed: UInt64
    /// The index of the failing operation in the sequence that first failed (0 for the first
    /// operation; the description counts from 1).
    public var step: Int
    /// The problems found after the last operation of `operations`.
    public var problems: [AuditProblem]
    /// The reduced sequence: replaying it on a world of `seed` fails the same way.
    public var operations: [AuditOperation]
    /// How many operations the failing sequence had before it was reduced.
    public var unreducedCount: Int

    /// Creates a failure.
    ///
    /// - Complexity: O(1).
    public init(seed: UInt64, step: Int, problems: [AuditProblem], operations: [AuditOperation], unreducedCount: Int) {
        self.seed = seed
        self.step = step
        self.problems = problems
        self.operations = operations
        self.unreducedCount = unreducedCount
    }

    /// The reproducer: `auditor.replay(seed:operations:)` with the reduced operations.
    ///
    /// - Complexity: O(operations).
    public var reproducer: String {
        var lines = ["let failure = try auditor.replay(seed: \(seed), operations: ["]
        for operation in operations { lines.append("    \(operation),") }
        lines.append("])")
        return lines.joined(separator: "\n")
    }

    /// The seed, the problems and the reproducer.
    ///
    /// - Complexity: O(operations + problems).
    public var description: String {
        var text = "stale-state audit failed: seed \(seed), at operation \(step + 1) of the run, reduced from \(unreducedCount) to \(operations.count) operation\(operations.count == 1 ? "" : "s"):\n"
        for problem in AuditProblem.unique(problems) { text += "  \(problem)\n" }
        text += "reproduce (same adapter):\n"
        text += reproducer.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        return text
    }
}

/// What a random audit run did: its operations, how many of which kinds, how much reuse and
/// how many late results it provoked, and the failure if there was one.
///
/// - Complexity: every member is O(1) except `description`.
public struct AuditReport: CustomStringConvertible {
    /// The run's seed.
    public var seed: UInt64
    /// Operations performed (up to and including a failing one).
    public var operationCount: Int
    /// Operations performed, by name (`scroll`, `update`, `applySnapshot`, …).
    public var operationsByName: [String: Int]
    /// The operations performed, in order, as performed (indexes wrapped into range), up to
    /// and including a failing one: `auditor.replay(seed: report.seed, operations:
    /// report.operations)` runs the same steps again.
    public var operations: [AuditOperation] = []
    /// Views the list made.
    public var viewsCreated: Int
    /// Views recycled (`prepareForReuse` calls).
    public var viewsRecycled: Int
    /// Image results delivered after their view was rebound (each a chance for a stale
    /// image to land).
    public var lateResultsDelivered: Int
    /// The failure, reduced, or `nil` when every check passed after every operation.
    public var failure: AuditFailure?

    /// `seed 7: 10000 operations, 31 views made, 4210 recycled, 220 late results, passed`,
    /// or `FAILED` and the failure, printed once.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "seed \(seed): \(operationCount) operations, \(viewsCreated) views made, \(viewsRecycled) recycled, \(lateResultsDelivered) late results, "
            + (failure.map { "FAILED\n\($0)" } ?? "passed")
    }
}
