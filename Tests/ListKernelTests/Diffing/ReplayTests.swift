import Testing
import ListKernel
import ListKernelTesting

// The replay functions are the tests' oracle for UIKit's batch-update rules, so they get
// hand-computed batches of their own, valid and invalid.

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

// MARK: Linear

@Test func aLinearReplay_fillsSlotsNotClaimedByInsertsOrMoves_withSurvivorsInOrder() throws {
    // [a b c d e] − delete 1 (b), move 4 (e) → 0, insert at 2 (x): after = [e a x c d].
    let diff = LinearDiff(countBefore: 5, countAfter: 5, deleted: [1], inserted: [2], moved: [.init(from: 4, to: 0)])
    let result = try diff.replay(on: ["a", "b", "c", "d", "e"], newElement: { _ in "x" })
    #expect(result == ["e", "a", "x", "c", "d"])
}

@Test func aLinearReplay_takesUpdatedElementsFromTheNewState() throws {
    let diff = LinearDiff(countBefore: 3, countAfter: 3, moved: [.init(from: 0, to: 2)], changed: [.init(from: 0, to: 2), .init(from: 1, to: 0)])
    let result = try diff.replay(on: ["a", "b", "c"], newElement: { "new\($0)" })
    #expect(result == ["new0", "c", "new2"])
}

@Test func aLinearReplay_rejectsACollectionOfTheWrongSize() {
    #expect(throws: DiffReplayError(.shapeMismatch, "the batch is for 2 elements, the collection has 3")) {
        try LinearDiff(countBefore: 2, countAfter: 2).replay(on: [1, 2, 3], newElement: { $0 })
    }
}

@Test func aLinearReplay_rejectsAnIndexOutsideItsState() {
    #expect(throws: DiffReplayError(.indexOutOfRange, "delete at element 5, but the before-state has 2 elements")) {
        try LinearDiff(countBefore: 2, countAfter: 1, deleted: [5]).replay(on: [1, 2], newElement: { $0 })
    }
    let insertTooFar = LinearDiff(countBefore: 0, countAfter: 1, inserted: [1])
    #expect(throws: DiffReplayError.self) { try insertTooFar.replay(on: [Int](), newElement: { $0 }) }
}

@Test func aLinearReplay_rejectsAnIndexUsedTwice() {
    let deletedAndMoved = LinearDiff(countBefore: 2, countAfter: 1, deleted: [0], moved: [.init(from: 0, to: 0)])
    #expect(throws: DiffReplayError(.indexReused, "move from at element 0, which is already deleted")) {
        try deletedAndMoved.replay(on: [1, 2], newElement: { $0 })
    }
    let insertedAndMovedTo = LinearDiff(countBefore: 1, countAfter: 2, inserted: [0], moved: [.init(from: 0, to: 0)])
    #expect(throws: DiffReplayError(.indexReused, "insert at element 0, which is already the destination of a move from 0")) {
        try insertedAndMovedTo.replay(on: [1], newElement: { $0 })
    }
}

@Test func aLinearReplay_rejectsCountsThatDoNotBalance() {
    let diff = LinearDiff(countBefore: 3, countAfter: 3, deleted: [1])
    #expect(throws: DiffReplayError(.countMismatch, "3 elements after must equal 3 before - 1 deleted + 0 inserted (moves: 0)")) {
        try diff.replay(on: [1, 2, 3], newElement: { $0 })
    }
}

@Test func aLinearReplay_rejectsAContentChangeWhoseIndexesNameDifferentElements() {
    // Element 0 stays at 0; a content change claiming it ends at 1 is inconsistent.
    let diff = LinearDiff(countBefore: 2, countAfter: 2, changed: [.init(from: 0, to: 1)])
    #expect(throws: DiffReplayError(.inconsistentContentChange, "content change at element 0 → 1, but after-state element 1 holds before-state element 1")) {
        try diff.replay(on: [1, 2], newElement: { $0 })
    }
}

// MARK: Sectioned

@Test func aSectionedReplay_appliesSectionAndItemChangesTogether_asUIKitDoes() throws {
    // before: S0 [a b c], S1 [d e], S2 [f]
    // batch:  delete section 2; insert section 0 (N [x]); move section 1 → 1 (it claims
    //         after-slot 1, so S0 fills slot 2); delete item [0,1] (b); move [0,0] (a) →
    //         [1,0]; insert [2,0] (y); update [1,1] (e) → [1,2].
    // after:  N [x], S1 [a d e'], S0 [y c]
    let old = [DiffSection(id: "S0", items: ["a", "b", "c"]), DiffSection(id: "S1", items: ["d", "e"]), DiffSection(id: "S2", items: ["f"])]
    let diff = SectionedDiff(
        itemCountsBefore: [3, 2, 1],
        itemCountsAfter: [1, 3, 2],
        deletedSections: [2],
        insertedSections: [0],
        movedSections: [.init(from: 1, to: 1)],
        deletedItems: [path(0, 1)],
        insertedItems: [path(2, 0)],
        movedItems: [.init(from: path(0, 0), to: path(1, 0))],
        changedItems: [.init(from: path(1, 1), to: path(1, 2), kind: .reload)]
    )
    let result = try diff.replay(
        on: old,
        newSection: { _ in DiffSection(id: "N", items: ["x"]) },
        newItem: { $0 == path(2, 0) ? "y" : "e'" }
    )
    #expect(result == [DiffSection(id: "N", items: ["x"]), DiffSection(id: "S1", items: ["a", "d", "e'"]), DiffSection(id: "S0", items: ["y", "c"])])
}

@Test func aSectionedReplay_rejectsAnItemChangeInsideADeletedSection() {
    let diff = SectionedDiff(itemCountsBefore: [1, 1], itemCountsAfter: [1], deletedSections: [0], deletedItems: [path(0, 0)])
    #expect(throws: DiffReplayError(.changeInDeletedSection, "item delete at [0, 0], but section 0 is deleted")) {
        try diff.replay(on: [DiffSection(id: 0, items: [0]), DiffSection(id: 1, items: [1])], newSection: { _ in DiffSection(id: 9, items: []) }, newItem: { _ in 0 })
    }
}

@Test func aSectionedReplay_rejectsAnItemChangeInsideAnInsertedSection() {
    let diff = SectionedDiff(itemCountsBefore: [], itemCountsAfter: [1], insertedSections: [0], insertedItems: [path(0, 0)])
    #expect(throws: DiffReplayError(.changeInInsertedSection, "item insert at [0, 0], but section 0 is inserted")) {
        try diff.replay(on: [DiffSection<Int, Int>](), newSection: { _ in DiffSection(id: 9, items: [1]) }, newItem: { _ in 0 })
    }
}

@Test func aSectionedReplay_rejectsASectionWhoseItemCountDoesNotBalance_namingTheCounts() {
    // Section 0 had 2 items, one moves out to section 1, but section 0 still claims 2 after.
    let diff = SectionedDiff(itemCountsBefore: [2, 0], itemCountsAfter: [2, 1], movedItems: [.init(from: path(0, 0), to: path(1, 0))])
    let old = [DiffSection(id: 0, items: [10, 11]), DiffSection(id: 1, items: [])]
    #expect(throws: DiffReplayError(
        .countMismatch,
        "section 0 (section 0 before) has 2 items after; it must equal 2 before - 0 deleted - 1 moved out + 0 inserted + 0 moved in = 1"
    )) {
        try diff.replay(on: old, newSection: { _ in DiffSection(id: 9, items: []) }, newItem: { _ in 0 })
    }
}

@Test func aSectionedReplay_rejectsAnInsertedSectionOfTheWrongSize() {
    let diff = SectionedDiff(itemCountsBefore: [], itemCountsAfter: [2], insertedSections: [0])
    #expect(throws: DiffReplayError(.shapeMismatch, "inserted section 0 has 1 items, the batch says 2")) {
        try diff.replay(on: [DiffSection<Int, Int>](), newSection: { _ in DiffSection(id: 9, items: [1]) }, newItem: { _ in 0 })
    }
}

@Test func aSectionedReplay_rejectsAContentChangeOfAnInsertedItem() {
    let diff = SectionedDiff(
        itemCountsBefore: [1],
        itemCountsAfter: [2],
        insertedItems: [path(0, 0)],
        changedItems: [.init(from: path(0, 0), to: path(0, 0), kind: .reconfigure)]
    )
    #expect(throws: DiffReplayError(.inconsistentContentChange, "item content change [0, 0] → [0, 0], but after-state [0, 0] is inserted")) {
        try diff.replay(on: [DiffSection(id: 0, items: [5])], newSection: { _ in DiffSection(id: 9, items: []) }, newItem: { _ in 0 })
    }
}

@Test func aSectionedReplay_rejectsASectionChangeThatIsNotAReload() {
    // UIKit has no section reconfigure: a section changes only by a reload.
    let diff = SectionedDiff(
        itemCountsBefore: [1],
        itemCountsAfter: [1],
        changedSections: [ContentChange(from: 0, to: 0, kind: .reconfigure)]
    )
    #expect(throws: DiffReplayError(.inconsistentContentChange, "section content change 0 → 0 is a reconfigure, but a section can only be reloaded")) {
        try diff.replay(on: [DiffSection(id: 0, items: [5])], newSection: { _ in DiffSection(id: 0, items: [6]) }, newItem: { _ in 0 })
    }
    var reload = diff
    reload.changedSections[0].kind = .reload
    #expect((try? reload.replay(on: [DiffSection(id: 0, items: [5])], newSection: { _ in DiffSection(id: 0, items: [6]) }, newItem: { _ in 0 })) == [DiffSection(id: 0, items: [6])])
}

@Test func aReplayError_namesItsRuleFirst() {
    let error = DiffReplayError(.indexReused, "detail")
    #expect(error.description == "index reused: detail")
    #expect(error.rule == .indexReused && error.rule != .countMismatch)
}
