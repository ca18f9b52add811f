/// What an outline audit run did, and its failure if it found one.
///
/// ```swift
/// let report = try OutlineStaleStateAuditor { TreeAudit() }.run(seed: 1, operations: 2_000)
/// #expect(report.failure == nil, "\(report)")
/// ```
///
/// - Complexity: every member is O(1), except `description`, O(operations named).
public struct OutlineAuditReport: Sendable, CustomStringConvertible {
    /// The seed of the run.
    public var seed: UInt64
    /// The operations performed, up to and including a failing one.
    public var operations: [OutlineAuditOperation]
    /// How many operations of each kind ran, by ``OutlineAuditOperation/name``.
    public var operationsByName: [String: Int]
    /// How many outline operations ended with each status: a payload's case name
    /// (`notExpandable`, `cycle`) or the status's description (`expanded`,
    /// `dropped: the request was already answered`), to see what a run exercised.
    public var statuses: [String: Int]
    /// How many views the list made.
    public var viewsCreated: Int
    /// The failure, reduced, or `nil` when every check passed.
    public var failure: OutlineAuditFailure?

    /// One line, or the failure.
    ///
    /// - Complexity: O(operations named).
    public var description: String {
        if let failure { return failure.description }
        let counts = operationsByName.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "outline audit seed \(seed): \(operations.count) operations passed (\(counts)); \(viewsCreated) views made"
    }
}

/// A failing outline audit: the seed, the failing step of the (reduced) operations, the
/// problems found there, and a paste-able replay call.
///
/// ```swift
/// outline audit failed: seed 1, step 3 of a reproducer of 4 operations (the random run failed after 13)
///   view #7 at section 0 row 7 (node 17): indent shows 1, should show 0
/// let failure = try auditor.replay(seed: 1, operations: [.collapse(row: 6, recursive: false), …])  // auditor: …
/// ```
///
/// - Complexity: every member is O(1), except `description` and ``replayCall``,
///   O(operations + problems).
public struct OutlineAuditFailure: Sendable, CustomStringConvertible {
    /// The seed of the world.
    public var seed: UInt64
    /// The index in ``operations`` of the step that failed (the last one).
    public var step: Int
    /// The problems found after that step.
    public var problems: [OutlineAuditProblem]
    /// The operations that reproduce the failure from the seed's world.
    public var operations: [OutlineAuditOperation]
    /// How many operations the random run made until it failed (before reduction).
    public var unreducedCount: Int
    /// The adapter's type name, for ``replayCall``.
    public var adapterName: String

    /// `let failure = try auditor.replay(seed: …, operations: […])  // auditor: the OutlineStaleStateAuditor<Adapter> that ran`:
    /// the call to paste into a named regression test, on an auditor made as the run's was.
    ///
    /// - Complexity: O(operations).
    public var replayCall: String {
        "let failure = try auditor.replay(seed: \(seed), operations: [\(operations.map(\.description).joined(separator: ", "))])"
            + "  // auditor: the OutlineStaleStateAuditor<\(adapterName)> that ran"
    }

    /// The seed, the step, each problem on its own line, and the replay call.
    ///
    /// - Complexity: O(operations + problems).
    public var description: String {
        var lines = ["outline audit failed: seed \(seed), step \(step) of a reproducer of \(operations.count) operations (the random run failed after \(unreducedCount))"]
        lines += problems.prefix(8).map { "  \($0)" }
        if problems.count > 8 { lines.append("  … and \(problems.count - 8) more") }
        lines.append(replayCall)
        return lines.joined(separator: "\n")
    }
}
