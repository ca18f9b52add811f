import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelUpdates
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

/// Diffing off the main actor, the latest submission winning: many snapshots submitted
/// from several tasks end with the last one submitted; no older one is ever applied after
/// a newer one; every submission completes exactly once. No sleeps: the order is the main
/// actor's, recorded where each submission happens.
@MainActor
@Suite struct LiveSnapshotApplierTests {
    /// A snapshot built anywhere (its identifiers are Sendable): `marker` names it, as the
    /// identifier of its first section.
    nonisolated static func snapshot(marker: Int, seed: UInt64) -> Snap {
        var random = SplitMix64(seed: seed)
        var snapshot = Snap()
        try! snapshot.appendSections([marker] + (1...3).map { -$0 })
        for section in snapshot.sectionIdentifiers {
            let items = (0..<random.int(in: 0...30)).map { _ in random.int(in: 0...200) }
            try! snapshot.appendItems(Array(Set(items).subtracting(snapshot.itemIdentifiers)), toSection: section)
        }
        return snapshot
    }

    /// Submissions in main-actor order, commits in order, outcomes per submission.
    @MainActor final class OutcomeBox {
        var value: SnapshotApplyOutcome?
    }

    @MainActor final class Record {
        var submitted: [Int] = []
        var committed: [Int] = []
        var outcomes: [Int: [SnapshotApplyOutcome]] = [:]
    }

    static func submit(_ snapshot: Snap, marker: Int, to applier: LiveSnapshotApplier<Int, Int, RecordingView>, _ record: Record) async {
        record.submitted.append(marker)          // on the main actor, just before submitting
        let outcome = await applier.apply(snapshot)
        if case .applied = outcome { record.committed.append(marker) }
        record.outcomes[marker, default: []].append(outcome)
    }

    @Test func manySnapshotsFromSeveralTasks_endWithTheLastOneSubmitted_andNoStaleApply() async throws {
        let harness = DiffableHarness()
        _ = try harness.list.setViewport(Viewport(size: 400))
        let applier = LiveSnapshotApplier(dataSource: harness.dataSource)
        let record = Record()
        var derivedCount = 0
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<6 {
                group.addTask {
                    for round in 0..<15 {
                        let marker = 1_000 + task * 100 + round
                        let snapshot = Self.snapshot(marker: marker, seed: UInt64(marker))   // built off the main actor
                        await Self.submit(snapshot, marker: marker, to: applier, record)
                    }
                }
            }
            // Derived snapshots submitted from the main actor in between (once there is a
            // section to append to).
            for round in 0..<10 {
                var derived = harness.dataSource.snapshot()
                if let first = derived.sectionIdentifiers.first {
                    try! derived.appendItems([10_000 + round], toSection: first)
                    await Self.submit(derived, marker: 5_000 + round, to: applier, record)
                    derivedCount += 1
                }
                await Task.yield()
            }
        }
        #expect(record.submitted.count == 90 + derivedCount)
        #expect(record.outcomes.values.allSatisfy { $0.count == 1 }, "a submission completed twice")
        #expect(record.outcomes.count == 90 + derivedCount, "a submission never completed")
        // Commits happen in submission order: a newer one is never followed by an older one.
        let order = Dictionary(uniqueKeysWithValues: record.submitted.enumerated().map { ($1, $0) })
        let commitOrder = record.committed.map { order[$0]! }
        #expect(commitOrder == commitOrder.sorted(), "an older snapshot was applied after a newer one")
        // The last submission is the one shown.
        let last = try #require(record.submitted.last)
        #expect(record.committed.last == last)
        #expect(harness.dataSource.snapshot().sectionIdentifiers.first == last)
        #expect(harness.problems().isEmpty)
    }

    @Test func aDerivedSnapshotSupersedesAnUnrelatedOneStillDiffing() async throws {
        let harness = DiffableHarness()
        let applier = LiveSnapshotApplier(dataSource: harness.dataSource)
        let base = Self.snapshot(marker: 1, seed: 1)
        #expect(await applier.apply(base) != .superseded)
        let unrelated = Self.snapshot(marker: 2, seed: 2)
        var derived = harness.dataSource.snapshot()
        try derived.appendItems([999], toSection: 1)
        // The derived one is submitted exactly when the unrelated one starts waiting for its
        // diff, and applies at once from its edit log.
        let fast = OutcomeBox()
        applier.willAwaitDiff = {
            applier.willAwaitDiff = nil
            fast.value = await applier.apply(derived)
        }
        let slowOutcome = await applier.apply(unrelated)
        guard let fastOutcome = fast.value else { Issue.record("the derived snapshot was not submitted"); return }
        guard case .applied(let batch) = fastOutcome else { Issue.record("\(fastOutcome)"); return }
        #expect(batch.insertedItems.count == 1)
        #expect(slowOutcome == .superseded)
        #expect(harness.dataSource.snapshot() == derived)
    }

    @Test func cancelAllEndsPendingSubmissionsAsCancelled_andResubmittingTheCommittedSnapshotRunsNoPass() async throws {
        let harness = DiffableHarness()
        let applier = LiveSnapshotApplier(dataSource: harness.dataSource)
        _ = await applier.apply(Self.snapshot(marker: 1, seed: 1))
        let before = harness.dataSource.snapshot()
        // Cancelled exactly when the submission starts waiting for its diff.
        applier.willAwaitDiff = { applier.cancelAll() }
        #expect(await applier.apply(Self.snapshot(marker: 2, seed: 2)) == .cancelled)
        applier.willAwaitDiff = nil
        #expect(harness.dataSource.snapshot() == before)
        let configured = harness.model.configureCount
        #expect(await applier.apply(harness.dataSource.snapshot()) == .applied(BatchUpdate()))
        #expect(harness.model.configureCount == configured)
    }

    @Test func aCancelledSubmittingTaskCompletesAsCancelled() async {
        let harness = DiffableHarness()
        let applier = LiveSnapshotApplier(dataSource: harness.dataSource)
        let task = Task { await applier.apply(Self.snapshot(marker: 3, seed: 3)) }
        task.cancel()
        let outcome = await task.value
        #expect(outcome == .cancelled)
        #expect(harness.dataSource.snapshot().numberOfSections == 0)
    }
}
