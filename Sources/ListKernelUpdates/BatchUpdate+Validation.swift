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
        var validator = UpdateValidator(before: SectionCounts(all: itemCountsBefore), after: SectionCounts(all: itemCountsAfter))
        return try validator.run(self)
    }

    /// Checks the batch against counts that may be known only for the sections it touches
    /// (`SectionCounts`): what a list does when the counts come from a snapshot it holds,
    /// whose untouched sections keep their counts by construction. The rules and their order
    /// are those of `validated(itemCountsBefore:itemCountsAfter:)`; a rule about a section
    /// whose count is not known is not checked.
    ///
    /// `before` must know the count of every section in `touchedSections(...).old`, `after`
    /// of every one in `.new`.
    ///
    /// - Complexity: O(t log t + k log k) for t touched sections and k operations, never
    ///   O(S).
    package func _validated(before: SectionCounts, after: SectionCounts) throws(UpdateError) -> ValidatedUpdate {
        var validator = UpdateValidator(before: before, after: after)
        return try validator.run(self)
    }

    /// The sections the batch touches on each side: every section an operation names in its
    /// index space, closed under the section mapping (a surviving touched section's place on
    /// the other side is touched too), so the untouched sections of both sides pair up in
    /// order. Indexes out of range are left out (validation reports them).
    ///
    /// ```swift
    /// // 100,000 sections; delete [7, 0], move section 3 to 9
    /// batch._touchedSections(sectionCountBefore: 100_000, sectionCountAfter: 100_000)
    /// // old [3, 4, 5, 6, 7, 8, 9], new [2, 3, 4, 5, 6, 7, 8, 9]: sections between a
    /// // move's ends shift, so they are touched too
    /// ```
    ///
    /// Sections between the ends of a section move, or after a section insert or delete,
    /// change index without changing count; only the first kind is listed (a shift by
    /// inserts and deletes is a rank, not a touch), so a batch of item changes touches only
    /// the sections of its items.
    ///
    /// - Complexity: O(k log k) for k operations (plus the sections between section moves'
    ///   ends).
    package func _touchedSections(sectionCountBefore: Int, sectionCountAfter: Int) -> (old: [Int], new: [Int]) {
        guard movedSections.isEmpty && deletedSections.isEmpty && insertedSections.isEmpty else {
            return _touchedSectionsChangingPlaces(sectionCountBefore: sectionCountBefore, sectionCountAfter: sectionCountAfter)
        }
        // No section changes place: the mapping is the identity on the surviving range, so
        // each side is every section named on either side, in its own range, gathered in
        // one array (the usual batch, of items only, has equal section counts before and
        // after, and its two sides are then one array: one allocation, one sort). Sorted
        // and deduplicated, not a set: a batch names few sections, often the same one many
        // times (a hundred rows appended to one section), and sorting nearly sorted
        // integers costs less than hashing each one.
        var sections: [Int] = []
        sections.reserveCapacity(reloadedSections.count + deletedItems.count + reloadedItems.count
            + reconfiguredItems.count + 2 * movedItems.count + insertedItems.count)
        func add(_ section: Int, below count: Int) { if section >= 0 && section < count { sections.append(section) } }
        for section in reloadedSections { add(section, below: sectionCountBefore) }
        for path in deletedItems { add(path.section, below: sectionCountBefore) }
        for path in reloadedItems { add(path.section, below: sectionCountBefore) }
        for path in reconfiguredItems { add(path.section, below: sectionCountBefore) }
        for move in movedItems { add(move.from.section, below: sectionCountBefore); add(move.to.section, below: sectionCountAfter) }
        for path in insertedItems { add(path.section, below: sectionCountAfter) }
        sections.sortAndRemoveDuplicates { $0 }
        if sectionCountBefore == sectionCountAfter { return (sections, sections) }
        return (sections.filter { $0 < sectionCountBefore }, sections.filter { $0 < sectionCountAfter })
    }

    /// `_touchedSections(sectionCountBefore:sectionCountAfter:)` of a batch that moves,
    /// deletes or inserts sections.
    ///
    /// - Complexity: O(k log k) for k operations, plus the sections between section moves'
    ///   ends.
    @inline(never)
    private func _touchedSectionsChangingPlaces(sectionCountBefore: Int, sectionCountAfter: Int) -> (old: [Int], new: [Int]) {
        var old: [Int] = []
        var new: [Int] = []
        // Each side gains the other's sections below: room for both at once, not a
        // reallocation.
        let named = deletedSections.count + reloadedSections.count + deletedItems.count + reloadedItems.count
            + reconfiguredItems.count + 2 * (movedSections.count + movedItems.count) + insertedSections.count + insertedItems.count
        old.reserveCapacity(2 * named)
        new.reserveCapacity(2 * named)
        func addOld(_ section: Int) { if section >= 0 && section < sectionCountBefore { old.append(section) } }
        func addNew(_ section: Int) { if section >= 0 && section < sectionCountAfter { new.append(section) } }
        for section in deletedSections { addOld(section) }
        for section in reloadedSections { addOld(section) }
        for move in movedSections { addOld(move.from); addNew(move.to) }
        for section in insertedSections { addNew(section) }
        for path in deletedItems { addOld(path.section) }
        for path in reloadedItems { addOld(path.section) }
        for path in reconfiguredItems { addOld(path.section) }
        for move in movedItems { addOld(move.from.section); addNew(move.to.section) }
        for path in insertedItems { addNew(path.section) }
        old.sortAndRemoveDuplicates { $0 }
        // Close under the mapping of the sections that survive: an untouched old section and
        // an untouched new one pair up by rank among the untouched, and counts match there.
        let mapping = _SectionMapping(self, sectionCountBefore: sectionCountBefore, sectionCountAfter: sectionCountAfter)
        for section in old {
            if let mapped = mapping.newSection(forOld: section) { new.append(mapped) }
        }
        new.sortAndRemoveDuplicates { $0 }
        for section in new {
            if let mapped = mapping.oldSection(forNew: section) { old.append(mapped) }
        }
        old.sortAndRemoveDuplicates { $0 }
        return (old, new)
    }
}

/// Old ↔ new section indexes of a batch by rank arithmetic over its sorted section changes,
/// as `ValidatedUpdate` maps them, for a batch not yet validated (a repeated or out-of-range
/// index gives some answer, never a trap).
struct _SectionMapping {
    /// Sorted old sections that leave their place (deleted or moved away).
    var removed: [Int]
    /// Parallel to `removed`: a move's destination, -1 for a delete.
    var destinations: [Int]
    /// Sorted new sections taken by an insert or a move.
    var placed: [Int]
    /// Parallel to `placed`: a move's source, -1 for an insert.
    var sources: [Int]
    let sectionCountBefore: Int
    let sectionCountAfter: Int

    init(_ batch: BatchUpdate, sectionCountBefore: Int, sectionCountAfter: Int) {
        let removedPairs = (batch.deletedSections.map { ($0, -1) } + batch.movedSections.map { ($0.from, $0.to) }).sortedIfNeeded { $0.0 < $1.0 }
        let placedPairs = (batch.insertedSections.map { ($0, -1) } + batch.movedSections.map { ($0.to, $0.from) }).sortedIfNeeded { $0.0 < $1.0 }
        removed = removedPairs.map(\.0)
        destinations = removedPairs.map(\.1)
        placed = placedPairs.map(\.0)
        sources = placedPairs.map(\.1)
        self.sectionCountBefore = sectionCountBefore
        self.sectionCountAfter = sectionCountAfter
    }

    /// Whether the batch changes no section.
    var isIdentity: Bool { removed.isEmpty && placed.isEmpty }

    /// The mapping of a batch with no section change.
    static let identity = _SectionMapping()

    private init() {
        (removed, destinations, placed, sources) = ([], [], [], [])
        (sectionCountBefore, sectionCountAfter) = (0, 0)
    }

    /// The new index of old section `section`, `nil` when it is deleted or out of range.
    ///
    /// - Complexity: O(log k).
    func newSection(forOld section: Int) -> Int? {
        guard section >= 0, section < sectionCountBefore else { return nil }
        let rank = SortedIndexes.rank(of: section, in: removed)
        if rank < removed.count, removed[rank] == section {
            let destination = destinations[rank]
            return destination >= 0 && destination < sectionCountAfter ? destination : nil
        }
        let new = SortedIndexes.free(section - rank, skipping: placed)
        return new >= 0 && new < sectionCountAfter ? new : nil
    }

    /// The old index of new section `section`, `nil` when it is inserted or out of range.
    ///
    /// - Complexity: O(log k).
    func oldSection(forNew section: Int) -> Int? {
        guard section >= 0, section < sectionCountAfter else { return nil }
        let rank = SortedIndexes.rank(of: section, in: placed)
        if rank < placed.count, placed[rank] == section {
            let source = sources[rank]
            return source >= 0 && source < sectionCountBefore ? source : nil
        }
        let old = SortedIndexes.free(section - rank, skipping: removed)
        return old >= 0 && old < sectionCountBefore ? old : nil
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

/// The validation pass: one run, front to back, over sorted copies of the batch. The batch
/// is lent to `run`, not kept: a copy retained and released each of its arrays.
private struct UpdateValidator {
    typealias Operation = UpdateError.Operation

    let before: SectionCounts
    let after: SectionCounts

    /// The section operation on each old section that has one (delete, reload or move from).
    var oldSectionOperation: [Int: Operation] = [:]
    /// The section operation on each new section that has one (insert or move to).
    var newSectionOperation: [Int: Operation] = [:]
    /// With every count known and section operations present: the old section of each new
    /// one (-1 for inserted), as an array (the O(S) count check reads it S times).
    var oldSectionForNew: [Int] = []
    /// Otherwise: the same by rank arithmetic (identity when no section changes).
    var mapping = _SectionMapping.identity
    /// Whether `oldSectionForNew` holds the mapping (every count known, sections change).
    var mapsByArray = false
    /// Whether any section operation is in the batch.
    var hasSectionOperations = false

    init(before: SectionCounts, after: SectionCounts) {
        self.before = before
        self.after = after
    }

    mutating func run(_ batch: BatchUpdate) throws(UpdateError) -> ValidatedUpdate {
        try checkCounts()
        // A batch of items (the usual one) skips the section rules in one branch: they are a
        // function of their own, so that its code is not read on the way to the items'.
        let sections: SortedSectionOperations
        if batch.deletedSections.isEmpty && batch.reloadedSections.isEmpty && batch.insertedSections.isEmpty
            && batch.movedSections.isEmpty {
            guard after.sectionCount == before.sectionCount else {
                throw .invalidSectionCount(before: before.sectionCount, after: after.sectionCount, inserted: 0, deleted: 0)
            }
            sections = SortedSectionOperations()
        } else {
            sections = try checkSections(of: batch)
        }
        return try checkItems(of: batch, sections: sections)
    }

    /// A batch's section operations, each kind sorted.
    struct SortedSectionOperations {
        var deleted: [Int] = []
        var reloaded: [Int] = []
        var inserted: [Int] = []
        var moves: [Move<Int>] = []
    }

    /// The section rules: ranges, then conflicts, then the count; then the section mapping.
    ///
    /// - Complexity: O(k log k) for k section operations (O(S) to map them when every
    ///   count is known).
    @inline(never)
    mutating func checkSections(of batch: BatchUpdate) throws(UpdateError) -> SortedSectionOperations {
        let deleted = batch.deletedSections.sortedIfNeeded()
        let reloaded = batch.reloadedSections.sortedIfNeeded()
        let inserted = batch.insertedSections.sortedIfNeeded()
        let moves = batch.movedSections.sortedIfNeeded()
        let movesByDestination = moves.sortedIfNeeded { ($0.to, $0.from) < ($1.to, $1.from) }

        for section in deleted { try checkSection(.delete, section) }
        for section in reloaded { try checkSection(.reload, section) }
        for move in moves { try checkSection(.moveFrom, move.from) }
        for section in inserted { try checkSection(.insert, section) }
        for move in movesByDestination { try checkSection(.moveTo, move.to) }
        for section in deleted { try mark(.delete, section: section) }
        for section in reloaded { try mark(.reload, section: section) }
        for move in moves { try mark(.moveFrom, section: move.from) }
        for section in inserted { try mark(.insert, section: section) }
        for move in movesByDestination { try mark(.moveTo, section: move.to) }
        guard after.sectionCount == before.sectionCount + inserted.count - deleted.count else {
            throw .invalidSectionCount(before: before.sectionCount, after: after.sectionCount, inserted: inserted.count, deleted: deleted.count)
        }
        mapSections(moves, of: batch)
        return SortedSectionOperations(deleted: deleted, reloaded: reloaded, inserted: inserted, moves: moves)
    }

    /// The item rules, after the section ones, and the validated update.
    ///
    /// - Complexity: O(k log k) for k item operations, plus O(S) for the count check when
    ///   every count is known.
    mutating func checkItems(of batch: BatchUpdate, sections: SortedSectionOperations) throws(UpdateError) -> ValidatedUpdate {
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
        oldEntries.sortIfNeeded { ($0.path, $0.operation, $0.counterpart ?? $0.path) < ($1.path, $1.operation, $1.counterpart ?? $1.path) }
        newEntries.sortIfNeeded { ($0.path, $0.operation, $0.counterpart ?? $0.path) < ($1.path, $1.operation, $1.counterpart ?? $1.path) }

        for entry in oldEntries { try checkRange(entry, counts: before) }
        for entry in newEntries { try checkRange(entry, counts: after) }
        for entry in oldEntries { try checkOldSection(entry) }
        for entry in newEntries { try checkNewSection(entry) }
        try checkConflicts(oldEntries)
        try checkConflicts(newEntries)
        try checkItemCounts(oldEntries, newEntries)

        return build(batch, deleted: sections.deleted, reloaded: sections.reloaded, inserted: sections.inserted, moves: sections.moves, oldEntries, newEntries)
    }

    func checkCounts() throws(UpdateError) {
        // One unsigned comparison per count finds both a negative count and one past the
        // limit; only then are the rules checked in their order. With a held snapshot's
        // counts, only the touched sections' are read.
        let limit = UInt(ListLimits.maximumItemCount)
        let beforeCounts = before.all ?? before.touchedCounts
        let afterCounts = after.all ?? after.touchedCounts
        guard beforeCounts.contains(where: { UInt(bitPattern: $0) > limit }) || afterCounts.contains(where: { UInt(bitPattern: $0) > limit }) else {
            return
        }
        func section(_ counts: SectionCounts, _ at: Int) -> Int { counts.all == nil ? counts.touchedSections[at] : at }
        if let at = beforeCounts.firstIndex(where: { $0 < 0 }) {
            throw .negativeItemCount(section: section(before, at), count: beforeCounts[at], afterUpdate: false)
        }
        if let at = afterCounts.firstIndex(where: { $0 < 0 }) {
            throw .negativeItemCount(section: section(after, at), count: afterCounts[at], afterUpdate: true)
        }
        // Bounded counts keep every sum below (before + inserted − deleted ± moves) exact.
        if let at = beforeCounts.firstIndex(where: { $0 > ListLimits.maximumItemCount }) {
            throw .itemCountTooLarge(section: section(before, at), count: beforeCounts[at], afterUpdate: false)
        }
        if let at = afterCounts.firstIndex(where: { $0 > ListLimits.maximumItemCount }) {
            throw .itemCountTooLarge(section: section(after, at), count: afterCounts[at], afterUpdate: true)
        }
    }

    func checkSection(_ operation: Operation, _ section: Int) throws(UpdateError) {
        let count = operation.usesBeforeIndexes ? before.sectionCount : after.sectionCount
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
    /// in order: as an array when every count is known and sections change (the count check
    /// then reads it for every section), by rank arithmetic otherwise.
    ///
    /// - Complexity: O(S) or O(k log k).
    mutating func mapSections(_ moves: [Move<Int>], of batch: BatchUpdate) {
        hasSectionOperations = !(oldSectionOperation.isEmpty && newSectionOperation.isEmpty)
        guard hasSectionOperations else { return }   // the identity
        guard before.isComplete else {
            mapping = _SectionMapping(batch, sectionCountBefore: before.sectionCount, sectionCountAfter: after.sectionCount)
            return
        }
        mapsByArray = true
        var newSectionForOld = Array(repeating: -1, count: before.sectionCount)
        oldSectionForNew = Array(repeating: -1, count: after.sectionCount)
        for move in moves {
            newSectionForOld[move.from] = move.to
            oldSectionForNew[move.to] = move.from
        }
        var old = 0
        for new in 0..<after.sectionCount where newSectionOperation[new] == nil {
            while oldSectionOperation[old] == .delete || oldSectionOperation[old] == .moveFrom { old += 1 }
            newSectionForOld[old] = new
            oldSectionForNew[new] = old
            old += 1
        }
    }

    /// The old section of new section `section`, -1 when it is inserted.
    ///
    /// - Complexity: O(1) or O(log k).
    @inline(__always)
    func oldSection(forNew section: Int) -> Int {
        if !hasSectionOperations { return section }
        if mapsByArray { return oldSectionForNew[section] }
        return mapping.oldSection(forNew: section) ?? -1
    }

    /// The count of `section` on one side; validation asks only for counts it was given.
    @inline(__always)
    func count(_ counts: SectionCounts, _ section: Int) -> Int {
        guard let count = counts[section] else {
            preconditionFailure("kernel invariant: no count for touched section \(section)")
        }
        return count
    }

    func checkRange(_ entry: ItemEntry, counts: SectionCounts) throws(UpdateError) {
        let path = entry.path
        guard path.section >= 0, path.section < counts.sectionCount else {
            throw .itemSectionOutOfRange(entry.operation, path, sectionCount: counts.sectionCount)
        }
        let itemCount = count(counts, path.section)
        guard path.item >= 0, path.item < itemCount else {
            if entry.operation == .moveTo, let from = entry.counterpart {
                throw .moveDestinationOutOfRange(from: from, to: path, itemCount: itemCount)
            }
            throw .itemOutOfRange(entry.operation, path, itemCount: itemCount)
        }
    }

    func checkOldSection(_ entry: ItemEntry) throws(UpdateError) {
        guard !oldSectionOperation.isEmpty else { return }
        switch oldSectionOperation[entry.path.section] {
        case .delete?: throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .delete)
        case .reload?: throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .reload)
        default: break
        }
    }

    func checkNewSection(_ entry: ItemEntry) throws(UpdateError) {
        guard !(oldSectionOperation.isEmpty && newSectionOperation.isEmpty) else { return }
        let section = entry.path.section
        if newSectionOperation[section] == .insert {
            throw .itemInChangedSection(entry.operation, entry.path, sectionChange: .insert)
        }
        if oldSectionOperation[oldSection(forNew: section)] == .reload {
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
        guard let beforeAll = before.all, let afterAll = after.all else {
            try checkTouchedItemCounts(oldEntries, newEntries)
            return
        }
        var deleted = [Int](repeating: 0, count: beforeAll.count)
        var movedOut = [Int](repeating: 0, count: beforeAll.count)
        var inserted = [Int](repeating: 0, count: afterAll.count)
        var movedIn = [Int](repeating: 0, count: afterAll.count)
        for entry in oldEntries {
            if entry.operation == .delete { deleted[entry.path.section] += 1 }
            if entry.operation == .moveFrom { movedOut[entry.path.section] += 1 }
        }
        for entry in newEntries {
            if entry.operation == .insert { inserted[entry.path.section] += 1 } else { movedIn[entry.path.section] += 1 }
        }
        for new in afterAll.indices {
            let old = hasSectionOperations ? oldSectionForNew[new] : new
            guard old >= 0, !hasSectionOperations || oldSectionOperation[old] != .reload else { continue }
            let expected = beforeAll[old] + inserted[new] + movedIn[new] - deleted[old] - movedOut[old]
            guard afterAll[new] == expected else {
                throw .invalidItemCount(
                    section: new, oldSection: old, before: beforeAll[old], after: afterAll[new],
                    inserted: inserted[new], deleted: deleted[old], movedIn: movedIn[new], movedOut: movedOut[old]
                )
            }
        }
    }

    /// `checkItemCounts` over the touched sections only (a held snapshot's counts: the others
    /// keep theirs by construction), in the same order: ascending new index.
    ///
    /// - Complexity: O(t log t + k).
    func checkTouchedItemCounts(_ oldEntries: [ItemEntry], _ newEntries: [ItemEntry]) throws(UpdateError) {
        // Tallies parallel to the touched sections, filled in one walk per side: the entries
        // are sorted by path, and every entry's section is touched by construction.
        let oldSections = before.touchedSections, newSections = after.touchedSections
        // Two tallies per section side by side (deleted, moved out; inserted, moved in), all
        // in one buffer on the stack: a zero-filled array's storage type is looked up at run
        // time, and a batch's few sections fit. (At least one entry, so that the buffer has
        // an address when the batch touches no section.)
        let failure = withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(1, 2 * (oldSections.count + newSections.count))) {
            tallies -> UpdateError? in
            tallies.initialize(repeating: 0)
            let removed = tallies.baseAddress!, placed = removed + 2 * oldSections.count
            func position(of section: Int, in sections: [Int], from start: inout Int) -> Int {
                while start < sections.count, sections[start] < section { start += 1 }
                guard start < sections.count, sections[start] == section else {
                    preconditionFailure("kernel invariant: no count for touched section \(section)")
                }
                return start
            }
            var at = 0
            for entry in oldEntries where entry.operation == .delete || entry.operation == .moveFrom {
                let index = position(of: entry.path.section, in: oldSections, from: &at)
                removed[2 * index + (entry.operation == .delete ? 0 : 1)] += 1
            }
            at = 0
            for entry in newEntries {
                let index = position(of: entry.path.section, in: newSections, from: &at)
                placed[2 * index + (entry.operation == .insert ? 0 : 1)] += 1
            }
            for (newAt, new) in newSections.enumerated() {
                let old = oldSection(forNew: new)
                guard old >= 0, !hasSectionOperations || oldSectionOperation[old] != .reload else { continue }
                guard let oldAt = SortedIndexes.position(of: old, in: oldSections) else {
                    preconditionFailure("kernel invariant: no count for touched section \(old)")
                }
                let countBefore = before.touchedCounts[oldAt], countAfter = after.touchedCounts[newAt]
                let (i, mi) = (placed[2 * newAt], placed[2 * newAt + 1]), (d, mo) = (removed[2 * oldAt], removed[2 * oldAt + 1])
                guard countAfter == countBefore + i + mi - d - mo else {
                    return .invalidItemCount(
                        section: new, oldSection: old, before: countBefore, after: countAfter,
                        inserted: i, deleted: d, movedIn: mi, movedOut: mo
                    )
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// The sorted change lists a `ValidatedUpdate` keeps.
    ///
    /// - Complexity: O(k log k).
    func build(
        _ batch: BatchUpdate, deleted: [Int], reloaded: [Int], inserted: [Int], moves: [Move<Int>],
        _ oldEntries: [ItemEntry], _ newEntries: [ItemEntry]
    ) -> ValidatedUpdate {
        let sectionTables = hasSectionOperations
            ? sectionTables(deleted: deleted, inserted: inserted, moves: moves)
            : (removed: [], destinations: [], placed: [], sources: [])
        var oldItemSections: [Int] = []
        var oldItems = ValidatedUpdate.OldItemTable(reservingSections: oldEntries.count, changes: oldEntries.count)
        oldItemSections.reserveCapacity(oldEntries.count)
        for entry in oldEntries {
            if oldItemSections.last != entry.path.section {
                oldItemSections.append(entry.path.section)
                oldItems.startSection()
            }
            switch entry.operation {
            case .delete, .moveFrom:
                oldItems.removed.append(entry.path.item)
                oldItems.destinations.append(entry.counterpart)
            case .reload: oldItems.reloaded.append(entry.path.item)
            case .reconfigure: oldItems.reconfigured.append(entry.path.item)
            case .insert, .moveTo: preconditionFailure("after-space entry among before-space ones")
            }
        }
        oldItems.endSection()
        var newItemSections: [Int] = []
        var newItems = ValidatedUpdate.NewItemTable(reservingSections: newEntries.count, changes: newEntries.count)
        newItemSections.reserveCapacity(newEntries.count)
        for entry in newEntries {
            if newItemSections.last != entry.path.section {
                newItemSections.append(entry.path.section)
                newItems.startSection()
            }
            newItems.placed.append(entry.path.item)
            newItems.sources.append(entry.counterpart)
        }
        newItems.endSection()
        return ValidatedUpdate(
            _validatedBefore: before, after: after, batch: batch,
            removedSections: sectionTables.removed, sectionDestinations: sectionTables.destinations,
            placedSections: sectionTables.placed, sectionSources: sectionTables.sources, reloadedSections: reloaded,
            oldItemSections: oldItemSections, oldItems: oldItems,
            newItemSections: newItemSections, newItems: newItems
        )
    }

    /// The section tables of a `ValidatedUpdate`: the sorted removed old sections with their
    /// destinations (-1 for a delete), the sorted placed new ones with their sources (-1 for
    /// an insert).
    ///
    /// - Complexity: O(k log k) for k section operations.
    @inline(never)
    func sectionTables(deleted: [Int], inserted: [Int], moves: [Move<Int>])
        -> (removed: [Int], destinations: [Int], placed: [Int], sources: [Int]) {
        // Without moves, the sorted deletes and inserts alone (joining an empty list of moves
        // to them cost a call into the runtime each).
        let removed = moves.isEmpty
            ? deleted.map { ($0, -1) }
            : (deleted.map { ($0, -1) } + moves.map { ($0.from, $0.to) }).sortedIfNeeded { $0.0 < $1.0 }
        let placed = moves.isEmpty
            ? inserted.map { ($0, -1) }
            : (inserted.map { ($0, -1) } + moves.map { ($0.to, $0.from) }).sortedIfNeeded { $0.0 < $1.0 }
        return (removed.map(\.0), removed.map(\.1), placed.map(\.0), placed.map(\.1))
    }
}
