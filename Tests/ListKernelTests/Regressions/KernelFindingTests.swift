import Testing
import ListKernel
import ListKernelTesting

/// Kernel bugs the stale-state auditor found, as named tests: each comment gives the seed,
/// the reduced operations and the fix.
@Suite struct KernelFindingTests {
    /// Every update of a difference, as a batch a naive converter would build.
    static func batch(for diff: SectionedDiff) -> BatchUpdate {
        BatchUpdate { batch in
            batch.deleteSections(diff.deletedSections)
            batch.insertSections(diff.insertedSections)
            for move in diff.movedSections { batch.moveSection(from: move.from, to: move.to) }
            batch.reloadSections(diff.changedSections.map(\.from))
            batch.deleteItems(at: diff.deletedItems)
            batch.insertItems(at: diff.insertedItems)
            for move in diff.movedItems { batch.moveItem(from: move.from, to: move.to) }
            batch.reloadItems(at: diff.changedItems.filter { $0.kind == .reload }.map(\.from))
            batch.reconfigureItems(at: diff.changedItems.filter { $0.kind == .reconfigure }.map(\.from))
        }
    }

    /// Found by the auditor (seeds 6 and 8, reduced to one operation:
    /// `.applySnapshot([.reloadItem(ItemPath(section: 1, item: 3)), .reloadSection(1)])`).
    ///
    /// A snapshot that marked a section for reload and one of its items for reload gave a
    /// difference with both a section update and an item update inside it; `staged()` kept
    /// both, and `VirtualList.apply` rejected the batch ("attempt to reload item 1 of section
    /// 0, but section 0 is reloaded in the same batch, and all its items are replaced").
    /// Fixed in e251033: the difference folds item changes inside a reloaded section into the
    /// reload. Applied here with a naive converter (every update as it comes) and with the
    /// kernel's `BatchUpdate(_:)`.
    @Test func aSnapshotThatReloadsASectionAndOneOfItsItemsAppliesToTheList() throws {
        let old = try ListSnapshot<Int, Int>(sections: [DiffSection(id: 0, items: [0, 1, 2])])
        var new = old
        try new.reloadSections([0])
        try new.reloadItems([1])
        for convert in [KernelFindingTests.batch(for:), BatchUpdate.init(_:)] {
            let frontEnd = RecordingFrontEnd(sections: [RecordingSection(id: 0, items: [0, 1, 2])])
            let list = frontEnd.makeList(style: .grouped, viewport: Viewport(size: 500))
            frontEnd.versions = [0: 1, 1: 1, 2: 1]
            for stage in new.difference(from: old).staged() {
                do throws(ListError) {
                    try list.apply(convert(stage))
                } catch {
                    Issue.record("the staged difference \(stage) is rejected: \(error)")
                }
            }
            #expect(list.displayed.filter { $0.element.kind == .item }.map(\.view.content) == ["item 0 v1", "item 1 v1", "item 2 v1"])
            #expect(frontEnd.problems(in: list).isEmpty)
        }
    }
}
