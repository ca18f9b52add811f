import Testing
import ListKernel
import ListKernelTesting

private typealias Snapshot = ListSnapshot<String, Int>

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// fruit [1 2 3], veg [4 5], empty []
private func sample() throws -> Snapshot {
    var snapshot = Snapshot()
    try snapshot.appendSections(["fruit", "veg", "empty"])
    try snapshot.appendItems([1, 2, 3], toSection: "fruit")
    try snapshot.appendItems([4, 5], toSection: "veg")
    return snapshot
}

private func layout(_ snapshot: Snapshot) -> [String] {
    snapshot.sections.map { "\($0.id)\($0.items)" }
}

// MARK: Building

@Test func appendingSectionsAndItems_buildsTheSnapshotInOrder() throws {
    let snapshot = try sample()
    #expect(layout(snapshot) == ["fruit[1, 2, 3]", "veg[4, 5]", "empty[]"])
    #expect(snapshot.numberOfSections == 3 && snapshot.numberOfItems == 5)
    #expect(snapshot.sectionIdentifiers == ["fruit", "veg", "empty"])
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
}

@Test func appendingItemsWithoutASection_appendsThemToTheLastSection() throws {
    var snapshot = try sample()
    try snapshot.appendItems([9])
    #expect(snapshot.itemIdentifiers(inSection: "empty") == [9])
}

@Test func appendingItemsWithoutASection_whenThereIsNone_throwsNoSection() {
    var snapshot = Snapshot()
    #expect(throws: SnapshotError.noSection) { try snapshot.appendItems([1]) }
}

@Test func appendingAnItemAlreadyPresent_throwsNamingItAndItsPath_andChangesNothing() throws {
    var snapshot = try sample()
    let before = snapshot
    #expect(throws: SnapshotError.itemAlreadyPresent(identifier: "5", path: path(1, 1))) {
        try snapshot.appendItems([8, 5], toSection: "empty")
    }
    #expect(snapshot == before)
}

@Test func appendingAnItemTwiceInOneCall_throwsNamingBothPositions_andChangesNothing() throws {
    var snapshot = try sample()
    let before = snapshot
    #expect(throws: SnapshotError.itemRepeated(identifier: "8", firstIndex: 0, secondIndex: 2)) {
        try snapshot.appendItems([8, 9, 8], toSection: "empty")
    }
    #expect(snapshot == before)
}

@Test func appendingASectionAlreadyPresent_throwsNamingItsIndex() throws {
    var snapshot = try sample()
    #expect(throws: SnapshotError.sectionAlreadyPresent(identifier: "veg", index: 1)) {
        try snapshot.appendSections(["nuts", "veg"])
    }
    #expect(throws: SnapshotError.sectionRepeated(identifier: "nuts", firstIndex: 0, secondIndex: 1)) {
        try snapshot.appendSections(["nuts", "nuts"])
    }
    #expect(snapshot.numberOfSections == 3)
}

@Test func buildingFromSections_rejectsAnItemInTwoSections() {
    #expect(throws: SnapshotError.itemAlreadyPresent(identifier: "1", path: path(0, 0))) {
        try Snapshot(sections: [DiffSection(id: "a", items: [1]), DiffSection(id: "b", items: [1])])
    }
}

@Test func insertingItemsBeforeAndAfterAnItem_placesThemAroundIt() throws {
    var snapshot = try sample()
    try snapshot.insertItems([10, 11], beforeItem: 2)
    try snapshot.insertItems([12], afterItem: 5)
    #expect(layout(snapshot) == ["fruit[1, 10, 11, 2, 3]", "veg[4, 5, 12]", "empty[]"])
    #expect(snapshot.itemPath(of: 3) == path(0, 4))
}

@Test func insertingSectionsBeforeAndAfterASection_placesThemAroundIt() throws {
    var snapshot = try sample()
    try snapshot.insertSections(["a"], beforeSection: "fruit")
    try snapshot.insertSections(["b", "c"], afterSection: "veg")
    #expect(snapshot.sectionIdentifiers == ["a", "fruit", "veg", "b", "c", "empty"])
    #expect(snapshot.indexOfSection("empty") == 5)
    #expect(snapshot.itemPath(of: 4) == path(2, 0))
}

// MARK: Deleting and moving

@Test func deletingItems_removesThemAndTheirMarks() throws {
    var snapshot = try sample()
    try snapshot.reloadItems([2])
    try snapshot.reconfigureItems([4])
    try snapshot.deleteItems([2, 4, 2])
    #expect(layout(snapshot) == ["fruit[1, 3]", "veg[5]", "empty[]"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty && snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(!snapshot.containsItem(2))
}

@Test func deletingAnUnknownItem_throwsAndChangesNothing() throws {
    var snapshot = try sample()
    let before = snapshot
    #expect(throws: SnapshotError.itemNotFound(identifier: "42")) { try snapshot.deleteItems([1, 42]) }
    #expect(snapshot == before)
}

@Test func deletingASection_removesItsItems() throws {
    var snapshot = try sample()
    try snapshot.reloadSections(["fruit"])
    try snapshot.deleteSections(["fruit"])
    #expect(layout(snapshot) == ["veg[4, 5]", "empty[]"])
    #expect(!snapshot.containsItem(1) && snapshot.numberOfItems == 2)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    #expect(snapshot.itemPath(of: 5) == path(0, 1))
}

@Test func deletingAllItems_keepsTheSectionsEmpty() throws {
    var snapshot = try sample()
    snapshot.deleteAllItems()
    #expect(layout(snapshot) == ["fruit[]", "veg[]", "empty[]"])
    #expect(snapshot.numberOfItems == 0)
}

@Test func movingAnItemAfterAnItemOfAnotherSection_changesItsSection() throws {
    var snapshot = try sample()
    try snapshot.moveItem(1, afterItem: 4)
    #expect(layout(snapshot) == ["fruit[2, 3]", "veg[4, 1, 5]", "empty[]"])
    #expect(snapshot.sectionIdentifier(containingItem: 1) == "veg")
    try snapshot.moveItem(5, beforeItem: 2)
    #expect(layout(snapshot) == ["fruit[5, 2, 3]", "veg[4, 1]", "empty[]"])
}

@Test func movingAnItemWithinItsSection_placesItNextToTheAnchor() throws {
    var snapshot = try sample()
    try snapshot.moveItem(1, afterItem: 3)
    #expect(layout(snapshot) == ["fruit[2, 3, 1]", "veg[4, 5]", "empty[]"])
    try snapshot.moveItem(1, beforeItem: 2)
    #expect(layout(snapshot) == ["fruit[1, 2, 3]", "veg[4, 5]", "empty[]"])
}

@Test func movingAnItemRelativeToItself_throwsAndChangesNothing() throws {
    var snapshot = try sample()
    let before = snapshot
    #expect(throws: SnapshotError.itemRelativeToItself(identifier: "2")) { try snapshot.moveItem(2, beforeItem: 2) }
    #expect(snapshot == before)
}

@Test func movingASectionBeforeOrAfterAnother_reordersTheSectionsWithTheirItems() throws {
    var snapshot = try sample()
    try snapshot.moveSection("empty", beforeSection: "fruit")
    #expect(snapshot.sectionIdentifiers == ["empty", "fruit", "veg"])
    try snapshot.moveSection("empty", afterSection: "veg")
    try snapshot.moveSection("fruit", afterSection: "veg")
    #expect(layout(snapshot) == ["veg[4, 5]", "fruit[1, 2, 3]", "empty[]"])
    #expect(throws: SnapshotError.sectionRelativeToItself(identifier: "veg")) { try snapshot.moveSection("veg", afterSection: "veg") }
}

// MARK: Queries

@Test func queries_answerIndexesPathsAndContainingSections() throws {
    let snapshot = try sample()
    #expect(snapshot.indexOfSection("veg") == 1)
    #expect(snapshot.indexOfSection("nuts") == nil)
    #expect(snapshot.itemPath(of: 5) == path(1, 1))
    #expect(snapshot.indexOfItem(5) == 4)
    #expect(snapshot.indexOfItem(42) == nil)
    #expect(snapshot.sectionIdentifier(containingItem: 4) == "veg")
    #expect(snapshot.numberOfItems(inSection: "fruit") == 3)
    #expect(snapshot.itemIdentifiers(inSection: "empty") == [])
}

@Test func queriesOfAnUnknownSection_answerNil() throws {
    let snapshot = try sample()
    #expect(snapshot.numberOfItems(inSection: "nuts") == nil)
    #expect(snapshot.itemIdentifiers(inSection: "nuts") == nil)
    #expect(snapshot.numberOfItems(inSection: "empty") == 0)
}

@Test func snapshotErrors_nameTheIdentifiersAndPositions() {
    #expect(SnapshotError.itemAlreadyPresent(identifier: "5", path: path(1, 1)).description == "item 5 is already in the snapshot at [1, 1]")
    #expect(SnapshotError.sectionRepeated(identifier: "a", firstIndex: 0, secondIndex: 3).description
        == "section a is repeated in the argument at positions 0 and 3")
}

// MARK: Marks and differences

@Test func reloadAndReconfigureMarks_areCarriedInTheSnapshot_untilCleared() throws {
    var snapshot = try sample()
    try snapshot.reloadItems([1])
    try snapshot.reconfigureItems([2, 3])
    try snapshot.reloadSections(["veg"])
    #expect(snapshot.reloadedItemIdentifiers == [1])
    #expect(snapshot.reconfiguredItemIdentifiers == [2, 3])
    #expect(snapshot.reloadedSectionIdentifiers == ["veg"])
    snapshot.clearMarks()
    #expect(snapshot.reloadedItemIdentifiers.isEmpty && snapshot.reconfiguredItemIdentifiers.isEmpty)
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
}

@Test func markingAnUnknownItem_throwsAndChangesNothing() throws {
    var snapshot = try sample()
    let before = snapshot
    #expect(throws: SnapshotError.itemNotFound(identifier: "42")) { try snapshot.reconfigureItems([1, 42]) }
    #expect(throws: SnapshotError.sectionNotFound(identifier: "nuts")) { try snapshot.reloadSections(["nuts"]) }
    #expect(snapshot == before)
}

@Test func theDifference_turnsReloadMarksIntoReloadsAndReconfigureMarksIntoReconfigures() throws {
    let old = try sample()
    var new = old
    try new.moveItem(3, beforeItem: 1)  // fruit [3 1 2]
    try new.reloadItems([3])
    try new.reconfigureItems([5])
    let diff = new.difference(from: old)
    #expect(diff.movedItems == [.init(from: path(0, 2), to: path(0, 0))])
    #expect(diff.changedItems == [
        .init(from: path(0, 2), to: path(0, 0), kind: .reload),
        .init(from: path(1, 1), to: path(1, 1), kind: .reconfigure),
    ])
}

@Test func aReloadMarkWinsOverAReconfigureMarkOnTheSameItem() throws {
    let old = try sample()
    var new = old
    try new.reconfigureItems([2])
    try new.reloadItems([2])
    #expect(new.difference(from: old).changedItems == [.init(from: path(0, 1), to: path(0, 1), kind: .reload)])
}

@Test func theDifference_reportsNoUpdateForAMarkedItemThatIsInsertedOrLeavesADeletedSection() throws {
    let old = try sample()
    var new = old
    try new.appendItems([9], toSection: "empty")
    try new.moveItem(4, afterItem: 9)
    try new.deleteSections(["veg"])
    try new.reconfigureItems([9, 4])
    let diff = new.difference(from: old)
    #expect(diff.changedItems.isEmpty)
    #expect(diff.deletedSections == [1])
    #expect(diff.insertedItems == [path(1, 0), path(1, 1)])
}

@Test func theDifference_reportsASectionUpdateForAReloadedSection() throws {
    let old = try sample()
    var new = old
    try new.moveSection("veg", beforeSection: "fruit")
    try new.reloadSections(["fruit"])
    let diff = new.difference(from: old)
    #expect(diff.changedSections == [.init(from: 0, to: 1)])
    #expect(diff.movedSections.count == 1)
    // The reloaded section is not the one reported as moved, so UIKit takes its reload in
    // the structural batch, at its before-state index.
    #expect(diff.movedSections.first?.from == 1)
    #expect(diff.staged().count == 1)
    #expect(diff.staged().first?.changedSections == [.init(from: 0, to: 1)])
}

@Test func aReloadedSectionThatMovesIsDeletedAndInsertedInTheStructuralStage() throws {
    let old = try sample()
    var new = old
    try new.moveSection("fruit", afterSection: "veg")
    try new.reloadSections(["veg"])
    try new.reloadSections(["fruit"])
    try new.appendItems([99], toSection: "fruit")
    let diff = new.difference(from: old)
    let moved = try #require(diff.movedSections.first)
    let stages = diff.staged()
    // UIKit can't reload a section that moves in the same batch: it is replaced instead, and
    // stage 1 ends at the final counts, which a host's data source can report.
    #expect(stages.count == 1)
    #expect(stages.first?.movedSections.contains(moved) == false)
    #expect(stages.first?.deletedSections.contains(moved.from) == true)
    #expect(stages.first?.insertedSections.contains(moved.to) == true)
    #expect(stages.first?.itemCountsAfter == diff.itemCountsAfter)
    var state = old.sections
    for stage in stages {
        let target = new.sections
        state = try stage.replay(on: state, newSection: { target[$0] }, newItem: { target[$0.section].items[$0.item] })
    }
    #expect(state == new.sections)
}

@Test func theDifference_ignoresTheMarksOfTheOldSnapshot() throws {
    var old = try sample()
    try old.reloadItems([1])
    var new = old
    new.clearMarks()
    #expect(new.difference(from: old).isEmpty)
}

// MARK: Randomized, against a naive model

/// The naive reference: plain arrays, linear searches.
private struct NaiveSnapshot: Equatable {
    var sections: [(id: String, items: [Int])] = []
    var reloaded: Set<Int> = []
    var reconfigured: Set<Int> = []
    var reloadedSections: Set<String> = []

    static func == (lhs: NaiveSnapshot, rhs: NaiveSnapshot) -> Bool {
        lhs.sections.map(\.id) == rhs.sections.map(\.id) && lhs.sections.map(\.items) == rhs.sections.map(\.items)
            && lhs.reloaded == rhs.reloaded && lhs.reconfigured == rhs.reconfigured && lhs.reloadedSections == rhs.reloadedSections
    }

    func sectionIndex(_ id: String) -> Int? { sections.firstIndex { $0.id == id } }
    func path(_ item: Int) -> ItemPath? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return ItemPath(section: s, item: i) }
        }
        return nil
    }
    var allItems: [Int] { sections.flatMap(\.items) }
    func allNew(_ ids: [Int]) -> Bool { Set(ids).count == ids.count && ids.allSatisfy { path($0) == nil } }
    func allNewSections(_ ids: [String]) -> Bool { Set(ids).count == ids.count && ids.allSatisfy { sectionIndex($0) == nil } }

    mutating func removeItem(_ item: Int) {
        let place = path(item)!
        sections[place.section].items.remove(at: place.item)
        reloaded.remove(item)
        reconfigured.remove(item)
    }
}

extension Snapshot {
    fileprivate var naive: NaiveSnapshot {
        NaiveSnapshot(
            sections: sections.map { ($0.id, $0.items) },
            reloaded: reloadedItemIdentifiers,
            reconfigured: reconfiguredItemIdentifiers,
            reloadedSections: reloadedSectionIdentifiers
        )
    }
}

/// Applies one random operation to both; returns its description and whether it was valid.
/// When the model says the operation is invalid, checks that the snapshot throws and is
/// unchanged.
@discardableResult
private func randomStep(_ snapshot: inout Snapshot, _ model: inout NaiveSnapshot, _ random: inout SplitMix64) -> (step: String, valid: Bool) {
    let sectionPool = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
    // Mostly identifiers the model holds (for the anchors and targets of valid operations),
    // sometimes any from the pool (new ones, and invalid references).
    func anySection() -> String {
        if !model.sections.isEmpty && random.chance(5, in: 6) { return model.sections[random.below(model.sections.count)].id }
        return sectionPool[random.below(sectionPool.count)]
    }
    func anyItem() -> Int {
        let present = model.allItems
        if !present.isEmpty && random.chance(5, in: 6) { return present[random.below(present.count)] }
        return random.below(24)
    }
    // Identifiers to add: mostly fresh, sometimes from the small pool (possibly present).
    func newItem() -> Int { random.chance(4, in: 5) ? 100 + random.below(1_000_000) : random.below(24) }
    func newItems() -> [Int] { (0..<random.int(in: 1...3)).map { _ in newItem() } }
    func newSection() -> String { random.chance(4, in: 5) ? "s\(random.below(1_000_000))" : sectionPool[random.below(sectionPool.count)] }
    func someItems() -> [Int] { (0..<random.int(in: 1...3)).map { _ in anyItem() } }
    let before = snapshot
    var valid = true
    var step = ""
    do {
        switch random.below(14) {
        case 0:
            let ids = (0..<random.int(in: 1...2)).map { _ in newSection() }
            step = "appendSections(\(ids))"
            valid = model.allNewSections(ids)
            if valid { model.sections += ids.map { ($0, []) } }
            try snapshot.appendSections(ids)
        case 1:
            let ids = [newSection()]
            let anchor = anySection()
            let after = random.chance(1, in: 2)
            step = "insertSections(\(ids), \(after ? "after" : "before"): \(anchor))"
            valid = model.allNewSections(ids) && model.sectionIndex(anchor) != nil
            if valid { model.sections.insert((ids[0], []), at: model.sectionIndex(anchor)! + (after ? 1 : 0)) }
            if after { try snapshot.insertSections(ids, afterSection: anchor) } else { try snapshot.insertSections(ids, beforeSection: anchor) }
        case 2:
            let ids = [anySection()]
            step = "deleteSections(\(ids))"
            valid = model.sectionIndex(ids[0]) != nil
            if valid {
                let removed = model.sections.remove(at: model.sectionIndex(ids[0])!)
                model.reloaded.subtract(removed.items)
                model.reconfigured.subtract(removed.items)
                model.reloadedSections.remove(ids[0])
            }
            try snapshot.deleteSections(ids)
        case 3:
            let id = anySection()
            let anchor = anySection()
            let after = random.chance(1, in: 2)
            step = "moveSection(\(id), \(after ? "after" : "before"): \(anchor))"
            valid = model.sectionIndex(id) != nil && model.sectionIndex(anchor) != nil && id != anchor
            if valid {
                let moving = model.sections.remove(at: model.sectionIndex(id)!)
                model.sections.insert(moving, at: model.sectionIndex(anchor)! + (after ? 1 : 0))
            }
            if after { try snapshot.moveSection(id, afterSection: anchor) } else { try snapshot.moveSection(id, beforeSection: anchor) }
        case 4:
            let ids = [anySection()]
            step = "reloadSections(\(ids))"
            valid = model.sectionIndex(ids[0]) != nil
            if valid { model.reloadedSections.insert(ids[0]) }
            try snapshot.reloadSections(ids)
        case 5, 6:
            let ids = newItems()
            let section: String? = random.chance(1, in: 4) ? nil : anySection()
            step = "appendItems(\(ids), toSection: \(String(describing: section)))"
            let target = section.flatMap { model.sectionIndex($0) } ?? (section == nil && !model.sections.isEmpty ? model.sections.count - 1 : nil)
            valid = target != nil && model.allNew(ids)
            if valid { model.sections[target!].items += ids }
            try snapshot.appendItems(ids, toSection: section)
        case 7:
            let ids = newItems()
            let anchor = anyItem()
            let after = random.chance(1, in: 2)
            step = "insertItems(\(ids), \(after ? "after" : "before"): \(anchor))"
            valid = model.path(anchor) != nil && model.allNew(ids)
            if valid {
                let place = model.path(anchor)!
                model.sections[place.section].items.insert(contentsOf: ids, at: place.item + (after ? 1 : 0))
            }
            if after { try snapshot.insertItems(ids, afterItem: anchor) } else { try snapshot.insertItems(ids, beforeItem: anchor) }
        case 8:
            let ids = someItems()
            step = "deleteItems(\(ids))"
            valid = ids.allSatisfy { model.path($0) != nil }
            if valid { for id in Set(ids) { model.removeItem(id) } }
            try snapshot.deleteItems(ids)
        case 9, 10:
            let id = anyItem()
            let anchor = anyItem()
            let after = random.chance(1, in: 2)
            step = "moveItem(\(id), \(after ? "after" : "before"): \(anchor))"
            valid = model.path(id) != nil && model.path(anchor) != nil && id != anchor
            if valid {
                let marks = (model.reloaded, model.reconfigured)
                model.removeItem(id)
                (model.reloaded, model.reconfigured) = marks
                let place = model.path(anchor)!
                model.sections[place.section].items.insert(id, at: place.item + (after ? 1 : 0))
            }
            if after { try snapshot.moveItem(id, afterItem: anchor) } else { try snapshot.moveItem(id, beforeItem: anchor) }
        case 11:
            let ids = someItems()
            step = "reloadItems(\(ids))"
            valid = ids.allSatisfy { model.path($0) != nil }
            if valid { model.reloaded.formUnion(ids) }
            try snapshot.reloadItems(ids)
        case 12:
            let ids = someItems()
            step = "reconfigureItems(\(ids))"
            valid = ids.allSatisfy { model.path($0) != nil }
            if valid { model.reconfigured.formUnion(ids) }
            try snapshot.reconfigureItems(ids)
        default:
            if random.chance(1, in: 8) {
                step = "deleteAllItems()"
                for index in model.sections.indices { model.sections[index].items = [] }
                model.reloaded = []
                model.reconfigured = []
                snapshot.deleteAllItems()
            } else {
                step = "clearMarks()"
                model.reloaded = []
                model.reconfigured = []
                model.reloadedSections = []
                snapshot.clearMarks()
            }
        }
        #expect(valid, "accepted an invalid \(step)")
    } catch {
        #expect(!valid, "rejected a valid \(step): \(error)")
        #expect(snapshot == before, "a rejected \(step) changed the snapshot")
    }
    return (step, valid)
}

@Test func randomOperationSequences_matchANaiveModel_andRejectedOperationsChangeNothing() {
    var validSteps = 0
    var invalidSteps = 0
    for seed in 0..<150 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var snapshot = Snapshot()
        var model = NaiveSnapshot()
        for stepIndex in 0..<60 {
            let (step, valid) = randomStep(&snapshot, &model, &random)
            if valid { validSteps += 1 } else { invalidSteps += 1 }
            let repro = "seed \(seed), step \(stepIndex): \(step)"
            #expect(snapshot.naive == model, "\(repro): \(snapshot) vs \(model.sections)")
            #expect(snapshot.numberOfItems == model.allItems.count, "\(repro)")
            for item in model.allItems {
                let place = model.path(item)
                #expect(snapshot.itemPath(of: item) == place, "\(repro): item \(item)")
                #expect(snapshot.sectionIdentifier(containingItem: item) == model.sections[place!.section].id, "\(repro)")
                #expect(snapshot.indexOfItem(item) == model.allItems.firstIndex(of: item), "\(repro)")
            }
            for (index, section) in model.sections.enumerated() {
                #expect(snapshot.indexOfSection(section.id) == index, "\(repro)")
            }
        }
    }
    // Both paths must be exercised in earnest: accepted operations and rejected ones.
    #expect(validSteps >= 4_000 && invalidSteps >= 2_000, "\(validSteps) valid, \(invalidSteps) invalid steps")
}

@Test func differencesOfRandomSnapshots_replayToTheNewSnapshot_withTheMarkedUpdates() throws {
    for seed in 1_000..<1_500 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        var old = Snapshot()
        var model = NaiveSnapshot()
        for _ in 0..<30 { randomStep(&old, &model, &random) }
        var new = old
        new.clearMarks()
        model = new.naive
        var steps: [String] = []
        for _ in 0..<random.below(12) { steps.append(randomStep(&new, &model, &random).step) }
        let repro = "seed \(seed): old \(old), steps \(steps)"

        let diff = new.difference(from: old)
        let oldSections = old.sections
        let newSections = new.sections
        let replayed = try diff.replay(on: oldSections, newSection: { newSections[$0] }, newItem: { newSections[$0.section].items[$0.item] })
        #expect(replayed == newSections, "\(repro) diff \(diff)")

        // Expected updates, from the definition: marked in new, present in old, and neither
        // its old nor its new section deleted, inserted or reloaded (a reloaded section's
        // items go with it).
        var expected: Set<String> = []
        let reloadedSections = new.reloadedSectionIdentifiers.filter { old.containsSection($0) }
        for item in new.reloadedItemIdentifiers.union(new.reconfiguredItemIdentifiers) {
            guard let oldSection = old.sectionIdentifier(containingItem: item),
                  let newSection = new.sectionIdentifier(containingItem: item),
                  new.containsSection(oldSection), old.containsSection(newSection),
                  !reloadedSections.contains(oldSection), !reloadedSections.contains(newSection) else { continue }
            expected.insert("\(item) \(new.reloadedItemIdentifiers.contains(item) ? "reload" : "reconfigure")")
        }
        let reported = Set(diff.changedItems.map { "\(newSections[$0.to.section].items[$0.to.item]) \($0.kind)" })
        #expect(reported == expected, "\(repro) diff \(diff)")
        for update in diff.changedItems {
            #expect(oldSections[update.from.section].items[update.from.item] == newSections[update.to.section].items[update.to.item], "\(repro)")
        }
        let expectedSections = new.reloadedSectionIdentifiers.filter { old.containsSection($0) }
        #expect(Set(diff.changedSections.map { newSections[$0.to].id }) == expectedSections, "\(repro)")

        var state = oldSections
        for stage in diff.staged() {
            state = try stage.replay(on: state, newSection: { newSections[$0] }, newItem: { newSections[$0.section].items[$0.item] })
        }
        #expect(state == newSections, "\(repro)")
    }
}

// MARK: Building from sections, against a naive model

/// What building from `sections` must give, by the definition: the sections in order, or
/// the first error that appending them section by section would throw.
private func naiveBuild(_ sections: [DiffSection<String, Int>]) -> Result<[String], SnapshotError> {
    var sectionPlace: [String: Int] = [:]
    for (position, section) in sections.enumerated() {
        if let first = sectionPlace[section.id] {
            return .failure(.sectionRepeated(identifier: section.id, firstIndex: first, secondIndex: position))
        }
        sectionPlace[section.id] = position
    }
    var itemPlace: [Int: ItemPath] = [:]
    for (position, section) in sections.enumerated() {
        for (offset, item) in section.items.enumerated() {
            if let first = itemPlace[item] {
                return .failure(first.section == position
                    ? .itemRepeated(identifier: "\(item)", firstIndex: first.item, secondIndex: offset)
                    : .itemAlreadyPresent(identifier: "\(item)", path: first))
            }
            itemPlace[item] = ItemPath(section: position, item: offset)
        }
    }
    return .success(sections.map { "\($0.id)\($0.items)" })
}

@Test func buildingFromRandomSections_givesTheNaiveSnapshotOrError_andTheSnapshotAppendsBuild() {
    var builtLarge = 0, rejectedLarge = 0, builtSmall = 0, rejectedSmall = 0
    for seed in 0..<400 as Range<UInt64> {
        var random = SplitMix64(seed: seed)
        // Small identifier ranges, so that repeated sections and items are common. Every
        // tenth seed builds 17,000 to 21,600 items, past the item index's sharding threshold
        // (16,384), distinct but for one repeat in half of them, placed at random.
        let large = seed % 10 == 0
        var sections: [DiffSection<String, Int>]
        if large {
            sections = (0..<random.int(in: 20...24)).map { position in
                DiffSection(id: "L\(position)", items: Array((position * 1_000)..<(position * 1_000 + random.int(in: 850...900))))
            }
            if random.below(2) == 0 {
                let target = random.below(sections.count)
                let source = random.int(in: 0...target)
                let item = sections[source].items[random.below(sections[source].items.count)]
                sections[target].items.insert(item, at: random.below(sections[target].items.count + 1))
            }
        } else {
            sections = (0..<random.int(in: 0...6)).map { _ in
                DiffSection(id: "s\(random.below(8))", items: (0..<random.int(in: 0...45)).map { _ in random.below(30) })
            }
        }
        let repro = "seed \(seed): \(large ? "\(sections.count) large sections" : "\(sections)")"

        let expected = naiveBuild(sections)
        let built = Result { () throws(SnapshotError) in try Snapshot(sections: sections) }
        // What `init(sections:)` documents itself as: the sections appended, then their items.
        let appended = Result { () throws(SnapshotError) in
            var snapshot = Snapshot()
            try snapshot.appendSections(sections.map(\.id))
            for section in sections { try snapshot.appendItems(section.items, toSection: section.id) }
            return snapshot
        }
        switch (expected, built) {
        case let (.success(layoutExpected), .success(snapshot)):
            #expect(layout(snapshot) == layoutExpected, "\(repro)")
            #expect(snapshot.numberOfItems == sections.reduce(0) { $0 + $1.items.count }, "\(repro)")
            let misplaced = sections.indices.lazy.flatMap { position in
                sections[position].items.indices.lazy.map { path(position, $0) }
            }.first { snapshot.itemPath(of: sections[$0.section].items[$0.item]) != $0 }
            #expect(misplaced == nil, "\(repro): the item at \(misplaced.map { "\($0)" } ?? "") is filed elsewhere")
            #expect(appended.map(layout) == .success(layoutExpected), "\(repro)")
            if large { builtLarge += 1 } else { builtSmall += 1 }
        case let (.failure(error), .failure(thrown)):
            #expect(thrown == error, "\(repro)")
            #expect(appended.map(layout) == .failure(error), "\(repro)")
            if large { rejectedLarge += 1 } else { rejectedSmall += 1 }
        default:
            Issue.record("\(repro): expected \(expected), built \(built.map(layout))")
        }
    }
    // Both outcomes at both sizes, so neither path goes untested.
    #expect(builtLarge >= 10 && rejectedLarge >= 10 && builtSmall >= 20 && rejectedSmall >= 100,
            "\(builtLarge) + \(rejectedLarge) large, \(builtSmall) + \(rejectedSmall) small")
}
