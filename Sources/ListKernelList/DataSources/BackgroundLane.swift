// The kernel's background work (the full diff of an unrelated snapshot, releasing replaced
// snapshots) runs on one serial lane, never on several threads at once: on a machine with
// few cores (2 here), two busy background threads and a busy main thread are more runnable
// threads than cores, and the operating system then takes the main thread's core away for
// a time slice (3 ms and more on Linux), which a user sees as a dropped frame although the
// main actor had little to do. Serial work also keeps a release from slowing a diff.

/// The serial lane on which the kernel's off-main work runs (`LiveSnapshotApplier`'s diffs,
/// `ListDiffableDataSource`'s releases of replaced snapshots): an actor runs one job at a
/// time, so the kernel keeps at most one background thread busy. Diffs are submitted at
/// `.userInitiated` and releases at `.utility`; the order among waiting jobs is the
/// runtime's (the actor's executor takes the priority into account; nothing here relies
/// on it).
///
/// - Complexity: enqueueing a job is O(1).
@globalActor
package actor _ListBackgroundLane {
    /// The one lane.
    package static let shared = _ListBackgroundLane()
}
