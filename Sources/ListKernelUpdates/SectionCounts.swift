@_spi(ListKernelTesting) import ListKernelCore

/// The item counts of one side of an update (before or after it): every section's count, or
/// only the counts of the sections the update touches.
///
/// Every count is known when a front end answers counts itself: validation then checks every
/// section (`BatchUpdate.validated(itemCountsBefore:itemCountsAfter:)`, O(S)). When the
/// counts come from a snapshot the kernel holds (`ListDiffableDataSource`), the batch was
/// computed from that snapshot, so a section no operation touches keeps its count by
/// construction: only the touched sections' counts are read and checked
/// (`BatchUpdate._validated(touching:)`), and the untouched ones stay unknown.
///
///     sections      0    1    2    3    4  …  99 999
///     all           12   7    40   3    9  …  5          every count (a front end's answers)
///     touched            7              9                only sections 1 and 4 (a held
///                                                        snapshot's batch touches them)
package struct SectionCounts: Equatable, Sendable {
    /// The number of sections.
    package let sectionCount: Int
    /// Every section's count, or `nil` when only the touched sections' are known.
    package let all: [Int]?
    /// Sorted, distinct sections whose counts are known, when `all` is `nil`.
    package let touchedSections: [Int]
    /// Parallel to `touchedSections`.
    package let touchedCounts: [Int]

    /// Every section's count.
    ///
    /// - Complexity: O(1).
    package init(all counts: [Int]) {
        sectionCount = counts.count
        all = counts
        touchedSections = []
        touchedCounts = []
    }

    /// The counts of `sections` only (sorted and distinct), out of `sectionCount` sections.
    ///
    /// - Complexity: O(1).
    package init(sectionCount: Int, touched sections: [Int], counts: [Int]) {
        precondition(sections.count == counts.count, "kernel invariant: \(sections.count) touched sections for \(counts.count) counts")
        self.sectionCount = sectionCount
        all = nil
        touchedSections = sections
        touchedCounts = counts
    }

    /// Whether every section's count is known.
    ///
    /// - Complexity: O(1).
    package var isComplete: Bool { all != nil }

    /// The count of `section`, or `nil` when it is out of range or not known.
    ///
    /// - Complexity: O(1) when complete, O(log t) for t touched sections otherwise.
    @inline(__always)
    package subscript(section: Int) -> Int? {
        guard section >= 0, section < sectionCount else { return nil }
        if let all { return all[section] }
        return SortedIndexes.position(of: section, in: touchedSections).map { touchedCounts[$0] }
    }

    /// Whether `item` may be an item of `section`: the section is in range and `item` is
    /// below its count, or (for a section whose count is not known, which the update does
    /// not touch) `item` is not negative.
    ///
    /// - Complexity: as the subscript.
    @inline(__always)
    package func contains(item: Int, inSection section: Int) -> Bool {
        guard section >= 0, section < sectionCount, item >= 0 else { return false }
        if let all { return item < all[section] }
        guard let at = SortedIndexes.position(of: section, in: touchedSections) else { return true }
        return item < touchedCounts[at]
    }

    /// The known (section, count) pairs: all sections, or the touched ones.
    ///
    /// - Complexity: O(1); iterating is O(S) or O(t).
    package var known: [(section: Int, count: Int)] {
        if let all { return all.enumerated().map { ($0.offset, $0.element) } }
        return zip(touchedSections, touchedCounts).map { ($0, $1) }
    }
}
