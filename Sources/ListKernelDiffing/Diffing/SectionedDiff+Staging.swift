@_spi(ListKernelTesting) import ListKernelCore

extension SectionedDiff {
    /// The diff split into batches a host can apply one after another when it can't take a
    /// content change and a move of the same item or section in one batch (UIKit forbids
    /// reloading a moved index path or section).
    ///
    ///     stage 1: section and item deletes, inserts, moves,    old ──▶ new structure
    ///              section reloads (a moved one as a delete
    ///              and an insert)
    ///     stage 2: item content changes at after-state paths    new structure ──▶ new content
    ///
    /// Stage 2's before-state is stage 1's after-state, so its content changes have
    /// `from == to`. Each stage is a valid batch on its own; an empty stage is left out.
    ///
    /// DifferenceKit's `StagedChangeset` uses up to four stages (deletes and updates at
    /// before-state paths; section inserts and moves; item inserts and moves; section
    /// updates), with intermediate index spaces between them. Two stages suffice here because
    /// one batch can carry every structural change (UIKit resolves section and item changes
    /// together), and the only conflict, a reload plus a move, goes away once content changes
    /// are applied where the items finally are.
    ///
    /// - Returns: zero, one or two batches.
    /// - Complexity: O(changes + sections).
    public func staged() -> [SectionedDiff] {
        // A reload replaces its section (and may change its count). UIKit takes it in the
        // structural batch unless the section also moves; a section that moves and reloads
        // becomes a delete at its old index and an insert at its new one, so that stage 1
        // still ends at the final counts (a host's data source can answer it).
        let movedFrom = Set(movedSections.map(\.from))
        let reloadedMoved = changedSections.filter { movedFrom.contains($0.from) }
        var stages: [SectionedDiff] = []
        if hasStructuralChanges || !changedSections.isEmpty {
            var structure = self
            structure.changedItems = []
            structure.changedSections = changedSections.filter { !movedFrom.contains($0.from) }
            if !reloadedMoved.isEmpty {
                let replaced = Set(reloadedMoved.map(\.from))
                structure.movedSections.removeAll { replaced.contains($0.from) }
                structure.deletedSections = (deletedSections + reloadedMoved.map(\.from)).sorted()
                structure.insertedSections = (insertedSections + reloadedMoved.map(\.to)).sorted()
            }
            stages.append(structure)
        }
        if !changedItems.isEmpty {
            stages.append(
                SectionedDiff(
                    itemCountsBefore: itemCountsAfter,
                    itemCountsAfter: itemCountsAfter,
                    changedItems: changedItems.map { ContentChange(from: $0.to, to: $0.to, kind: $0.kind) }
                )
            )
        }
        return stages
    }
}
