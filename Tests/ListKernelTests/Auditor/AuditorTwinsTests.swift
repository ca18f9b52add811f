import Testing
import ListKernel
@_spi(AuditSamples) import ListKernelTesting

/// The correct twins of the six message-list bugs pass the auditor. The tests run each for
/// `operationsPerTwin` operations (scaled by `LISTKERNEL_STRESS_SCALE`); the release stress
/// runner runs each for 100,000 (`listkernel-bench --stress N --twins 100000`).
@Suite struct AuditorTwinsTests {
    static let operationsPerTwin = 3_000
    static let names = MessageListTwins.all.map(\.name)

    @Test(arguments: names)
    func theCorrectTwinPasses(name: String) throws {
        let make = try #require(MessageListTwins.all.first { $0.name == name }?.make)
        let auditor = StaleStateAuditor(makeFrontEnd: make)
        let operations = AuditStress.scaled(AuditorTwinsTests.operationsPerTwin)
        let report = try auditor.run(seed: 11, operations: operations)
        #expect(report.failure == nil, "\(name): \(report)")
        #expect(report.operationCount == operations)
        // What the bugs need happened: taps and selections, changes in place, late results.
        for kind in ["tapItem", "select", "update", "applySnapshot", "completeLoads"] {
            #expect(report.operationsByName[kind, default: 0] > 0, "\(name): no \(kind) in \(report.operationsByName)")
        }
        #expect(report.lateResultsDelivered > 0, "\(name): \(report)")
    }
}
