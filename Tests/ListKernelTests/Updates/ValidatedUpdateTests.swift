import Testing
@_spi(ListKernelTesting) import ListKernel
@_spi(ListKernelTesting) @testable import ListKernelCore
@_spi(ListKernelTesting) @testable import ListKernelLayout
@_spi(ListKernelTesting) @testable import ListKernelReuse
@_spi(ListKernelTesting) @testable import ListKernelDiffing
@_spi(ListKernelTesting) @testable import ListKernelUpdates
@_spi(ListKernelTesting) @testable import ListKernelDiffUpdates
@_spi(ListKernelTesting) @testable import ListKernelList
import ListKernelTesting

private func p(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// Mappings, fates and layout steps of validated updates (expected values worked out by hand
/// in the comments).
@Suite struct ValidatedUpdateTests {
    // Before: A = [a0 a1 a2 a3], B = [b0 b1], C = [c0].
    // Insert a section at 0 (5 items), delete C, reload B (now 1 item); in A delete a0,
    // reload a1, reconfigure a2, move a3 to the front of A (A is now section 1).
    // After: [new ×5], A = [a3 a1 a2], B' = [new].
    func everything() throws -> ValidatedUpdate {
        try BatchUpdate {
            $0.insertSections([0])
            $0.deleteSections([2])
            $0.reloadSections([1])
            $0.deleteItems(at: [p(0, 0)])
            $0.reloadItems(at: [p(0, 1)])
            $0.reconfigureItems(at: [p(0, 2)])
            $0.moveItem(from: p(0, 3), to: p(1, 0))
        }.validated(itemCountsBefore: [4, 2, 1], itemCountsAfter: [5, 3, 1])
    }

    @Test func fatesNameWhatHappenedToEachItem() throws {
        let update = try everything()
        #expect(update.fate(ofOld: p(0, 0)) == .deleted)
        #expect(update.fate(ofOld: p(0, 1)) == .reloaded(p(1, 1)))
        #expect(update.fate(ofOld: p(0, 2)) == .reconfigured(p(1, 2)))
        #expect(update.fate(ofOld: p(0, 3)) == .moved(p(1, 0)))
        #expect(update.fate(ofOld: p(1, 1)) == .sectionReloaded(newSection: 2))
        #expect(update.fate(ofOld: p(2, 0)) == .deleted)
        #expect(update.fate(ofOld: p(0, 4)) == nil)
        #expect(update.fate(ofOld: p(3, 0)) == nil)
        #expect(update.newPath(forOld: p(0, 1)) == p(1, 1))
        #expect(update.newPath(forOld: p(1, 0)) == nil)
    }

    @Test func originsNameWhereEachItemCameFrom() throws {
        let update = try everything()
        #expect(update.origin(ofNew: p(0, 4)) == .inserted)
        #expect(update.origin(ofNew: p(1, 0)) == .moved(from: p(0, 3)))
        #expect(update.origin(ofNew: p(1, 1)) == .reloaded(p(0, 1)))
        #expect(update.origin(ofNew: p(1, 2)) == .reconfigured(p(0, 2)))
        #expect(update.origin(ofNew: p(2, 0)) == .sectionReloaded(oldSection: 1))
        #expect(update.origin(ofNew: p(1, 3)) == nil)
        #expect(update.oldPath(forNew: p(1, 2)) == p(0, 2))
        #expect(update.oldPath(forNew: p(0, 0)) == nil)
    }

    @Test func sectionFatesAndOriginsNameEachSectionsChange() throws {
        let update = try everything()
        #expect(update.fate(ofOldSection: 0) == .unchanged(1))
        #expect(update.fate(ofOldSection: 1) == .reloaded(2))
        #expect(update.fate(ofOldSection: 2) == .deleted)
        #expect(update.fate(ofOldSection: 3) == nil)
        #expect(update.origin(ofNewSection: 0) == .inserted)
        #expect(update.origin(ofNewSection: 1) == .unchanged(0))
        #expect(update.origin(ofNewSection: 2) == .reloaded(1))
        #expect(update.newSection(forOld: 1) == 2)
        #expect(update.oldSection(forNew: 0) == nil)
        #expect(update.sectionCountBefore == 3 && update.sectionCountAfter == 3)
        #expect(update.itemCountsBefore == [4, 2, 1] && update.itemCountsAfter == [5, 3, 1])
    }

    @Test func headersAndFootersMapWithTheirSectionUnlessItIsReplaced() throws {
        let update = try everything()
        #expect(update.newElement(forOld: .header(section: 0)) == .header(section: 1))
        #expect(update.newElement(forOld: .footer(section: 1)) == nil)   // reloaded
        #expect(update.newElement(forOld: .header(section: 2)) == nil)   // deleted
        #expect(update.newElement(forOld: .item(p(0, 3))) == .item(p(1, 0)))
        #expect(update.oldElement(forNew: .footer(section: 1)) == .footer(section: 0))
        #expect(update.oldElement(forNew: .header(section: 0)) == nil)   // inserted
        #expect(update.oldElement(forNew: .item(p(1, 1))) == .item(p(0, 1)))
    }

    @Test func anEmptyBatchMapsEverythingToItself() throws {
        let update = try BatchUpdate().validated(itemCountsBefore: [2, 1], itemCountsAfter: [2, 1])
        #expect(update.fate(ofOld: p(0, 1)) == .unchanged(p(0, 1)))
        #expect(update.origin(ofNew: p(1, 0)) == .unchanged(p(1, 0)))
        #expect(update.layoutSteps.isEmpty)
    }

    @Test func aMoveOntoItsOwnPlaceIsStillAMove() throws {
        let update = try BatchUpdate { $0.moveItem(from: p(0, 1), to: p(0, 1)) }.validated(itemCountsBefore: [2], itemCountsAfter: [2])
        #expect(update.fate(ofOld: p(0, 1)) == .moved(p(0, 1)))
        var layout = try ListLayout(sections: [.init(itemExtents: [10, 20])])
        try update.apply(to: &layout) { _ in Issue.record("no section is described"); return .init(itemCount: 0, itemExtent: .uniform(1)) }
        #expect(layout.itemExtent(at: p(0, 1)) == 20)
    }

    @Test func layoutStepsFollowUIKitsOrder() throws {
        // Before S0 [2], S1 [3], S2 [1], S3 [0]. Delete S0, move S2 to 0, insert a section at 2;
        // in S1 delete item 0 and move item 2 to [0, 0] (S2's new index), insert at [1, 1].
        // After: S2 [moved, c0], S1 [b1, new], NEW [2 items], S3 [].
        let update = try BatchUpdate {
            $0.deleteSections([0])
            $0.moveSection(from: 2, to: 0)
            $0.insertSections([2])
            $0.deleteItems(at: [p(1, 0)])
            $0.moveItem(from: p(1, 2), to: p(0, 0))
            $0.insertItems(at: [p(1, 1)])
        }.validated(itemCountsBefore: [2, 3, 1, 0], itemCountsAfter: [2, 2, 2, 0])
        #expect(update.layoutSteps == [
            .deleteSections(0..<1),              // S1 S2 S3
            .moveSection(from: 1, to: 2),        // S1 S3 S2: the moved section lifted to the end
            .moveSection(from: 2, to: 0),        // S2 S1 S3: placed at 0
            .insertSections(2..<3),              // S2 S1 NEW S3
            .liftItem(p(1, 2), slot: 0),         // S1, before indexes, bottom up
            .deleteItems(0..<1, inSection: 1),
            .dropItem(at: p(0, 0), slot: 0),     // after indexes, top down
            .insertItems(at: p(1, 1), count: 1),
        ])
        var layout = try ListLayout(sections: [
            .init(itemExtents: [1, 2], header: 100),
            .init(itemExtents: [11, 12, 13], estimate: 40, header: 101),
            .init(itemExtents: [21], header: 102),
            .init(itemExtents: [], header: 103),
        ])
        try update.apply(to: &layout) { new in .init(itemExtents: [31, 32], header: Double(200 + new)) }
        func extents(_ section: Int) throws -> [Double] {
            try (0..<#require(layout.itemCount(inSection: section))).map { try #require(layout.itemExtent(at: p(section, $0))) }
        }
        #expect((0..<4).map { layout.headerExtent(section: $0) } == [102, 101, 202, 103])
        #expect(try extents(0) == [13, 21])
        #expect(try extents(1) == [12, 40])
        #expect(try extents(2) == [31, 32])
        #expect(try extents(3) == [])
    }

    @Test func runsOfAdjacentChangesBecomeOneStep() throws {
        // a b c d e f → delete b c d, insert two at 0 → X Y a e f
        let update = try BatchUpdate {
            $0.deleteItems(at: [p(0, 3), p(0, 1), p(0, 2)])
            $0.insertItems(at: [p(0, 1), p(0, 0)])
            $0.deleteSections([2, 1])
        }.validated(itemCountsBefore: [6, 0, 0], itemCountsAfter: [5])
        #expect(update.layoutSteps == [
            .deleteSections(1..<3),
            .deleteItems(1..<4, inSection: 0),
            .insertItems(at: p(0, 0), count: 2),
        ])
    }

    @Test func aMovedItemKeepsItsMeasuredExtentAndInsertedItemsTakeTheEstimate() throws {
        // S0 = [10 20 30] measured (estimate 44); S1 = two unmeasured items at 50.
        // Move [0, 0] to [1, 0]; move [1, 1] (unmeasured) to [0, 0]; insert at [0, 3].
        // After: S0 = [est 44, 20, 30, est 44], S1 = [10, est 50].
        var layout = try ListLayout(sections: [
            .init(itemExtents: [10, 20, 30], estimate: 44),
            .init(itemCount: 2, itemExtent: .estimated(50)),
        ])
        let update = try BatchUpdate {
            $0.moveItem(from: p(0, 0), to: p(1, 0))
            $0.moveItem(from: p(1, 1), to: p(0, 0))
            $0.insertItems(at: [p(0, 3)])
        }.validated(itemCountsBefore: [3, 2], itemCountsAfter: [4, 2])
        try update.apply(to: &layout) { _ in .init(itemCount: 0, itemExtent: .uniform(1)) }
        let paths = [p(0, 0), p(0, 1), p(0, 2), p(0, 3), p(1, 0), p(1, 1)]
        #expect(paths.map { layout.itemExtent(at: $0) } == [44, 20, 30, 44, 10, 50])
        #expect(paths.map { layout.isMeasured($0) } == [false, true, true, false, true, false])
    }

    @Test func applyRejectsALayoutThatDoesNotHoldTheBeforeCountsAndChangesNothing() throws {
        let update = try BatchUpdate { $0.deleteItems(at: [p(0, 0)]) }.validated(itemCountsBefore: [2], itemCountsAfter: [1])
        var layout = try ListLayout(sections: [.init(itemExtents: [1, 2, 3])])
        let original = layout
        #expect(throws: UpdateError.layoutItemCountMismatch(section: 0, layout: 3, expected: 2)) {
            try update.apply(to: &layout) { _ in .init(itemCount: 0, itemExtent: .uniform(1)) }
        }
        #expect(UpdateError.layoutItemCountMismatch(section: 0, layout: 3, expected: 2).description
            == "section 0 of the layout has 3 items, but the update was validated against 2 before it")
        #expect(layout == original)
        var short = try ListLayout(sections: [])
        #expect(throws: UpdateError.layoutSectionCountMismatch(layout: 0, expected: 1)) {
            try update.apply(to: &short) { _ in .init(itemCount: 0, itemExtent: .uniform(1)) }
        }
        #expect(UpdateError.layoutSectionCountMismatch(layout: 1, expected: 2).description
            == "the layout has 1 section, but the update was validated against 2 before it")
    }

    @Test func applyRejectsASectionDescriptionTheDataSourceDidNotReportAndChangesNothing() throws {
        let update = try BatchUpdate { $0.insertSections([0]); $0.deleteItems(at: [p(0, 0)]) }.validated(itemCountsBefore: [1], itemCountsAfter: [2, 0])
        var layout = try ListLayout(sections: [.init(itemExtents: [7])])
        let original = layout
        let wrongCount = UpdateError.sectionDescriptionItemCount(section: 0, described: 3, reported: 2)
        #expect(throws: wrongCount) {
            try update.apply(to: &layout) { _ in .init(itemCount: 3, itemExtent: .uniform(1)) }
        }
        #expect(wrongCount.description == "the description of section 0 after the update has 3 items, but the data source reports 2")
        #expect(layout == original)
        #expect(throws: UpdateError.invalidSectionDescription(section: 0, .invalidExtent(-1, for: "the header of section 0"))) {
            try update.apply(to: &layout) { _ in .init(itemCount: 2, itemExtent: .uniform(1), header: -1) }
        }
        #expect(layout == original)
    }

    @Test func aMillionItemSectionIsMappedAndUpdatedInAFewSteps() throws {
        // Delete item 10, move item 500,000 to the top, insert at 999,998 (after the update).
        let update = try BatchUpdate {
            $0.deleteItems(at: [p(0, 10)])
            $0.moveItem(from: p(0, 500_000), to: p(0, 0))
            $0.insertItems(at: [p(0, 999_998)])
        }.validated(itemCountsBefore: [1_000_000], itemCountsAfter: [1_000_000])
        #expect(update.newPath(forOld: p(0, 5)) == p(0, 6))                 // below the moved-in item
        #expect(update.newPath(forOld: p(0, 11)) == p(0, 11))               // +1 moved in, −1 deleted
        #expect(update.newPath(forOld: p(0, 500_001)) == p(0, 500_000))     // −1 deleted, −1 moved out, +1 in
        #expect(update.newPath(forOld: p(0, 999_999)) == p(0, 999_999))     // and +1 inserted above it
        #expect(update.oldPath(forNew: p(0, 999_998)) == nil)
        #expect(update.oldPath(forNew: p(0, 999_997)) == p(0, 999_998))   // +2 removed above, −1 moved in
        // The work is the changes, not the items: four steps.
        #expect(update.layoutSteps.count == 4)
        var layout = try ListLayout(sections: [.init(itemCount: 1_000_000, itemExtent: .estimated(44))])
        try layout.setItemExtent(100, at: p(0, 500_000))
        try InvariantChecks.$areSuspended.withValue(true) {
            try update.apply(to: &layout) { _ in .init(itemCount: 0, itemExtent: .uniform(1)) }
        }
        layout._checkInvariantsNow()
        #expect(layout.itemCount(inSection: 0) == 1_000_000)
        #expect(layout.itemExtent(at: p(0, 0)) == 100)
        #expect(layout.contentExtent == 999_999 * 44 + 100)
    }
}
