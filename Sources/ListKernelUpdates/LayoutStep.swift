@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// One primitive change to a `ListLayout`, in the index space of the moment it runs. A
/// `ValidatedUpdate`'s `layoutSteps`, run in order, turn the layout before the update into the
/// layout after it.
///
/// Every step is one of `ListLayout`'s public mutations; a moved item is lifted (its extent
/// and measured flag remembered in a numbered slot, then deleted) and dropped (inserted with
/// that extent if it was measured, so it keeps its measurement; an unmeasured one takes the
/// destination's estimate, exactly as `ListLayout.moveItem(from:to:)` does).
///
/// - Complexity: every member is O(1).
enum LayoutStep: Hashable, Sendable, CustomStringConvertible {
    /// `deleteSections(range)`.
    case deleteSections(Range<Int>)
    /// `moveSection(from:to:)`, with `to` an index after this one move.
    case moveSection(from: Int, to: Int)
    /// `insertSections(_:at: range.lowerBound)`, with the descriptions of the sections
    /// `range` (indexes after the update).
    case insertSections(Range<Int>)
    /// `replaceSection(index, with:)`, with the description of section `index` after the
    /// update.
    case reloadSection(Int)
    /// `deleteItems(range, inSection:)`.
    case deleteItems(Range<Int>, inSection: Int)
    /// Remember the extent and measured flag of the item at `path` in slot `slot`, then
    /// delete it.
    case liftItem(ItemPath, slot: Int)
    /// `insertItems(at:count:)`: new items at the section's estimate (or uniform extent).
    case insertItems(at: ItemPath, count: Int)
    /// `insertItems(at:count: 1, measuredExtent:)` with the extent remembered in `slot` if it
    /// was measured, the section's estimate otherwise.
    case dropItem(at: ItemPath, slot: Int)

    /// The step as a line of pseudo-Swift, for traces and reproducers.
    ///
    /// - Complexity: O(1).
    var description: String {
        switch self {
        case .deleteSections(let range): "deleteSections(\(range.lowerBound)..<\(range.upperBound))"
        case .moveSection(let from, let to): "moveSection(from: \(from), to: \(to))"
        case .insertSections(let range): "insertSections(new \(range.lowerBound)..<\(range.upperBound), at: \(range.lowerBound))"
        case .reloadSection(let index): "replaceSection(\(index), with: new \(index))"
        case .deleteItems(let range, let section): "deleteItems(\(range.lowerBound)..<\(range.upperBound), inSection: \(section))"
        case .liftItem(let path, let slot): "lift \(path) into slot \(slot)"
        case .insertItems(let path, let count): "insertItems(at: \(path), count: \(count))"
        case .dropItem(let path, let slot): "drop slot \(slot) at \(path)"
        }
    }
}
