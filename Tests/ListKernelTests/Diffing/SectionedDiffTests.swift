import Testing
import ListKernel
import ListKernelTesting

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

// MARK: Hand-checked examples, one per normalization rule

@Test func whenSectionedInputsAreIdentical_theDiffIsEmpty() throws {
    let old = [section(1, [0, 1]), section(2, []), section(3, [2])]
    let diff = try SectionedDiff(from: old, to: old)
    #expect(diff.isEmpty)
    #expect(diff.itemCountsBefore == [2, 0, 1] && diff.itemCountsAfter == [2, 0, 1])
}

@Test func whenASectionMoves_itsItemsGoWithIt_andNoItemMoveIsReported() throws {
    let old = [section(1, [0, 1]), section(2, [2, 3]), section(3, [4])]
    let new = [section(3, [4]), section(1, [0, 1]), section(2, [2, 3])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff.movedSections == [.init(from: 2, to: 0)])
    #expect(diff.movedItems.isEmpty && diff.deletedItems.isEmpty && diff.insertedItems.isEmpty)
    #expect(try diff.replay(DiffInputPair(old: old, new: new)) == new)
}

@Test func whenASectionIsDeleted_itsItemsAreNotReportedSeparately() throws {
    let old = [section(1, [0, 1]), section(2, [2, 3])]
    let new = [section(2, [2, 3])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [2, 2], itemCountsAfter: [2], deletedSections: [0]))
}

@Test func whenASectionIsInserted_itsItemsAreNotReportedSeparately() throws {
    let old = [section(1, [0])]
    let new = [section(1, [0]), section(2, [5, 6])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [1], itemCountsAfter: [1, 2], insertedSections: [1]))
}

@Test func whenASectionIsEmptied_itsItemsAreDeletedAndTheSectionStays() throws {
    let old = [section(1, [0, 1]), section(2, [2])]
    let new = [section(1, []), section(2, [2])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [2, 1], itemCountsAfter: [0, 1], deletedItems: [path(0, 0), path(0, 1)]))
}

@Test func whenAnItemMovesAcrossSections_itIsOneMoveWithBothPaths_andAnUpdateIfItChanged() throws {
    let old = [section(1, [0, 1]), section(2, [2])]
    let new = [Section(id: 1, items: items([0])), Section(id: 2, items: [Item(id: 2, version: 0), Item(id: 1, version: 4)])]
    let diff = try SectionedDiff(from: old, to: new, contentChangesAs: .reconfigure)
    #expect(diff.movedItems == [.init(from: path(0, 1), to: path(1, 1))])
    #expect(diff.changedItems == [.init(from: path(0, 1), to: path(1, 1), kind: .reconfigure)])
    #expect(diff.deletedItems.isEmpty && diff.insertedItems.isEmpty)
}

@Test func whenAnItemLeavesADeletedSection_itIsReportedAsAnInsertWithoutUpdate() throws {
    let old = [section(1, [0, 1]), section(2, [2])]
    let new = [Section(id: 2, items: [Item(id: 2, version: 0), Item(id: 1, version: 9)])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [2, 1], itemCountsAfter: [2], deletedSections: [0], insertedItems: [path(0, 1)]))
}

@Test func whenAnItemMovesIntoAnInsertedSection_itIsReportedAsADelete() throws {
    let old = [section(1, [0, 1])]
    let new = [section(1, [0]), section(2, [1])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [2], itemCountsAfter: [1, 1], insertedSections: [1], deletedItems: [path(0, 1)]))
}

@Test func whenAnItemMovesFromADeletedSectionToAnInsertedOne_nothingIsReportedForIt() throws {
    let old = [section(1, [0]), section(2, [5])]
    let new = [section(2, [5]), section(3, [0])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff == SectionedDiff(itemCountsBefore: [1, 1], itemCountsAfter: [1, 1], deletedSections: [0], insertedSections: [1]))
}

@Test func insideAMovedSection_itemsThatKeepTheirOrderStay() throws {
    // Section 1 moves to the end; inside it, 0 and 2 keep their order and 1 moves.
    let old = [section(1, [0, 1, 2]), section(2, [3])]
    let new = [section(2, [3]), section(1, [1, 0, 2])]
    let diff = try SectionedDiff(from: old, to: new)
    #expect(diff.movedSections.count == 1)
    #expect(diff.movedItems.count == 1)
    #expect(try diff.replay(DiffInputPair(old: old, new: new)) == new)
}

// MARK: Duplicates

@Test func whenTwoSectionsShareAnIdentifier_theErrorNamesItAndBothIndexes() {
    #expect(throws: DiffError.duplicateSection(identifier: "4", side: .new, firstIndex: 0, secondIndex: 2)) {
        try SectionedDiff(from: [section(1, []), section(2, [])], to: [section(4, []), section(2, []), section(4, [])])
    }
}

@Test func whenTwoSectionsShareAnItemIdentifier_theErrorNamesItAndBothPaths() {
    let old = [section(1, [5, 6]), section(2, [7, 5])]
    #expect(throws: DiffError.duplicateItem(identifier: "5", side: .old, firstPath: path(0, 0), secondPath: path(1, 1))) {
        try SectionedDiff(from: old, to: [section(2, [7])])
    }
}

// MARK: Randomized

@Test func twoThousandRandomSectionedPairs_replayToTheNewSections_inOneBatchAndInStages() throws {
    var coverage: [String: Int] = [:]
    for seed in 0..<2_000 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        let pair = randomSectionedPair(&random)
        let repro = "seed \(seed): old \(pair.old) new \(pair.new)"
        let diff = try SectionedDiff(from: pair.old, to: pair.new)
        for (kind, present) in coverageKinds(pair, diff) where present { coverage[kind, default: 0] += 1 }
        #expect(try diff.replay(pair) == pair.new, "\(repro) diff \(diff)")
        for update in diff.changedItems {
            let before = pair.old[update.from.section].items[update.from.item]
            let after = pair.new[update.to.section].items[update.to.item]
            #expect(before.id == after.id && before.version != after.version, "\(repro) update \(update)")
        }

        let stages = diff.staged()
        var state = pair.old
        for stage in stages {
            state = try stage.replay(on: state, newSection: { pair.new[$0] }, newItem: { pair.new[$0.section].items[$0.item] })
        }
        #expect(state == pair.new, "\(repro) stages \(stages)")
        #expect(stages.count <= 2, "\(repro)")
        #expect(stages.allSatisfy { !$0.hasStructuralChanges || $0.changedItems.isEmpty }, "\(repro) stages \(stages)")
    }
    // The generator must exercise every kind of edit, each in many pairs.
    for kind in ["section delete", "section insert", "section move", "emptied section", "item delete",
                 "item insert", "move within a section", "move across sections", "item update",
                 "insert out of a deleted section", "delete into an inserted section", "identical"] {
        #expect(coverage[kind, default: 0] >= 40, "only \(coverage[kind, default: 0]) pairs with \(kind): \(coverage)")
    }
}

/// Which kinds of edit `pair` contains, judged from the pair itself (and, for the kinds
/// that need a classification, from the diff's item paths).
private func coverageKinds(_ pair: DiffInputPair<[Section]>, _ diff: SectionedDiff) -> [String: Bool] {
    let oldSectionIDs = Set(pair.old.map(\.id))
    let newSectionIDs = Set(pair.new.map(\.id))
    let oldItemIDs = Set(pair.old.flatMap(\.items).map(\.id))
    let newItemIDs = Set(pair.new.flatMap(\.items).map(\.id))
    let emptied = pair.old.contains { old in
        !old.items.isEmpty && pair.new.contains { $0.id == old.id && $0.items.isEmpty }
    }
    return [
        "section delete": !oldSectionIDs.subtracting(newSectionIDs).isEmpty,
        "section insert": !newSectionIDs.subtracting(oldSectionIDs).isEmpty,
        "section move": !diff.movedSections.isEmpty,
        "emptied section": emptied,
        "item delete": !oldItemIDs.subtracting(newItemIDs).isEmpty,
        "item insert": !newItemIDs.subtracting(oldItemIDs).isEmpty,
        "move within a section": diff.movedItems.contains { pair.old[$0.from.section].id == pair.new[$0.to.section].id },
        "move across sections": diff.movedItems.contains { pair.old[$0.from.section].id != pair.new[$0.to.section].id },
        "item update": !diff.changedItems.isEmpty,
        "insert out of a deleted section": diff.insertedItems.contains { oldItemIDs.contains(pair.new[$0.section].items[$0.item].id) },
        "delete into an inserted section": diff.deletedItems.contains { newItemIDs.contains(pair.old[$0.section].items[$0.item].id) },
        "identical": pair.old == pair.new,
    ]
}

@Test func randomSectionedPairs_reportTheFewestSectionAndItemMoves() throws {
    for seed in 50_000..<51_000 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        let pair = randomSectionedPair(&random)
        let diff = try SectionedDiff(from: pair.old, to: pair.new)
        let fewest = fewestMoves(pair)
        #expect(diff.movedSections.count == fewest.sections, "seed \(seed): old \(pair.old) new \(pair.new) diff \(diff)")
        #expect(diff.movedItems.count == fewest.items, "seed \(seed): old \(pair.old) new \(pair.new) diff \(diff)")
    }
}

@Test func theSectionedBenchmarkScenario_reportsItsFiveThousandMoves_andReplaysExactly() throws {
    // 1,000 × 100: 100 sections emptied in place, 5,000 items each moved to another section.
    let input = DiffInputs.sectioned()
    let diff = try SectionedDiff(from: input.old, to: input.new)
    #expect(diff.movedItems.count == 5_000)
    #expect(diff.movedSections.isEmpty && diff.deletedSections.isEmpty && diff.insertedSections.isEmpty)
    #expect(diff.deletedItems.count == 10_000)
    #expect(diff.insertedItems.isEmpty && diff.changedItems.isEmpty)
    #expect(try diff.replay(input) == input.new)
}
