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
    /// A flat position outside `0..<positionCount`.
    case positionOutOfRange(FlatPosition, positionCount: Int)
    /// An extent that is NaN, infinite, negative or larger than
    /// `FixedPoint.maximumElementExtent`.
    case invalidExtent(Double, for: String)
    /// A negative count.
    case invalidCount(Int, for: String)
    /// A range of sections or items that is not inside the valid range.
    case rangeOutOfBounds(Range<Int>, bound: Int, for: String)

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
        case .positionOutOfRange(let position, let count):
            "\(position) is out of range: the list has \(count) position\(count == 1 ? "" : "s")"
        case .invalidExtent(let value, let what):
            "invalid extent \(value) for \(what): an extent must be a finite number from 0 to \(FixedPoint.maximumElementExtent) points"
        case .invalidCount(let value, let what):
            "invalid count \(value) for \(what): a count must not be negative"
        case .rangeOutOfBounds(let range, let bound, let what):
            "\(what) \(range.lowerBound)..<\(range.upperBound) is out of range: valid indices are 0..<\(bound)"
        }
    }
}
