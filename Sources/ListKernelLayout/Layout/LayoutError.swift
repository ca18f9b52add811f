@_spi(ListKernelTesting) public import ListKernelCore

/// What a caller can get wrong when asking the layout a question or changing it. Every
/// message names the numbers involved; a call that throws leaves the layout as it was.
///
/// ```swift
/// do { try layout.setItemExtent(44, at: ItemPath(section: 3, item: 12)) }
/// catch { print(error) }   // "item 12 is out of range: section 3 has 10 items"
/// ```
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A section index outside `0..<sectionCount`.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// An insertion or move destination outside `0...sectionCount`.
    case sectionInsertionOutOfRange(section: Int, sectionCount: Int)
    /// An item index outside `0..<itemCount` of its section.
    case itemOutOfRange(ItemPath, itemCount: Int)
    /// An item insertion or move destination outside `0...itemCount` of its section.
    case itemInsertionOutOfRange(ItemPath, itemCount: Int)
    /// An extent that is NaN, infinite, negative or larger than
    /// `FixedPoint.maximumElementExtent`.
    case invalidExtent(Double, for: String)
    /// A negative count.
    case invalidCount(Int, for: String)
    /// A range of sections or items that is not inside the valid range.
    case rangeOutOfBounds(Range<Int>, bound: Int, for: String)
    /// A change that would give the list more than `ListLimits.maximumSectionCount`
    /// sections: it has `count` and the change adds `adding`.
    case tooManySections(count: Int, adding: Int)
    /// A change that would give the list more than `ListLimits.maximumItemCount` items
    /// (collapsed sections' included): it has `count` and the change adds `adding`.
    case tooManyItems(count: Int, adding: Int)
    /// A change that would make the content, with every section expanded, longer than
    /// `ListLimits.maximumContentExtent`: it is `extent` points and the change adds `adding`.
    case contentTooLong(extent: Double, adding: Double)
    /// A change that would store the extents of `section`'s `itemCount` items one by one
    /// (a measurement, an estimate change, or an item of another extent inserted into a
    /// uniform or estimated section), more than `ListLimits.maximumPerItemCount`.
    case tooManyPerItemExtents(section: Int, itemCount: Int)

    /// A sentence naming the numbers.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .sectionOutOfRange(let section, let count):
            "section \(section) is out of range: the list has \(count) section\(count == 1 ? "" : "s")"
        case .sectionInsertionOutOfRange(let section, let count):
            "cannot insert at section \(section): the list has \(count) section\(count == 1 ? "" : "s"), so the valid places are 0...\(count)"
        case .itemOutOfRange(let path, let count):
            "item \(path.item) is out of range: section \(path.section) has \(count) item\(count == 1 ? "" : "s")"
        case .itemInsertionOutOfRange(let path, let count):
            "cannot insert at item \(path.item) of section \(path.section): it has \(count) item\(count == 1 ? "" : "s"), so the valid places are 0...\(count)"
        case .invalidExtent(let value, let what):
            "invalid extent \(value) for \(what): an extent must be a finite number from 0 to \(FixedPoint.maximumElementExtent) points"
        case .invalidCount(let value, let what):
            "invalid count \(value) for \(what): a count must not be negative"
        case .rangeOutOfBounds(let range, let bound, let what):
            "\(what) \(range.lowerBound)..<\(range.upperBound) is out of range: valid indices are 0..<\(bound)"
        case .tooManySections(let count, let adding):
            "too many sections: adding \(adding) to the \(count) the list has would pass the limit of \(ListLimits.maximumSectionCount) (ListLimits.maximumSectionCount)"
        case .tooManyItems(let count, let adding):
            "too many items: adding \(adding) to the \(count) the list has would pass the limit of \(ListLimits.maximumItemCount) (ListLimits.maximumItemCount)"
        case .contentTooLong(let extent, let adding):
            "content too long: adding \(adding) points to the \(extent) the list has (every section expanded) would pass the limit of \(ListLimits.maximumContentExtent) points (ListLimits.maximumContentExtent)"
        case .tooManyPerItemExtents(let section, let count):
            "section \(section) has \(count) items, too many to store their extents one by one (the limit is \(ListLimits.maximumPerItemCount), ListLimits.maximumPerItemCount); give a section this large a uniform extent"
        }
    }
}
