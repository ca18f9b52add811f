@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelDiffing
@_spi(ListKernelTesting) public import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

// Applying snapshots from any isolation, with the full diff off the main actor and the
// latest submission winning (the live-list contract's R10, AsyncListDiffer's model with two
// repairs: every submission completes exactly once, and every commit happens on the main
// actor):
//
//   submit(s)  on the main actor: g += 1, base := the committed snapshot
//      │ s is the committed snapshot ──▶ .applied(empty batch), no pass           (G7)
//      │ s derived from base         ──▶ applied now, from its edit log            (G2)
//      ▼ otherwise
//   diff base → s off the main actor (immutable, Sendable values)                  (G3)
//      ▼ back on the main actor
//   g still this submission's and the committed snapshot still base?
//      yes ──▶ commit: layout, anchor or follow, one pass (atomic)  ──▶ .applied    (G4)
//      no  ──▶ .superseded (or .cancelled after `cancelAll()`)                      (G5)
//
// A commit is one synchronous main-actor call, so nothing interleaves with it and no pass
// sees half of it. Each `apply(_:)` call returns exactly once: it is an async function
// whose every path returns an outcome (G6).

/// How an asynchronous snapshot submission ended (`LiveSnapshotApplier.apply(_:)`).
///
/// - Complexity: every member is O(1).
public enum SnapshotApplyOutcome: Equatable, Sendable {
    /// The snapshot is now the data source's; `batch` is what the list applied (empty for
    /// a resubmission of the committed snapshot, which runs no pass).
    case applied(BatchUpdate)
    /// A newer submission (or a synchronous change of the data source) came first; the list
    /// did not change for this one.
    case superseded
    /// `cancelAll()` was called, or the submitting task was cancelled, before the commit.
    case cancelled
    /// The list refused the commit (for example, it was called from inside a list
    /// callback); the data source kept the snapshot it had.
    case failed(ListError)
}

/// Applies snapshots to a `ListDiffableDataSource` from any isolation: a snapshot derived
/// from the committed one applies at once from its edit log; any other is diffed off the
/// main actor and committed on it only if no newer submission came meanwhile.
///
/// ```swift
/// let applier = LiveSnapshotApplier(dataSource: dataSource)     // on the main actor
/// Task.detached {
///     let snapshot = try await server.fetchAll()                  // Sendable identifiers
///     switch await applier.apply(snapshot) {
///     case .applied(let batch): log("applied \(batch)")
///     case .superseded, .cancelled: break                         // a newer one won
///     case .failed(let error): log("\(error)")
///     }
/// }
/// ```
///
/// Submissions that arrive faster than a diff finishes supersede each other; the last one
/// commits once they stop (AsyncListDiffer behaves the same). Streams of small changes
/// should submit snapshots derived from `dataSource.snapshot()`, which never wait.
///
/// - Complexity: `apply(_:)` is O(k log n) on the main actor for k changes, plus the pass;
///   the full diff (O(n log n)) runs off it.
@MainActor
public final class LiveSnapshotApplier<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, View: AnyObject> {
    /// The data source the snapshots are applied to.
    public let dataSource: ListDiffableDataSource<SectionID, ItemID, View>
    /// The generation: incremented by every submission and every `cancelAll()` (a
    /// submission commits only while it is still the latest generation).
    ///
    /// - Complexity: O(1).
    public private(set) var generation: UInt64 = 0
    /// Called on the main actor when a submission starts its diff off it (tests use it to
    /// act at that exact point without sleeping).
    var willAwaitDiff: (@MainActor () async -> Void)?
    /// The generation of the latest `cancelAll()`: submissions up to it complete as
    /// cancelled.
    private var cancelledThrough: UInt64 = 0

    /// Creates an applier for `dataSource`; both live on the main actor.
    ///
    /// - Complexity: O(1).
    public init(dataSource: ListDiffableDataSource<SectionID, ItemID, View>) {
        self.dataSource = dataSource
    }

    /// Submits `snapshot`; returns once it is applied, superseded or cancelled.
    ///
    /// - Parameter snapshot: the new state.
    /// - Returns: how the submission ended (exactly once).
    /// - Complexity: O(1) to submit; the commit is O(k log n) on the main actor plus the
    ///   pass; the full diff of an unrelated snapshot, O(n log n), runs off it.
    public func apply(_ snapshot: ListSnapshot<SectionID, ItemID>) async -> SnapshotApplyOutcome {
        generation += 1
        let mine = generation
        // The committed snapshot the difference is taken from. It is let go before the
        // commit (which retires the data source's own reference off the main actor) and,
        // on the other exits, released on a background task: a reference kept here past
        // the commit would be the last one, and freeing a million-item snapshot's storage
        // on the main actor takes milliseconds.
        var base: ListDiffableDataSource<SectionID, ItemID, View>.Snapshot? = dataSource.current
        if Task.isCancelled { return .cancelled }
        if snapshot._isSameVersion(as: base!) && dataSource.isLoaded {
            return .applied(BatchUpdate())                                 // G7
        }
        if let changes = snapshot._incrementalChanges(from: base!) {       // G2
            base = nil
            return commit(snapshot, changes: changes)
        }
        if let willAwaitDiff { await willAwaitDiff() }
        // On the kernel's serial background lane, so a release of a replaced snapshot never
        // runs beside it and takes the main thread's core (`BackgroundLane.swift`).
        let changes = await Task.detached(priority: .userInitiated) { @_ListBackgroundLane [base = base!] in   // G3
            snapshot.difference(from: base).changes
        }.value
        guard mine > cancelledThrough, !Task.isCancelled else {
            ListDiffableDataSource<SectionID, ItemID, View>.releaseInBackground(base.take()!)
            return .cancelled
        }
        guard mine == generation, dataSource.current._isSameVersion(as: base!) else {
            ListDiffableDataSource<SectionID, ItemID, View>.releaseInBackground(base.take()!)
            return .superseded
        }
        base = nil
        return commit(snapshot, changes: changes)                           // G4
    }

    /// Ends every submission still diffing as `.cancelled`, without changing the list (a
    /// commit that began is not undone: commits are synchronous).
    ///
    /// - Complexity: O(1).
    public func cancelAll() {
        generation += 1
        cancelledThrough = generation
    }

    private func commit(_ snapshot: ListSnapshot<SectionID, ItemID>, changes: SectionedDiff.Changes) -> SnapshotApplyOutcome {
        do {
            guard dataSource.isLoaded else {
                try dataSource.applySnapshotUsingReloadData(snapshot)
                return .applied(BatchUpdate())
            }
            try dataSource.checkIsListDataSource("LiveSnapshotApplier.apply(_:)")
            let conversion = BatchUpdate._converting(changes, rebindingMovedReconfigures: true)
            _ = try dataSource.apply(snapshot, changes: changes)
            return .applied(conversion.batch)
        } catch {
            return .failed(error)
        }
    }
}
