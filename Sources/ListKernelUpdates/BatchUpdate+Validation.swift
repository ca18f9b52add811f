@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

extension BatchUpdate {
    /// Checks the batch against the item counts before and after it, and returns the checked
    /// update, or throws the first rule it breaks. Nothing is applied anywhere: a rejected
    /// batch leaves every state as it was.
    ///
    /// ```swift
    /// let update = try batch.validated(itemCountsBefore: [4, 0], itemCountsAfter: [3, 1])
    /// ```
    ///
    /// Rules are checked in this order, each over the operations sorted (so the order of
    /// calls never changes which error is reported): negative counts; counts past
    /// `ListLimits.maximumItemCount`; section indexes in range; duplicate or conflicting
    /// section operations; the section count; item paths in range; item operations inside
    /// deleted, inserted or reloaded sections; duplicate or conflicting item operations;
    /// every surviving section's item count.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: the number of items in each section before the update.
    ///   - itemCountsAfter: the number of items in each section after the update, as the data
    ///     source now reports them.
    /// - Throws: the `UpdateError` naming the first rule broken.
    /// - Complexity: O(S + k log k) for S sections and k operations; never O(items).
    public func validated(itemCountsBefore: [Int], itemCountsAfter: [Int]) throws(UpdateError) -> ValidatedUpdate {
        var validator = UpdateValidator(batch: self, before: itemCountsBefore, after: itemCountsAfter)
        return try validator.run()
    }
}

/// One item operation, for validation.
private struct ItemEntry {
    var path: ItemPath
    var operation: UpdateError.Operation
    /// The other end of a move (its destination for `.moveFrom`, its source for `.moveTo`).
    var counterpart: ItemPath?

    init(path: ItemPath, operation: UpdateError.Operation, counterpart: ItemPath? = nil) {
        self.path = path
        self.operation = operation
        self.counterpart = counterpart
    }
}

/// The validation pass: one run, front to back, over sorted copies of the batch.
private struct UpdateValidator {
    typealias Operation = UpdateError.Operation

    let batch: BatchUpdate
    let before: [Int]
    let after: [Int]

    /// The section operation on each old section (delete, reload or move from).
    var oldSectionOperation: [Operation?] = []
    /// The section operation on each new section (insert or move to).
    var newSectionOperation: [Operation?] = []
    var newSectionForOld: [Int] = []
    var oldSectionForNew: [Int] = []

    init(batch: BatchUpdate, before: [Int], after: [Int]) {
        self.batch = batch
        self.before = before
        self.after = after
    }

    mutating func run() throws(UpdateError) -> ValidatedUpdate {
        try checkCounts()
        let deleted = batch.deletedSections.sorted()
        let reloaded = batch.reloadedSections.sorted()
        let inserted = batch.insertedSections.sorted()
        let moves = batch.movedSections.sorted()
        let movesByDestination = moves.sorted { ($0.to, $0.from) < ($1.to, $1.from) }

        // Sections: ranges, then conflicts, then the count.
        for section in deleted { try checkSection(.delete, section) }
        for section in reloaded { try checkSection(.reload, section) }
        for move in moves { try checkSection(.moveFrom, move.from) }
        for section in inserted { try checkSection(.insert, section) }
        for move in movesByDestination { try checkSection(.moveTo, move.to) }
        oldSectionOperation = Array(repeating: nil, count: before.count)
        newSectionOperation = Array(repeating: nil, count: after.count)
        for section in deleted { try mark(.delete, section: section) }
        for section in reloaded { try mark(.reload, section: section) }
        for move in moves { try mark(.moveFrom, section: move.from) }
        for section in inserted { try mark(.insert, section: section) }
        for move in movesByDestination { try mark(.moveTo, section: move.to) }
        guard after.count == before.count + inserted.count - deleted.count else {
            throw .invalidSectionCount(before: before.count, after: after.count, inserted: inserted.count, deleted: deleted.count)
        }
        mapSections(moves)

        // Items: ranges, then changed sections, then conflicts, then the counts.
        var oldEntries: [ItemEntry] = []
        oldEntries.reserveCapacity(batch.deletedItems.count + batch.reloadedItems.count + batch.reconfiguredItems.count + batch.movedItems.count)
        for path in batch.deletedItems { oldEntries.append(ItemEntry(path: path, operation: .delete)) }
        for path in batch.reloadedItems { oldEntries.append(ItemEntry(path: path, operation: .reload)) }
        for path in batch.reconfiguredItems { oldEntries.append(ItemEntry(path: path, operation: .reconfigure)) }
        for move in batch.movedItems { oldEntries.append(ItemEntry(path: move.from, operation: .moveFrom, counterpart: move.to)) }
        var newEntries: [ItemEntry] = []
        newEntries.reserveCapacity(batch.insertedItems.count + batch.movedItems.count)
        for path in batch.insertedItems { newEntries.append(ItemEntry(path: path, operation: .insert)) }
        for move in batch.movedItems { newEntries.append(ItemEntry(path: move.to, operation: .moveTo, counterpart: move.from)) }
        // Sorting by the whole move keeps the order of equal entries independent of call order.
        oldEntries.sort { ($0.path, $0.operation, $0.counterpart ?? $0.path) < ($1.path, $1.operation, $1.counterpart ?? $1.path) }
        newEntries.sort { ($0.path, $0.operation, $0.counterpart ?? $0.path) < ($1.path, $1.operation, $1.counterpart ?? $1.path) }

        for entry in oldEntries { try checkRange(entry, counts: before) }
        for entry in newEntries { try checkRange(entry, counts: after) }
        for entry in oldEntries { try checkOldSection(entry) }
        for entry in newEntries { try checkNewSection(entry) }
        try checkConflicts(oldEntries)
        try checkConflicts(newEntries)
        try checkItemCounts(oldEntries, newEntries)

        return build(deleted: deleted, reloaded: reloaded, inserted: inserted, moves: moves, oldEntries, newEntries)
    }

    func checkCounts() throws(UpdateError) {
        // One unsigned comparison per count finds both a negative count and one past the
        // limit; only then are the rules checked in their order.
        let limit = UInt(ListLimits.maximumItemCount)
        guard before.contains(where: { UInt(bitPattern: $0) > limit }) || after.contains(where: { UInt(bitPattern: $0) > limit }) else {
            return
        }
        if let section = before.firstIndex(where: { $0 < 0 }) {
            throw .negativeItemCount(section: section, count: before[section], afterUpdate: false)
        }
        if let section = after.firstIndex(where: { $0 < 0 }) {
            throw .negativeItemCount(section: section, count: after[section], afterUpdate: true)
        }
        // Bounded counts keep every sum below (before + inserted − deleted ± moves) exact.
        if let section = before.firstIndex(where: { $0 > ListLimits.maximumItemCount }) {
            throw .itemCountTooLarge(section: section, count: before[section], afterUpdate: false)
        }
        if let section = after.firstIndex(where: { $0 > ListLimits.maximumItemCount }) {
            throw .itemCountTooLarge(section: section, count: after[section], afterUpdate: true)
        }
    }

    func checkSection(_ operation: Operation, _ section: Int) throws(UpdateError) {
        let count = operation.usesBeforeIndexes ? before.count : after.count
        guard section >= 0, section < count else { throw .sectionOutOfRange(operation, section: section, sectionCount: count) }
    }

    mutating func mark(_ operation: Operation, section: Int) throws(UpdateError) {
        let existing = operation.usesBeforeIndexes ? oldSectionOperation[section] : newSectionOperation[section]
        if let existing {
            throw existing == operation
                ? .duplicateSectionOperation(operation, section: section)
                : .conflictingSectionOperations(existing, operation, section: section)
        }
        if operation.usesBeforeIndexes { oldSectionOperation[section] = operation } else { newSectionOperation[section] = operation }
    }

    /// Pairs every untouched old section (reloaded ones included) with the free new places,
    /// in order.
    ///
    /// - Complexity: O(S).
    mutating func mapSections(_ moves: [Move<Int>]) {
        newSectionForOld = Array(repeating: -1, count: before.count)
        oldSectionForNew = Array(repeating: -1, count: after.count)
        for move in moves {
            newSectionForOld[move.from] = move.to
            oldSectionForNew[move.to] = move.from
        }
        var old = 0
        for new in after.indices where newSectionOperation[new] == nil {
            while oldSectionOperation[old] == .delete || oldSectionOperation[old] == .moveFrom { old += 1 }
            newSectionForOld[old] = new
            oldSectionForNew[new] = old
            old += 1
        }
    }

    func checkRange(_ entry: ItemEntry, counts: [Int]) throws(UpdateError) {
        let path = entry.path
        guard path.section >= 0, path.section < counts.count else {
            throw .itemSectionOutOfRange(entry.operation, path, sectionCount: counts.count)
        }
        guard path.item >= 0, path.item < counts[path.section] else {
            if entry.operation == .moveTo, let from = entry.counterpart {
                throw .moveDestinationOutOfRange(from: from, to: path, itemCount: counts[path.section])
            }
            throw .itemOutOfRange(entry.operation, path, itemCount: counts[path.section])
        }
    }

    func checkOldSection(_ entry: ItemEntry) throws(UpdateError) {
        switch oldSectionOperation[entry.path.section] {
        case .delete?: throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .delete)
        case .reload?: throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .reload)
        default: break
        }
    }

    func checkNewSection(_ entry: ItemEntry) throws(UpdateError) {
        let section = entry.path.section
        if newSectionOperation[section] == .insert {
            throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .insert)
        }
        if oldSectionOperation[oldSectionForNew[section]] == .reload {
            throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .reload)
        }
    }

    func checkConflicts(_ entries: [ItemEntry]) throws(UpdateError) {
        for index in entries.indices.dropFirst() {
            let (first, second) = (entries[index - 1], entries[index])
            guard first.path == second.path else { continue }
            throw first.operation == second.operation
                ? .duplicateItemOperation(second.operation, second.path)
                : .conflictingItemOperations(first.operation, second.operation, second.path)
        }
    }

    /// Every section that survives and is not reloaded: after = before + inserted + moved in
    /// − deleted − moved out.
    ///
    /// - Complexity: O(S + k).
    func checkItemCounts(_ oldEntries: [ItemEntry], _ newEntries: [ItemEntry]) throws(UpdateError) {
        var deleted = [Int](repeating: 0, count: before.count)
        var movedOut = [Int](repeating: 0, count: before.count)
        var inserted = [Int](repeating: 0, count: after.count)
        var movedIn = [Int](repeating: 0, count: after.count)
        for entry in oldEntries {
            if entry.operation == .delete { deleted[entry.path.section] += 1 }
            if entry.operation == .moveFrom { movedOut[entry.path.section] += 1 }
        }
        for entry in newEntries {
            if entry.operation == .insert { inserted[entry.path.section] += 1 } else { movedIn[entry.path.section] += 1 }
        }
        for new in after.indices {
            let old = oldSectionForNew[new]
            guard old >= 0, oldSectionOperation[old] != .reload else { continue }
            let expected = before[old] + inserted[new] + movedIn[new] - deleted[old] - movedOut[old]
            guard after[new] == expected else {
                throw .invalidItemCount(
                    section: new, oldSection: old, before: before[old], after: after[new],
                    inserted: inserted[new], deleted: deleted[old], movedIn: movedIn[new], movedOut: movedOut[old]
                )
            }
        }
    }

    /// The sorted change lists a `ValidatedUpdate` keeps.
    ///
    /// - Complexity: O(k log k).
    func build(
        deleted: [Int], reloaded: [Int], inserted: [Int], moves: [Move<Int>],
        _ oldEntries: [ItemEntry], _ newEntries: [ItemEntry]
    ) -> ValidatedUpdate {
        let removed = (deleted.map { ($0, -1) } + moves.map { ($0.from, $0.to) }).sorted { $0.0 < $1.0 }
        let placed = (inserted.map { ($0, -1) } + moves.map { ($0.to, $0.from) }).sorted { $0.0 < $1.0 }

        var oldItemSections: [Int] = []
        var oldItems: [ValidatedUpdate.OldSectionItems] = []
        for entry in oldEntries {
            if oldItemSections.last != entry.path.section {
                oldItemSections.append(entry.path.section)
                oldItems.append(.init())
            }
            let last = oldItems.count - 1
            switch entry.operation {
            case .delete, .moveFrom:
                oldItems[last].removed.append(entry.path.item)
                oldItems[last].destinations.append(entry.counterpart)
            case .reload: oldItems[last].reloaded.append(entry.path.item)
            case .reconfigure: oldItems[last].reconfigured.append(entry.path.item)
            case .insert, .moveTo: preconditionFailure("after-space entry among before-space ones")
            }
        }
        var newItemSections: [Int] = []
        var newItems: [ValidatedUpdate.NewSectionItems] = []
        for entry in newEntries {
            if newItemSections.last != entry.path.section {
                newItemSections.append(entry.path.section)
                newItems.append(.init())
            }
            newItems[newItems.count - 1].placed.append(entry.path.item)
            newItems[newItems.count - 1].sources.append(entry.counterpart)
        }
        return ValidatedUpdate(
            _validatedBefore: before, after: after, batch: batch,
            removedSections: removed.map(\.0), sectionDestinations: removed.map(\.1),
            placedSections: placed.map(\.0), sectionSources: placed.map(\.1), reloadedSections: reloaded,
            oldItemSections: oldItemSections, oldItems: oldItems,
            newItemSections: newItemSections, newItems: newItems
        )
    }
}
