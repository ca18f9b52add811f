import Testing
import ListKernel
import ListKernelTesting

/// A check that can't fail is worth nothing: each deliberately buggy front end must be
/// caught, with the element and the stale value named, and reduced to a short reproducer
/// that still fails.
@Suite struct AuditorCatchesBuggyFrontEndsTests {
    /// Runs `make`'s front end until the auditor fails, and checks the failure's shape.
    func caught<FrontEnd: AuditableFrontEnd>(
        seed: UInt64, _ make: @escaping () -> FrontEnd, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AuditFailure {
        let auditor = StaleStateAuditor(makeFrontEnd: make)
        let report = try auditor.run(seed: seed, operations: 5_000)
        let failure = try #require(report.failure, "seed \(seed): the auditor missed the bug: \(report)", sourceLocation: sourceLocation)
        // The reduced sequence is short, ends where it fails, and fails again on replay.
        #expect(failure.operations.count <= 12, "seed \(seed): not reduced enough\n\(failure)", sourceLocation: sourceLocation)
        let again = try #require(try auditor.replay(seed: seed, operations: failure.operations), "seed \(seed): the reproducer passes\n\(failure)", sourceLocation: sourceLocation)
        #expect(again.step == failure.operations.count - 1, sourceLocation: sourceLocation)
        #expect(failure.description.contains("seed \(seed)"), sourceLocation: sourceLocation)
        #expect(failure.description.contains("try auditor.replay(seed: \(seed), operations: ["), sourceLocation: sourceLocation)
        return failure
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aHeaderConfiguredOnlyWhenNewlyCreatedIsCaughtShowingAnotherSectionsTitle(seed: UInt64) throws {
        let failure = try caught(seed: seed) { HeaderConfiguredOnlyWhenNewFrontEnd() }
        let problem = try #require(failure.problems.first { $0.kind == .staleContent || $0.kind == .wrongTapTarget }, "\(failure)")
        #expect(problem.element?.kind == .header, "\(failure)")
        if problem.kind == .staleContent {
            #expect(problem.part == "title", "\(failure)")
            #expect(problem.found?.hasPrefix("\"header S") == true, "\(failure)")
            #expect(problem.expected?.hasPrefix("\"header S") == true, "\(failure)")
            #expect(problem.found != problem.expected)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aFoldArrowKeptInTheViewIsCaughtShowingTheWrongArrow(seed: UInt64) throws {
        let failure = try caught(seed: seed) { FoldArrowKeptInViewFrontEnd() }
        let problem = try #require(failure.problems.first { $0.kind == .staleContent }, "\(failure)")
        #expect(problem.element?.kind == .header, "\(failure)")
        #expect(problem.part == "isFolded", "\(failure)")
        #expect(problem.found == "true" || problem.found == "false", "\(failure)")
        #expect(problem.found != problem.expected)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func expandedStateStoredInTheCellIsCaughtOnTheRowThatShowsIt(seed: UInt64) throws {
        let failure = try caught(seed: seed) { ExpandedStateInCellFrontEnd() }
        let problem = try #require(failure.problems.first { $0.kind == .staleContent }, "\(failure)")
        #expect(problem.element?.kind == .item, "\(failure)")
        #expect(problem.part == "isExpanded", "\(failure)")
        #expect(problem.found == "true" || problem.found == "false", "\(failure)")
        #expect(problem.found != problem.expected)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func anAsyncImageAppliedWithoutCheckingItsTokenIsCaughtLandingInARecycledView(seed: UInt64) throws {
        let failure = try caught(seed: seed) { ImageWithoutTokenCheckFrontEnd() }
        let problem = try #require(failure.problems.first { $0.kind == .lateAsyncResult || $0.kind == .staleContent }, "\(failure)")
        // The stale value is an image token of another item or version.
        #expect(problem.part == "image", "\(failure)")
        #expect(problem.found?.contains("image ") == true, "\(failure)")
        #expect(problem.message.contains("image"), "\(failure)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aTapHandlerThatCapturedItsSectionAtConfigureIsCaughtFoldingAnotherSection(seed: UInt64) throws {
        let failure = try caught(seed: seed) { TapTargetCapturedAtConfigureFrontEnd() }
        let problem = try #require(failure.problems.first { $0.kind == .wrongTapTarget }, "\(failure)")
        #expect(problem.element?.kind == .header, "\(failure)")
        #expect(problem.found != problem.expected, "\(failure)")
    }

    @Test func theCorrectReferenceFrontEndPassesTheSameSeeds() throws {
        let auditor = StaleStateAuditor { AuditReferenceFrontEnd() }
        for seed: UInt64 in 1...3 {
            let report = try auditor.run(seed: seed, operations: 5_000)
            #expect(report.failure == nil, "\(report)")
        }
    }
}
