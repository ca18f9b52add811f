@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

extension ValidatedUpdate: InvariantChecked {
    /// Checks the structure's own invariants and traps if one fails: sorted, distinct,
    /// in-range change lists; parallel arrays of equal length; every move recorded on both
    /// sides; as many untouched places after the update as untouched sections and items
    /// before it. Runs when a value is made, in debug builds (`InvariantChecked`); callable
    /// from tests in any build.
    ///
    /// - Complexity: O(k + S log k) for k operations and S sections.
    @usableFromInline
    package func _checkInvariantsNow() {
        func sortedDistinct(_ values: some Collection<Int>, below bound: Int, _ what: String) {
            var previous: Int?
            for value in values {
                precondition(value >= 0 && value < bound, "\(what): \(value) outside 0..<\(bound)")
                precondition(previous.map { $0 < value } ?? true, "\(what) not sorted and distinct")
                previous = value
            }
        }
        sortedDistinct(removedSections, below: countsBefore.sectionCount, "removed sections")
        sortedDistinct(placedSections, below: countsAfter.sectionCount, "placed sections")
        sortedDistinct(reloadedSections, below: countsBefore.sectionCount, "reloaded sections")
        precondition(removedSections.count == sectionDestinations.count && placedSections.count == sectionSources.count)
        precondition(
            countsBefore.sectionCount - removedSections.count == countsAfter.sectionCount - placedSections.count,
            "\(countsBefore.sectionCount - removedSections.count) untouched sections for \(countsAfter.sectionCount - placedSections.count) places"
        )
        for (old, new) in zip(removedSections, sectionDestinations) where new >= 0 {
            let at = SortedIndexes.position(of: new, in: placedSections)
            precondition(at.map { sectionSources[$0] } == old, "section move \(old) → \(new) recorded on one side only")
        }
        for section in reloadedSections {
            precondition(SortedIndexes.position(of: section, in: removedSections) == nil, "reloaded section \(section) also removed")
        }
        sortedDistinct(oldItemSections, below: countsBefore.sectionCount, "sections with removed items")
        sortedDistinct(newItemSections, below: countsAfter.sectionCount, "sections with placed items")
        precondition(oldItemSections.count == oldItems.count && newItemSections.count == newItems.count)
        for (section, changes) in zip(oldItemSections, oldItems) {
            let count = countsBefore[section]!
            sortedDistinct(changes.removed, below: count, "removed items of section \(section)")
            sortedDistinct(changes.reloaded, below: count, "reloaded items of section \(section)")
            sortedDistinct(changes.reconfigured, below: count, "reconfigured items of section \(section)")
            precondition(changes.removed.count == changes.destinations.count)
        }
        var moves = 0
        for (section, changes) in zip(newItemSections, newItems) {
            sortedDistinct(changes.placed, below: countsAfter[section]!, "placed items of section \(section)")
            precondition(changes.placed.count == changes.sources.count)
            for (item, source) in zip(changes.placed, changes.sources) {
                guard let source else { continue }
                moves += 1
                let group = SortedIndexes.position(of: source.section, in: oldItemSections)
                let at = group.flatMap { SortedIndexes.position(of: source.item, in: oldItems[$0].removed) }
                precondition(
                    at.flatMap { oldItems[group!].destinations[offset: $0] } == ItemPath(section: section, item: item),
                    "item move \(source) → [\(section), \(item)] recorded on one side only"
                )
            }
        }
        precondition(moves == oldItems.reduce(0) { $0 + $1.destinations.count { $0 != nil } }, "item moves recorded on one side only")
        // Every surviving, not reloaded section has as many untouched items as free places.
        // (With a held snapshot's counts only the touched sections are known: those are the
        // ones with changes, so only they are checked.)
        let checked = countsAfter.all.map { Array($0.indices) } ?? countsAfter.touchedSections
        for new in checked {
            switch origin(ofNewSection: new) {
            case .unchanged(let old)?, .moved(from: let old)?: checkUntouched(old: old, new: new)
            default: break
            }
        }
    }

    private func checkUntouched(old: Int, new: Int) {
        let removed = SortedIndexes.position(of: old, in: oldItemSections).map { oldItems[$0].removed.count } ?? 0
        let placed = SortedIndexes.position(of: new, in: newItemSections).map { newItems[$0].placed.count } ?? 0
        guard let before = countsBefore[old], let after = countsAfter[new] else {
            precondition(countsBefore.all == nil, "section \(old) → \(new) without counts")
            return
        }
        precondition(
            before - removed == after - placed,
            "section \(old) → \(new): \(before - removed) untouched items for \(after - placed) places"
        )
    }
}
