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

/// Shorthand for item paths in these tests.
private func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// The error `batch` is rejected with, or `nil` when it is accepted.
private func rejection(_ batch: BatchUpdate, before: [Int], after: [Int]) -> UpdateError? {
    do {
        _ = try batch.validated(itemCountsBefore: before, itemCountsAfter: after)
        return nil
    } catch {
        return error
    }
}

/// The written-down index-space and validation rules of batch updates, one test each (the
/// expected values are worked out by hand in the comments).
@Suite struct BatchUpdateIndexSpaceTests {
    @Test func deletesAndMoveSourcesUseBeforeIndexes() throws {
        // a b c d e → delete b, move d to the front → d a c e
        let update = try BatchUpdate {
            $0.deleteItems(at: [p(0, 1)])
            $0.moveItem(from: p(0, 3), to: p(0, 0))
        }.validated(itemCountsBefore: [5], itemCountsAfter: [4])
        #expect(update.fate(ofOld: p(0, 1)) == .deleted)
        #expect(update.fate(ofOld: p(0, 3)) == .moved(p(0, 0)))
        #expect(update.newPath(forOld: p(0, 0)) == p(0, 1))
        #expect(update.newPath(forOld: p(0, 2)) == p(0, 2))
        #expect(update.newPath(forOld: p(0, 4)) == p(0, 3))
        // A delete names an item before the inserts: a b c → delete c, insert two at the top → X Y a b
        let shifted = try BatchUpdate {
            $0.deleteItems(at: [p(0, 2)])
            $0.insertItems(at: [p(0, 0), p(0, 1)])
        }.validated(itemCountsBefore: [3], itemCountsAfter: [4])
        #expect(shifted.newPath(forOld: p(0, 0)) == p(0, 2))
        #expect(shifted.newPath(forOld: p(0, 1)) == p(0, 3))
        #expect(shifted.fate(ofOld: p(0, 2)) == .deleted)
        let error = rejection(BatchUpdate { $0.deleteItems(at: [p(0, 5)]) }, before: [5], after: [4])
        #expect(error == .itemOutOfRange(.delete, p(0, 5), itemCount: 5))
        #expect(error?.description == "attempt to delete item 5 from section 0, which contains only 5 items before the update")
    }

    @Test func insertsAndMoveDestinationsUseAfterIndexes() throws {
        // a b c → delete a and b, insert at 1 → c X
        let update = try BatchUpdate {
            $0.deleteItems(at: [p(0, 0), p(0, 1)])
            $0.insertItems(at: [p(0, 1)])
        }.validated(itemCountsBefore: [3], itemCountsAfter: [2])
        #expect(update.origin(ofNew: p(0, 1)) == .inserted)
        #expect(update.origin(ofNew: p(0, 0)) == .unchanged(p(0, 2)))
        // Index 2 existed before, but not after.
        let error = rejection(BatchUpdate {
            $0.deleteItems(at: [p(0, 0), p(0, 1)])
            $0.insertItems(at: [p(0, 2)])
        }, before: [3], after: [2])
        #expect(error == .itemOutOfRange(.insert, p(0, 2), itemCount: 2))
        #expect(error?.description == "attempt to insert item 2 into section 0, but section 0 contains only 2 items after the update")
        // a b c → move a to 2 → b c a
        let moved = try BatchUpdate { $0.moveItem(from: p(0, 0), to: p(0, 2)) }.validated(itemCountsBefore: [3], itemCountsAfter: [3])
        #expect(moved.fate(ofOld: p(0, 0)) == .moved(p(0, 2)))
        #expect(moved.newPath(forOld: p(0, 1)) == p(0, 0))
        #expect(moved.newPath(forOld: p(0, 2)) == p(0, 1))
        #expect(moved.origin(ofNew: p(0, 2)) == .moved(from: p(0, 0)))
    }

    @Test func reloadsAndReconfiguresUseBeforeIndexes() throws {
        // a b c → insert X at the top, reload c, reconfigure a → X a b c'
        let update = try BatchUpdate {
            $0.insertItems(at: [p(0, 0)])
            $0.reloadItems(at: [p(0, 2)])
            $0.reconfigureItems(at: [p(0, 0)])
        }.validated(itemCountsBefore: [3], itemCountsAfter: [4])
        #expect(update.fate(ofOld: p(0, 2)) == .reloaded(p(0, 3)))
        #expect(update.fate(ofOld: p(0, 0)) == .reconfigured(p(0, 1)))
        #expect(update.origin(ofNew: p(0, 3)) == .reloaded(p(0, 2)))
        #expect(update.origin(ofNew: p(0, 1)) == .reconfigured(p(0, 0)))
        let error = rejection(BatchUpdate { $0.insertItems(at: [p(0, 0)]); $0.reloadItems(at: [p(0, 3)]) }, before: [3], after: [4])
        #expect(error?.description == "attempt to reload item 3 of section 0, which contains only 3 items before the update")
        let reconfigure = rejection(BatchUpdate { $0.reconfigureItems(at: [p(0, 3)]) }, before: [3], after: [3])
        #expect(reconfigure == .itemOutOfRange(.reconfigure, p(0, 3), itemCount: 3))
    }

    @Test func itemsInAMovedSectionUseItsOldIndexBeforeAndItsNewIndexAfter() throws {
        // [a b] [c d e] → move section 1 to 0, delete c (old [1, 0]), insert X at new [0, 0]
        // → [X d e] [a b]
        let update = try BatchUpdate {
            $0.moveSection(from: 1, to: 0)
            $0.deleteItems(at: [p(1, 0)])
            $0.insertItems(at: [p(0, 0)])
        }.validated(itemCountsBefore: [2, 3], itemCountsAfter: [3, 2])
        #expect(update.fate(ofOldSection: 1) == .moved(0))
        #expect(update.fate(ofOldSection: 0) == .unchanged(1))
        #expect(update.fate(ofOld: p(1, 0)) == .deleted)
        #expect(update.fate(ofOld: p(1, 1)) == .unchanged(p(0, 1)))
        #expect(update.fate(ofOld: p(0, 0)) == .unchanged(p(1, 0)))
        #expect(update.origin(ofNew: p(0, 0)) == .inserted)
        // Deleting with the new index of the moved section names a path that never existed.
        let error = rejection(BatchUpdate { $0.moveSection(from: 1, to: 0); $0.deleteItems(at: [p(0, 2)]) }, before: [2, 3], after: [2, 2])
        #expect(error?.description == "attempt to delete item 2 from section 0, which contains only 2 items before the update")
    }

    @Test func sectionOperationsAreRangeCheckedInTheirOwnSpace() {
        let delete = rejection(BatchUpdate { $0.deleteSections([3]) }, before: [1, 1, 1], after: [1, 1])
        #expect(delete == .sectionOutOfRange(.delete, section: 3, sectionCount: 3))
        #expect(delete?.description == "attempt to delete section 3, but there were only 3 sections before the update")
        let insert = rejection(BatchUpdate { $0.insertSections([4]) }, before: [1, 1, 1], after: [1, 1, 1, 1])
        #expect(insert?.description == "attempt to insert section 4, but there are only 4 sections after the update")
        // Section 1 exists before the update; after it (one section deleted) only index 0 does.
        let move = rejection(BatchUpdate { $0.deleteSections([0]); $0.moveSection(from: 1, to: 1) }, before: [1, 1], after: [1])
        #expect(move == .sectionOutOfRange(.moveTo, section: 1, sectionCount: 1))
        #expect(move?.description == "attempt to move a section to index 1, but there is only 1 section after the update")
    }

    @Test func itemPathsAreRangeCheckedInTheSpaceTheirOperationUses() {
        let delete = rejection(BatchUpdate { $0.deleteItems(at: [p(2, 0)]) }, before: [1, 1], after: [1, 1])
        #expect(delete == .itemSectionOutOfRange(.delete, p(2, 0), sectionCount: 2))
        #expect(delete?.description == "attempt to delete item 0 from section 2, but there were only 2 sections before the update")
        let insert = rejection(BatchUpdate { $0.insertItems(at: [p(1, 0)]) }, before: [0], after: [1])
        #expect(insert?.description == "attempt to insert item 0 into section 1, but there is only 1 section after the update")
        let negative = rejection(BatchUpdate { $0.moveItem(from: p(0, -1), to: p(0, 0)) }, before: [1], after: [1])
        #expect(negative == .itemOutOfRange(.moveFrom, p(0, -1), itemCount: 1))
    }

    @Test func negativeCountsAreRejected() {
        let error = rejection(BatchUpdate(), before: [-1], after: [0])
        #expect(error == .negativeItemCount(section: 0, count: -1, afterUpdate: false))
        #expect(error?.description == "invalid item count -1 for section 0 before the update: a count must not be negative")
        #expect(rejection(BatchUpdate(), before: [0, 0], after: [0, -2]) == .negativeItemCount(section: 1, count: -2, afterUpdate: true))
    }

    @Test func theOrderOfCallsInsideABatchDoesNotMatter() throws {
        let one = BatchUpdate {
            $0.deleteSections([0])
            $0.insertItems(at: [p(0, 0)])
            $0.moveItem(from: p(1, 1), to: p(0, 2))
            $0.reloadItems(at: [p(1, 0)])
        }
        let other = BatchUpdate {
            $0.reloadItems(at: [p(1, 0)])
            $0.moveItem(from: p(1, 1), to: p(0, 2))
            $0.insertItems(at: [p(0, 0)])
            $0.deleteSections([0])
        }
        #expect(one == other)
        // Section 1 (2 items) becomes section 0: + 1 inserted, its move stays inside it.
        let a = try one.validated(itemCountsBefore: [4, 2], itemCountsAfter: [3])
        let b = try other.validated(itemCountsBefore: [4, 2], itemCountsAfter: [3])
        #expect(a == b)
        #expect(a.layoutSteps == b.layoutSteps)
        // Two faults: the same one is reported whichever call came first.
        let faults = [Move(from: p(0, 0), to: p(0, 1)), .init(from: p(0, 1), to: p(0, 1))]
        let forward = BatchUpdate { for move in faults { $0.moveItem(from: move.from, to: move.to) }; $0.deleteItems(at: [p(0, 1)]) }
        let backward = BatchUpdate { $0.deleteItems(at: [p(0, 1)]); for move in faults.reversed() { $0.moveItem(from: move.from, to: move.to) } }
        #expect(rejection(forward, before: [2], after: [2]) == .conflictingItemOperations(.delete, .moveFrom, p(0, 1)))
        #expect(rejection(backward, before: [2], after: [2]) == .conflictingItemOperations(.delete, .moveFrom, p(0, 1)))
    }

    @Test func nestedBatchesFlattenIntoTheOutermost() throws {
        var outer = BatchUpdate { $0.deleteItems(at: [p(0, 0)]) }
        let inner = BatchUpdate { $0.insertItems(at: [p(1, 1)]); $0.moveSection(from: 1, to: 0) }
        outer.merge(inner)
        let flat = BatchUpdate {
            $0.moveSection(from: 1, to: 0)
            $0.insertItems(at: [p(1, 1)])
            $0.deleteItems(at: [p(0, 0)])
        }
        #expect(outer == flat)
        #expect(BatchUpdate { $0.deleteItems(at: [p(0, 0)]) }.merging(inner) == flat)
        #expect(outer.operationCount == 3)
        #expect(BatchUpdate().isEmpty && !outer.isEmpty)
        // Both address the outermost batch's before and after states: [a b] [c] → [c] [b X]
        let update = try outer.validated(itemCountsBefore: [2, 1], itemCountsAfter: [1, 2])
        #expect(update.newPath(forOld: p(0, 1)) == p(1, 0))
        #expect(update.origin(ofNew: p(1, 1)) == .inserted)
    }

    @Test func aBatchPrintsAsSwiftThatRebuildsIt() {
        let batch = BatchUpdate { $0.moveItem(from: p(0, 1), to: p(1, 0)); $0.deleteSections([2]) }
        #expect(batch.description == "BatchUpdate { $0.deleteSections([2]); $0.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0)) }")
        #expect(BatchUpdate().description == "BatchUpdate()")
    }
}

@Suite struct BatchUpdateCountTests {
    @Test func theSectionCountMustBalance() throws {
        let error = rejection(BatchUpdate { $0.insertSections([0]) }, before: [1, 1], after: [1, 1])
        #expect(error == .invalidSectionCount(before: 2, after: 2, inserted: 1, deleted: 0))
        #expect(error?.description == "invalid number of sections: the list had 2 before the update and reports 2 after it, but 1 was inserted and 0 deleted")
        // Moves don't change it.
        _ = try BatchUpdate { $0.moveSection(from: 0, to: 1) }.validated(itemCountsBefore: [1, 2], itemCountsAfter: [2, 1])
    }

    @Test func aSurvivingSectionMustReportItsCountPlusInsertsMinusDeletes() {
        let error = rejection(BatchUpdate { $0.insertItems(at: [p(0, 0)]) }, before: [4], after: [4])
        #expect(error == .invalidItemCount(section: 0, oldSection: 0, before: 4, after: 4, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
        #expect(error?.description == "invalid number of items in section 0: the section had 4 before the update and reports 4 after it, but 1 was inserted and 0 deleted (0 moved in, 0 moved out)")
        // A section no operation names must keep its count: the classic data-source bug.
        let untouched = rejection(BatchUpdate(), before: [2, 2], after: [2, 3])
        #expect(untouched?.description == "invalid number of items in section 1: the section had 2 before the update and reports 3 after it, but 0 were inserted and 0 deleted (0 moved in, 0 moved out)")
    }

    @Test func movesCountAsMovedInAndMovedOut() throws {
        let error = rejection(BatchUpdate { $0.moveItem(from: p(0, 0), to: p(1, 0)) }, before: [2, 2], after: [2, 2])
        #expect(error?.description == "invalid number of items in section 0: the section had 2 before the update and reports 2 after it, but 0 were inserted and 0 deleted (0 moved in, 1 moved out)")
        _ = try BatchUpdate { $0.moveItem(from: p(0, 0), to: p(1, 0)) }.validated(itemCountsBefore: [2, 2], itemCountsAfter: [1, 3])
    }

    @Test func aMovedSectionIsNamedByBothIndexesInACountError() {
        // New section 0 is old section 1 (2 items), which reports 1.
        let error = rejection(BatchUpdate { $0.moveSection(from: 0, to: 1) }, before: [1, 2], after: [1, 2])
        #expect(error == .invalidItemCount(section: 0, oldSection: 1, before: 2, after: 1, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
        #expect(error?.description == "invalid number of items in section 0 (section 1 before the update): the section had 2 before the update and reports 1 after it, but 0 were inserted and 0 deleted (0 moved in, 0 moved out)")
    }

    @Test func aReloadOfASectionMayChangeItsItemCount() throws {
        // Collapse-by-reload: section 0 goes from 3 items to none.
        let update = try BatchUpdate { $0.reloadSections([0]) }.validated(itemCountsBefore: [3, 2], itemCountsAfter: [0, 2])
        #expect(update.fate(ofOldSection: 0) == .reloaded(0))
        #expect(update.origin(ofNewSection: 0) == .reloaded(0))
        #expect(update.fate(ofOld: p(0, 1)) == .sectionReloaded(newSection: 0))
        #expect(update.newPath(forOld: p(0, 1)) == nil)
        #expect(update.newPath(forOld: p(1, 1)) == p(1, 1))
        var layout = try ListLayout(sections: [.init(itemExtents: [10, 20, 30], header: 5), .init(itemExtents: [40, 50])])
        try update.apply(to: &layout) { _ in .init(itemCount: 0, itemExtent: .estimated(44), header: 6) }
        #expect(layout.itemCount(inSection: 0) == 0)
        #expect(layout.headerExtent(section: 0) == 6)
        #expect(layout.itemExtent(at: p(1, 1)) == 50)
    }

    @Test func aReloadOfItemsMayNotChangeTheCount() {
        let error = rejection(BatchUpdate { $0.reloadItems(at: [p(0, 1)]) }, before: [3], after: [2])
        #expect(error?.description == "invalid number of items in section 0: the section had 3 before the update and reports 2 after it, but 0 were inserted and 0 deleted (0 moved in, 0 moved out)")
    }

    @Test func anInsertedSectionTakesItsItemCountFromTheDataSource() throws {
        let update = try BatchUpdate { $0.insertSections([0]) }.validated(itemCountsBefore: [1], itemCountsAfter: [7, 1])
        #expect(update.origin(ofNewSection: 0) == .inserted)
        #expect(update.origin(ofNew: p(0, 6)) == .inserted)
        #expect(update.origin(ofNew: p(0, 7)) == nil)
        #expect(update.origin(ofNew: p(1, 0)) == .unchanged(p(0, 0)))
    }
}

@Suite struct BatchUpdateChangedSectionTests {
    @Test func insertingIntoASectionThatIsInsertedIsRejected() {
        let error = rejection(BatchUpdate { $0.insertSections([0]); $0.insertItems(at: [p(0, 0)]) }, before: [1], after: [1, 1])
        #expect(error == .itemInChangedSection(.insert, p(0, 0), sectionChange: .insert))
        #expect(error?.description == "attempt to insert item 0 into section 0, but section 0 is inserted in the same batch, and takes all its items from the data source")
    }

    @Test func movingAnItemIntoAnInsertedSectionIsRejected() {
        let error = rejection(BatchUpdate { $0.insertSections([1]); $0.moveItem(from: p(0, 0), to: p(1, 0)) }, before: [2], after: [1, 1])
        #expect(error?.description == "attempt to move an item to index 0 of section 1, but section 1 is inserted in the same batch, and takes all its items from the data source")
    }

    @Test func movingAnItemOutOfADeletedSectionIsRejected() {
        let error = rejection(BatchUpdate { $0.deleteSections([0]); $0.moveItem(from: p(0, 1), to: p(0, 0)) }, before: [2, 1], after: [2])
        #expect(error == .itemInChangedSection(.moveFrom, p(0, 1), sectionChange: .delete))
        #expect(error?.description == "attempt to move item 1 out of section 0, but section 0 is deleted in the same batch, and its items go with it")
        let delete = rejection(BatchUpdate { $0.deleteSections([0]); $0.deleteItems(at: [p(0, 0)]) }, before: [2, 1], after: [1])
        #expect(delete == .itemInChangedSection(.delete, p(0, 0), sectionChange: .delete))
    }

    @Test func itemOperationsInsideAReloadedSectionAreRejected() {
        let error = rejection(BatchUpdate { $0.reloadSections([0]); $0.reconfigureItems(at: [p(0, 1)]) }, before: [2], after: [2])
        #expect(error?.description == "attempt to reconfigure item 1 of section 0, but section 0 is reloaded in the same batch, and all its items are replaced")
        let insert = rejection(BatchUpdate { $0.reloadSections([0]); $0.insertItems(at: [p(0, 0)]) }, before: [2, 0], after: [3, 0])
        #expect(insert == .itemInChangedSection(.insert, p(0, 0), sectionChange: .reload))
        // A move into a reloaded section that also moves: named by its new index.
        let move = rejection(BatchUpdate {
            $0.reloadSections([1])
            $0.moveSection(from: 0, to: 1)
            $0.moveItem(from: p(0, 0), to: p(0, 0))
        }, before: [1, 1], after: [1, 0])
        #expect(move == .itemInChangedSection(.moveTo, p(0, 0), sectionChange: .reload))
    }
}

@Suite struct BatchUpdateConflictTests {
    @Test func deleteAndReloadOfOnePathConflict() {
        let error = rejection(BatchUpdate { $0.deleteItems(at: [p(0, 1)]); $0.reloadItems(at: [p(0, 1)]) }, before: [2], after: [1])
        #expect(error == .conflictingItemOperations(.delete, .reload, p(0, 1)))
        #expect(error?.description == "attempt to delete and reload the same index path [0, 1] in one batch")
    }

    @Test func deleteAndMoveFromOnePathConflict() {
        let error = rejection(BatchUpdate { $0.moveItem(from: p(0, 0), to: p(0, 1)); $0.deleteItems(at: [p(0, 0)]) }, before: [2], after: [2])
        #expect(error?.description == "attempt to delete and move the same index path [0, 0] in one batch")
    }

    @Test func insertAndMoveToOnePathConflict() {
        let error = rejection(BatchUpdate { $0.insertItems(at: [p(0, 0)]); $0.moveItem(from: p(0, 1), to: p(0, 0)) }, before: [2], after: [3])
        #expect(error == .conflictingItemOperations(.insert, .moveTo, p(0, 0)))
        #expect(error?.description == "attempt to insert an item and move another to the same index path [0, 0] in one batch")
    }

    @Test func reloadAndMoveOfOnePathConflict() {
        let error = rejection(BatchUpdate { $0.reloadItems(at: [p(0, 1)]); $0.moveItem(from: p(0, 1), to: p(0, 0)) }, before: [2], after: [2])
        #expect(error == .conflictingItemOperations(.reload, .moveFrom, p(0, 1)))
    }

    @Test func reconfigureConflictsWithDeleteReloadAndMove() {
        let delete = rejection(BatchUpdate { $0.reconfigureItems(at: [p(0, 0)]); $0.deleteItems(at: [p(0, 0)]) }, before: [1], after: [0])
        #expect(delete?.description == "attempt to delete and reconfigure the same index path [0, 0] in one batch")
        let reload = rejection(BatchUpdate { $0.reconfigureItems(at: [p(0, 0)]); $0.reloadItems(at: [p(0, 0)]) }, before: [1], after: [1])
        #expect(reload == .conflictingItemOperations(.reload, .reconfigure, p(0, 0)))
        let move = rejection(BatchUpdate { $0.reconfigureItems(at: [p(0, 0)]); $0.moveItem(from: p(0, 0), to: p(0, 1)) }, before: [2], after: [2])
        #expect(move == .conflictingItemOperations(.reconfigure, .moveFrom, p(0, 0)))
    }

    @Test func twoMovesFromOrToOnePathConflict() {
        let from = rejection(BatchUpdate { $0.moveItem(from: p(0, 0), to: p(0, 1)); $0.moveItem(from: p(0, 0), to: p(0, 2)) }, before: [3], after: [3])
        #expect(from == .duplicateItemOperation(.moveFrom, p(0, 0)))
        #expect(from?.description == "attempt to move the same item [0, 0] twice in one batch")
        let to = rejection(BatchUpdate { $0.moveItem(from: p(0, 0), to: p(0, 2)); $0.moveItem(from: p(0, 1), to: p(0, 2)) }, before: [3], after: [3])
        #expect(to == .duplicateItemOperation(.moveTo, p(0, 2)))
        #expect(to?.description == "attempt to move two items to the same index path [0, 2] in one batch")
    }

    @Test func duplicateOperationsAreRejectedByName() {
        let delete = rejection(BatchUpdate { $0.deleteItems(at: [p(0, 1), p(0, 1)]) }, before: [2], after: [0])
        #expect(delete?.description == "attempt to delete the same item [0, 1] twice in one batch")
        let insert = rejection(BatchUpdate { $0.insertItems(at: [p(0, 0)]); $0.insertItems(at: [p(0, 0)]) }, before: [0], after: [2])
        #expect(insert?.description == "attempt to insert two items at the same index path [0, 0] in one batch")
        let sections = rejection(BatchUpdate { $0.insertSections([1, 1]) }, before: [0], after: [0, 0, 0])
        #expect(sections == .duplicateSectionOperation(.insert, section: 1))
        #expect(sections?.description == "attempt to insert two sections at the same index 1 in one batch")
        let reload = rejection(BatchUpdate { $0.reloadSections([0]); $0.reloadSections([0]) }, before: [1], after: [1])
        #expect(reload?.description == "attempt to reload the same section 0 twice in one batch")
    }

    @Test func sectionOperationsOnOneSectionConflict() {
        let deleteReload = rejection(BatchUpdate { $0.reloadSections([0]); $0.deleteSections([0]) }, before: [1], after: [])
        #expect(deleteReload == .conflictingSectionOperations(.delete, .reload, section: 0))
        #expect(deleteReload?.description == "attempt to delete and reload the same section (0) in one batch")
        let deleteMove = rejection(BatchUpdate { $0.deleteSections([0]); $0.moveSection(from: 0, to: 0) }, before: [1, 1], after: [1])
        #expect(deleteMove?.description == "attempt to delete and move the same section (0) in one batch")
        let reloadMove = rejection(BatchUpdate { $0.moveSection(from: 1, to: 0); $0.reloadSections([1]) }, before: [1, 1], after: [1, 1])
        #expect(reloadMove == .conflictingSectionOperations(.reload, .moveFrom, section: 1))
        let insertMove = rejection(BatchUpdate { $0.insertSections([0]); $0.moveSection(from: 0, to: 0) }, before: [1], after: [1, 1])
        #expect(insertMove?.description == "attempt to insert a section and move another to the same index (0) in one batch")
        let twoMoves = rejection(BatchUpdate { $0.moveSection(from: 0, to: 1); $0.moveSection(from: 1, to: 1) }, before: [1, 1], after: [1, 1])
        #expect(twoMoves?.description == "attempt to move two sections to the same index 1 in one batch")
    }

    @Test func aMoveToAPlaceThatDoesNotExistNamesItsSourceAndItsDestination() {
        var batch = BatchUpdate()
        batch.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 7))
        let error = #expect(throws: UpdateError.self) { try batch.validated(itemCountsBefore: [4, 5], itemCountsAfter: [3, 6]) }
        #expect(error == .moveDestinationOutOfRange(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 7), itemCount: 6))
        #expect(error?.description == "attempt to move item 3 of section 0 to index path [1, 7], which does not exist: section 1 contains only 6 items after the update")
    }
}
