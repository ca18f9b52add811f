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
    func theReferenceFrontEndShowsNoStaleStateThroughRandomOperations(seed: UInt64) {
        let auditor = StaleStateAuditor { AuditReferenceFrontEnd() }
        let operations = AuditStress.scaled(AuditorStressTests.operationsPerSeed)
        let report = auditor.run(seed: seed, operations: operations)
        #expect(report.failure == nil, "\(report)")
        #expect(report.operationCount == operations, "seed \(seed): \(report)")
    }
}
