import Testing
import ListKernel
@_spi(AuditSamples) import ListKernelTesting

/// The six message-list bugs of `MessageListBugs.swift`, through the auditor with its
/// defaults (random worlds, the default mix): each is caught within 5,000 operations on at
/// least 4 of 5 seeds, reduced to a reproducer of at most 10 operations that fails again,
/// naming the part that is stale. Their twins pass.
@Suite struct AuditorCatchesMessageListBugsTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5]
    static let operationLimit = 5_000
    static let reproducerLimit = 10

    /// One seed's outcome: the operations it took to catch the bug (the failing one
    /// included) and the failure, or `nil` when the run passed.
    struct Outcome: CustomStringConvertible {
        var seed: UInt64
        var failure: AuditFailure?

        var operationsToCatch: Int? { failure.map { $0.step + 1 } }
        var description: String {
            "seed \(seed): " + (failure.map { "caught after \($0.step + 1), reproducer \($0.operations.count)" } ?? "missed")
        }
    }

    /// Runs `make`'s adapter on every seed and checks each catch: within the operation
    /// limit, reduced to at most 10 operations, failing again on replay with the same kind.
    func outcomes<Adapter: AuditAdapter>(
        _ make: @escaping () -> Adapter, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Outcome] {
        let auditor = StaleStateAuditor(makeFrontEnd: make)
        var outcomes: [Outcome] = []
        for seed in AuditorCatchesMessageListBugsTests.seeds {
            let report = try auditor.run(seed: seed, operations: AuditorCatchesMessageListBugsTests.operationLimit)
            outcomes.append(Outcome(seed: seed, failure: report.failure))
            guard let failure = report.failure else { continue }
            #expect(failure.operations.count <= AuditorCatchesMessageListBugsTests.reproducerLimit, "seed \(seed): not reduced enough\n\(failure)", sourceLocation: sourceLocation)
            let again = try #require(try auditor.replay(seed: seed, operations: failure.operations), "seed \(seed): the reproducer passes\n\(failure)", sourceLocation: sourceLocation)
            #expect(again.step == failure.operations.count - 1, sourceLocation: sourceLocation)
            #expect(Set(again.problems.map(\.kind)) == Set(failure.problems.map(\.kind)), "\(again)\n\(failure)", sourceLocation: sourceLocation)
            #expect("\(report)".contains("seed \(seed)") && "\(report)".contains("try auditor.replay(seed: \(seed), operations: ["), sourceLocation: sourceLocation)
        }
        let caught = outcomes.filter { $0.failure != nil }.count
        #expect(caught >= 4, "caught on \(caught) of 5 seeds: \(outcomes)", sourceLocation: sourceLocation)
        return outcomes
    }

    /// The problems of every catch, for the bug-specific expectations.
    func problems(_ outcomes: [Outcome]) -> [(seed: UInt64, problems: [AuditProblem], failure: AuditFailure)] {
        outcomes.compactMap { outcome in outcome.failure.map { (outcome.seed, $0.problems, $0) } }
    }

    @Test func anOptionalPreviewSetOnlyWhenPresentIsCaughtShowingAnotherMessagesPreview() throws {
        for (seed, problems, failure) in problems(try outcomes { OptionalPreviewLeaks() }) {
            let stale = try #require(problems.first { $0.kind == .staleContent }, "seed \(seed): \(failure)")
            #expect(stale.part == "message.preview", "seed \(seed): \(failure)")
            #expect(stale.expected == "nil" && stale.found?.hasPrefix("\"") == true, "seed \(seed): \(failure)")
            #expect(stale.element?.kind == .item)
        }
    }

    @Test func aCheckmarkKeptInTheCellIsCaughtOnARowWhoseSelectionDiffers() throws {
        for (seed, problems, failure) in problems(try outcomes { SelectionKeptInCell() }) {
            let stale = try #require(problems.first { $0.kind == .staleContent }, "seed \(seed): \(failure)")
            #expect(stale.part == "message.isChecked", "seed \(seed): \(failure)")
            #expect(Set([stale.found, stale.expected]) == Set(["true", "false"]), "seed \(seed): \(failure)")
        }
    }

    @Test func aBadgeSetAtDisplayTimeIsCaughtStaleAfterAReconfigure() throws {
        for (seed, problems, failure) in problems(try outcomes { BadgeSetAtDisplayTime() }) {
            let stale = try #require(problems.first { $0.kind == .staleContent }, "seed \(seed): \(failure)")
            #expect(stale.part == "message.badge", "seed \(seed): \(failure)")
            #expect(stale.found != stale.expected)
            // Display time set it right; only a change in place (a reconfigure or a
            // returning item's new version) shows it stale.
            #expect(failure.operations.contains { operation in
                if case .update(.reconfigureItem) = operation { return true }
                if case .applySnapshot = operation { return true }
                return false
            }, "seed \(seed): \(failure)")
        }
    }

    @Test func aConfigureSkippedForAnIdentifierThatCameBackIsCaughtShowingTheOldMessage() throws {
        let content: Set<String?> = ["message.sender", "message.preview", "message.badge", "message.isFlagged"]
        for (seed, problems, failure) in problems(try outcomes { SkipsSameIdentifierAndVersion() }) {
            let stale = try #require(problems.first { $0.kind == .staleContent }, "seed \(seed): \(failure)")
            #expect(content.contains(stale.part), "seed \(seed): \(failure)")
            #expect(stale.found != stale.expected)
        }
    }

    @Test func aLateAvatarCheckedAgainstTheElementIsCaughtLandingAfterARebind() throws {
        var kinds: [AuditProblem.Kind] = []
        for (seed, problems, failure) in problems(try outcomes { LateAvatarCheckedAgainstElement() }) {
            // Either an outdated result landed (the element matched after a rebind), or a
            // current one was dropped (the element moved, its binding still current).
            let problem = try #require(problems.first { $0.part == "message.avatar" }, "seed \(seed): \(failure)")
            kinds.append(problem.kind)
            if problem.kind == .lateAsyncResult {
                #expect(problem.found?.hasPrefix("\"image ") == true, "seed \(seed): \(failure)")
                #expect(problem.message.contains("no longer current"), "seed \(seed): \(failure)")
            } else {
                #expect(problem.kind == .staleContent, "seed \(seed): \(failure)")
                #expect(problem.found == "nil" && problem.expected?.hasPrefix("\"image ") == true, "seed \(seed): \(failure)")
            }
            #expect(failure.operations.last.map { if case .completeLoads = $0 { true } else { false } } == true, "seed \(seed): \(failure)")
        }
        // On some seed an outdated result must have landed, the bug's own signature.
        #expect(kinds.contains(.lateAsyncResult), "\(kinds)")
    }

    @Test func aTapActingOnTheConfiguredItemIsCaughtSelectingAnotherItem() throws {
        for (seed, problems, failure) in problems(try outcomes { TapActsOnConfiguredItem() }) {
            let wrong = try #require(problems.first { $0.kind == .wrongTapTarget }, "seed \(seed): \(failure)")
            #expect(wrong.element?.kind == .item, "seed \(seed): \(failure)")
            #expect(wrong.found != wrong.expected, "seed \(seed): \(failure)")
            #expect(failure.operations.last.map { if case .tapItem = $0 { true } else { false } } == true, "seed \(seed): \(failure)")
        }
    }
}
