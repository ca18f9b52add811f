import ListKernel
@_spi(AuditSamples) import ListKernelTesting
import Foundation

/// `--stress N`: N random operations through the stale-state auditor with the correct
/// reference front end, 10,000 per seed from seed 1,001 up (the tests use seeds 1 to 8).
/// Prints `stress: N operations, 0 failures` on success; on a failure prints the seed and the
/// reduced reproducer to standard error and exits 1. Not a timing: any build runs it (a
/// debug build also runs the kernel's invariant checks every 64 operations).
enum StressRunner {
    static let operationsPerSeed = 10_000
    static let firstSeed: UInt64 = 1_001
    /// A systematic bug fails every seed; stop after this many.
    static let failureLimit = 3

    static func run(operations: Int) -> Int32 {
        guard operations > 0 else {
            BenchRunner.printError("listkernel-bench: --stress needs a positive number of operations")
            return 2
        }
        let start = Date()
        guard let outcome = runSeeds(StaleStateAuditor { AuditReferenceFrontEnd() }, operations: operations, from: firstSeed, failureLimit: failureLimit, label: nil) else { return 2 }
        print("stress: \(outcome.performed) operations, \(outcome.failures) failures")
        let elapsed = Date().timeIntervalSince(start)
        BenchRunner.printError("(seeds \(firstSeed) to \(outcome.lastSeed), \(String(format: "%.1f", elapsed)) s)")
        return outcome.failures == 0 ? 0 : 1
    }

    /// `--twins M`: M random operations on each correct twin of the auditor's six
    /// message-list bug classes (`MessageListTwins`), 10,000 per seed from seed 2,001 up.
    /// Prints `twins: 6 × M operations, 0 failures`; on a failure prints the twin, the seed
    /// and the reproducer to standard error and exits 1.
    static func runTwins(operationsEach operations: Int) -> Int32 {
        guard operations > 0 else {
            BenchRunner.printError("listkernel-bench: --twins needs a positive number of operations")
            return 2
        }
        var failures = 0
        let start = Date()
        for (name, make) in MessageListTwins.all {
            let first: UInt64 = 2_001
            guard let outcome = runSeeds(StaleStateAuditor(makeFrontEnd: make), operations: operations, from: first, failureLimit: 1, label: name) else { return 2 }
            if outcome.failures > 0 { failures += 1 }
            BenchRunner.printError("(\(name): \(outcome.performed) operations, seeds \(first) to \(outcome.lastSeed))")
        }
        print("twins: \(MessageListTwins.all.count) × \(operations) operations, \(failures) failures")
        BenchRunner.printError("(\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
        return failures == 0 ? 0 : 1
    }

    /// Runs `auditor` on one seed after another from `first`, `operationsPerSeed` operations
    /// each, until `operations` are performed or `failureLimit` seeds have failed; prints
    /// each failure (after `label`, when given) to standard error. `nil` when the auditor
    /// refused to run (the error printed).
    static func runSeeds<Adapter>(
        _ auditor: StaleStateAuditor<Adapter>, operations: Int, from first: UInt64, failureLimit: Int, label: String?
    ) -> (performed: Int, failures: Int, lastSeed: UInt64)? {
        var performed = 0
        var failures = 0
        var seed = first
        while performed < operations, failures < failureLimit {
            let report: AuditReport
            do { report = try auditor.run(seed: seed, operations: min(operationsPerSeed, operations - performed)) } catch {
                BenchRunner.printError("listkernel-bench: \(error)")
                return nil
            }
            performed += report.operationCount
            if let failure = report.failure {
                failures += 1
                BenchRunner.printError((label.map { "\($0): " } ?? "") + "\(failure)\n")
            }
            seed += 1
        }
        return (performed, failures, seed - 1)
    }
}
