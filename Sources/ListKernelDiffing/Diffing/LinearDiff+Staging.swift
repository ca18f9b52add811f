@_spi(ListKernelTesting) import ListKernelCore

extension LinearDiff {
    /// The diff split into batches a host can apply one after another when it can't take a
    /// content change and a move of the same element in one batch (UIKit forbids reloading a
    /// moved index path).
    ///
    ///     stage 1: deletes + inserts + moves                old ──▶ new structure (old content)
    ///     stage 2: content changes at after-state indexes   new structure ──▶ new content
    ///
    /// Stage 2's before-state is stage 1's after-state, so its content changes have
    /// `from == to` (the after-state index). Each stage is a valid batch on its own; an empty
    /// stage is left out, so an empty diff has no stages and a diff with only structural
    /// changes or only content changes has one.
    ///
    /// This differs from DifferenceKit's `StagedChangeset`, whose first stage carries deletes
    /// and updates at before-state indexes and whose moves then use an intermediate index
    /// space: here every stage keeps the plain before-state / after-state convention, and
    /// content changes are applied where the elements finally are.
    ///
    /// - Returns: zero, one or two batches.
    /// - Complexity: O(changes).
    public func staged() -> [LinearDiff] {
        var stages: [LinearDiff] = []
        if hasStructuralChanges {
            var structure = self
            structure.changed = []
            stages.append(structure)
        }
        if !changed.isEmpty {
            stages.append(
                LinearDiff(
                    countBefore: countAfter,
                    countAfter: countAfter,
                    changed: changed.map { ContentChange(from: $0.to, to: $0.to, kind: $0.kind) }
                )
            )
        }
        return stages
    }
}
