import Testing
import ListKernel
import ListKernelTesting

/// The correct reference front end through the stale-state auditor: at least 100,000 random
/// operations across the seeds below (scaled by `LISTKERNEL_STRESS_SCALE`), every check after
/// every operation, the kernel's invariants every 64.
@Suite struct AuditorStressTests {
    static let seeds: [UInt64] = Array(1...8)
    static let operationsPerSeed = 12_500

    @Test(arguments: seeds)
    func theReferenceFrontEndShowsNoStaleStateThroughRandomOperations(seed: UInt64) throws {
        let auditor = StaleStateAuditor { AuditReferenceFrontEnd() }
        let operations = AuditStress.scaled(AuditorStressTests.operationsPerSeed)
        let report = try auditor.run(seed: seed, operations: operations)
        #expect(report.failure == nil, "\(report)")
        #expect(report.operationCount == operations, "seed \(seed): \(report)")
        // The run exercised what it checks: every kind of operation, recycling, and image
        // results that arrived after their view was rebound.
        let kinds = ["scroll", "resize", "scrollToItem", "measure", "tapHeader", "fold", "toggleExpansion",
                     "update", "applySnapshot", "completeLoads", "reloadData", "purgePool"]
        #expect(kinds.allSatisfy { report.operationsByName[$0, default: 0] > 0 }, "seed \(seed): \(report.operationsByName)")
        #expect(report.viewsRecycled > operations / 10, "seed \(seed): \(report)")
        #expect(report.lateResultsDelivered > 0, "seed \(seed): \(report)")
    }
}
