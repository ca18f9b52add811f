extension SectionedDiff {
    /// The diff split into batches a host can apply one after another when it can't take an
    /// update and a move of the same item or section in one batch (UIKit forbids reloading a
    /// moved index path or section).
    ///
    ///     stage 1: section and item deletes, inserts, moves,    old ──▶ new structure
    ///              reloads of sections that don't move
    ///     stage 2: reloads of moved sections and item updates,  new structure ──▶ new content
    ///              at after-state indexes and paths
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
        // A reload replaces its section (and may change its count). UIKit takes it in the
        // structural batch unless the section also moves; a moved section is reloaded in
        // stage 2, where it is, and keeps its old count in between.
        let movedSections = Set(sectionMoves.map(\.from))
        let reloadedInPlace = sectionUpdates.filter { !movedSections.contains($0.from) }
        let reloadedMoved = sectionUpdates.filter { movedSections.contains($0.from) }
        var between = itemCountsAfter
        for update in reloadedMoved { between[update.to] = itemCountsBefore[update.from] }

        var stages: [SectionedDiff] = []
        if hasStructuralChanges || !reloadedInPlace.isEmpty {
            var structure = self
            structure.itemCountsAfter = between
            structure.sectionUpdates = reloadedInPlace
            structure.itemUpdates = []
            stages.append(structure)
        }
        if !reloadedMoved.isEmpty || !itemUpdates.isEmpty {
            stages.append(
                SectionedDiff(
                    itemCountsBefore: between,
                    itemCountsAfter: itemCountsAfter,
                    sectionUpdates: reloadedMoved.map { SectionUpdate(from: $0.to, to: $0.to) },
                    itemUpdates: itemUpdates.map { ItemUpdate(from: $0.to, to: $0.to, kind: $0.kind) }
                )
            )
        }
        return stages
    }
}
