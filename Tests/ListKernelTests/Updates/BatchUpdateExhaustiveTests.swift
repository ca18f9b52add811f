import Testing
import ListKernel
@testable import ListKernelCore
@testable import ListKernelLayout
@testable import ListKernelReuse
@testable import ListKernelDiffing
@testable import ListKernelUpdates
@testable import ListKernelDiffUpdates
@testable import ListKernelList
import ListKernelTesting

/// Every batch of up to two operations over every tiny world, with every after-count: the
/// kernel accepts exactly what the reference accepts and maps every item as it does.
@Suite struct BatchUpdateExhaustiveTests {
    /// Every operation that names places near a world of `before` sections (a place one past
    /// the end included, so out-of-range ones are tried too).
    func operations(before: [Int], sectionsAfter: Int) -> [UpdateCall] {
        var calls: [UpdateCall] = []
        for section in 0...before.count {
            for item in 0...(section < before.count ? before[section] : 0) {
                let path = ItemPath(section: section, item: item)
                calls += [.deleteItem(path), .reloadItem(path), .reconfigureItem(path)]
            }
        }
        for section in 0..<sectionsAfter {
            for item in 0...2 { calls.append(.insertItem(ItemPath(section: section, item: item))) }
        }
        for from in before.indices {
            for item in 0..<before[from] {
                for to in 0..<sectionsAfter {
                    for place in 0...2 { calls.append(.moveItem(ItemPath(section: from, item: item), ItemPath(section: to, item: place))) }
                }
            }
        }
        for section in 0...before.count { calls += [.deleteSection(section), .reloadSection(section), .insertSection(section)] }
        for from in before.indices {
            for to in 0..<sectionsAfter { calls.append(.moveSection(from, to)) }
        }
        return calls
    }

    @Test func everyBatchOfUpToTwoOperationsOnTinyWorldsAgreesWithTheReference() {
        let worlds: [[Int]] = [[], [0], [1], [2], [0, 1], [1, 1], [2, 1]]
        var checked = 0, accepted = 0
        let differential = BatchUpdateDifferentialTests()
        for before in worlds {
            let reference = UpdateReference(counts: before)
            for sectionsAfter in max(before.count - 1, 0)...(before.count + 1) {
                let calls = operations(before: before, sectionsAfter: sectionsAfter)
                var batches: [[UpdateCall]] = [[]] + calls.map { [$0] }
                for (i, first) in calls.enumerated() {
                    for second in calls[(i + 1)...] { batches.append([first, second]) }
                }
                for batchCalls in batches {
                    for after in afterCounts(sections: sectionsAfter) {
                        let scenario = UpdateScenario(before: before, after: after, calls: batchCalls)
                        let batch = scenario.batch
                        checked += 1
                        let rejection = reference.rejection(of: batch, before: before, after: after)
                        let update = try? batch.validated(itemCountsBefore: before, itemCountsAfter: after)
                        guard (update == nil) == (rejection != nil) else {
                            Issue.record("\(scenario)\nkernel \(update == nil ? "rejected" : "accepted"); reference: \(rejection ?? "accepts")")
                            return
                        }
                        guard let update else { continue }
                        accepted += 1
                        if let problem = differential.mappingDisagreement(update, reference, reference.apply(batch, after: after)) {
                            Issue.record("\(scenario)\n\(problem)")
                            return
                        }
                    }
                }
            }
        }
        #expect(checked > 400_000 && accepted > 2_000, "\(checked) batches checked, \(accepted) accepted")
    }

    /// Every list of `sections` counts in 0...3.
    func afterCounts(sections: Int) -> [[Int]] {
        (0..<sections).reduce([[]]) { partial, _ in partial.flatMap { prefix in (0...3).map { prefix + [$0] } } }
    }
}
