extension SectionedDiff {
    /// The diff split into batches a host can apply one after another when it can't take an
    /// update and a move of the same item or section in one batch (UIKit forbids reloading a
    /// moved index path or section).
    ///
    ///     stage 1: section and item deletes, inserts, moves     old ──▶ new structure
    ///     stage 2: section and item updates at after-state      new structure ──▶ new content
    ///              indexes and paths
    ///
    /// Stage 2's before-state is stage 1's after-state, so its updates have `from == to`.
    /// Each stage is a valid batch on its own; an empty stage is left out.
    ///
    /// DifferenceKit's `StagedChangeset` uses up to four stages (deletes and updates at
    /// before-state paths; section inserts and moves; item inserts and moves; section
    /// updates), with intermediate index spaces between them. Two stages suffice here because
    /// one batch can carry every structural change (UIKit resolves section and item changes
    /// together), and the only conflict, update plus move, goes away once updates are
    /// applied where the items finally are.
    ///
    /// - Returns: zero, one or two batches.
    /// - Complexity: O(changes + sections).
    public func staged() -> [SectionedDiff] {
        var stages: [SectionedDiff] = []
        if hasStructuralChanges {
            var structure = self
            structure.sectionUpdates = []
            structure.itemUpdates = []
            stages.append(structure)
        }
        if !sectionUpdates.isEmpty || !itemUpdates.isEmpty {
            stages.append(
                SectionedDiff(
                    itemCountsBefore: itemCountsAfter,
                    itemCountsAfter: itemCountsAfter,
                    sectionUpdates: sectionUpdates.map { SectionUpdate(from: $0.to, to: $0.to) },
                    itemUpdates: itemUpdates.map { ItemUpdate(from: $0.to, to: $0.to, kind: $0.kind) }
                )
            )
        }
        return stages
    }
}
