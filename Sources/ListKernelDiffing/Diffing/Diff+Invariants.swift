@_spi(ListKernelTesting) public import ListKernelCore

// Invariants of computed diffs, checked in debug builds after every computation and compiled
// out in release builds (`InvariantChecked`). They are the properties the documentation promises (sorted,
// disjoint, counts that balance); `ListKernelTesting`'s `replay` checks the full
// UIKit rules independently.

extension LinearDiff: InvariantChecked {
    /// Checks that the arrays are sorted and in range and that the counts balance.
    ///
    /// - Complexity: O(n).
    @usableFromInline
    package func _checkInvariantsNow() {
        precondition(_isStrictlyAscending(deleted), "deletes not ascending: \(deleted)")
        precondition(_isStrictlyAscending(inserted), "inserts not ascending: \(inserted)")
        precondition(_isStrictlyAscending(moved.map(\.to)), "moves not ascending by destination")
        precondition(_isStrictlyAscending(changed.map(\.to)), "content changes not ascending by destination")
        precondition(
            countBefore - deleted.count == countAfter - inserted.count,
            "counts do not balance: \(countBefore) - \(deleted.count) != \(countAfter) - \(inserted.count)"
        )
        var movedFrom = [Bool](repeating: false, count: countBefore)
        for index in deleted { precondition(index >= 0 && index < countBefore) }
        for move in moved {
            precondition(move.from >= 0 && move.from < countBefore && move.to >= 0 && move.to < countAfter)
            precondition(!movedFrom[move.from], "two moves from \(move.from)")
            movedFrom[move.from] = true
        }
        for index in inserted { precondition(index >= 0 && index < countAfter) }
    }
}

extension SectionedDiff: InvariantChecked {
    /// Checks that every array is sorted and in range and that section and item counts
    /// balance.
    ///
    /// - Complexity: O(n).
    @usableFromInline
    package func _checkInvariantsNow() {
        let sectionsBefore = itemCountsBefore.count
        let sectionsAfter = itemCountsAfter.count
        precondition(_isStrictlyAscending(deletedSections), "section deletes not ascending")
        precondition(_isStrictlyAscending(insertedSections), "section inserts not ascending")
        precondition(_isStrictlyAscending(movedSections.map(\.to)), "section moves not ascending")
        precondition(_isStrictlyAscending(changedSections.map(\.to)), "section changes not ascending")
        precondition(sectionsBefore - deletedSections.count == sectionsAfter - insertedSections.count)
        precondition(_isStrictlyAscending(deletedItems), "item deletes not ascending")
        precondition(_isStrictlyAscending(insertedItems), "item inserts not ascending")
        precondition(_isStrictlyAscending(movedItems.map(\.to)), "item moves not ascending")
        precondition(_isStrictlyAscending(changedItems.map(\.to)), "item changes not ascending")
        for path in deletedItems {
            precondition(path.section < sectionsBefore && path.item < itemCountsBefore[path.section])
        }
        for path in insertedItems {
            precondition(path.section < sectionsAfter && path.item < itemCountsAfter[path.section])
        }
        let totalBefore = itemCountsBefore.reduce(0, +)
        let totalAfter = itemCountsAfter.reduce(0, +)
        // Items of deleted, inserted and reloaded sections go with their section.
        let deletedWithSections = (deletedSections + changedSections.map(\.from)).reduce(0) { $0 + itemCountsBefore[$1] }
        let insertedWithSections = (insertedSections + changedSections.map(\.to)).reduce(0) { $0 + itemCountsAfter[$1] }
        precondition(
            totalBefore - deletedWithSections - deletedItems.count == totalAfter - insertedWithSections - insertedItems.count,
            "item counts do not balance"
        )
    }
}

/// Whether `values` is strictly ascending.
///
/// - Complexity: O(n).
internal func _isStrictlyAscending<T: Comparable>(_ values: [T]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}
