@_spi(ListKernelTesting) public import ListKernelCore

/// Why a `ListSnapshot` operation was rejected. A rejected operation leaves the snapshot
/// exactly as it was.
///
/// ```swift
/// var snapshot = ListSnapshot<String, Int>()
/// try snapshot.appendSections(["main"])
/// try snapshot.appendItems([1, 2], toSection: "main")
/// do { try snapshot.appendItems([2]) } catch {
///     print(error)  // item 2 is already in the snapshot at [0, 1]
/// }
/// ```
///
/// Identifiers are stored as `String(describing:)` of the identifier value, so the error is
/// `Sendable` whatever the identifier types.
///
/// - Complexity: every member is O(1).
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A section to add is already in the snapshot, at section index `index`.
    case sectionAlreadyPresent(identifier: String, index: Int)
    /// A section identifier occurs twice in the argument, at positions `firstIndex` and
    /// `secondIndex` of the array passed.
    case sectionRepeated(identifier: String, firstIndex: Int, secondIndex: Int)
    /// An item to add is already in the snapshot, at `path`.
    case itemAlreadyPresent(identifier: String, path: ItemPath)
    /// An item identifier occurs twice in the argument, at positions `firstIndex` and
    /// `secondIndex` of the array passed.
    case itemRepeated(identifier: String, firstIndex: Int, secondIndex: Int)
    /// No section has this identifier.
    case sectionNotFound(identifier: String)
    /// No item has this identifier.
    case itemNotFound(identifier: String)
    /// A section was to be moved before or after itself.
    case sectionRelativeToItself(identifier: String)
    /// An item was to be moved before or after itself.
    case itemRelativeToItself(identifier: String)
    /// Items were to be appended without naming a section while the snapshot has none.
    case noSection

    /// Names the identifiers and positions involved.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case let .sectionAlreadyPresent(identifier, index):
            "section \(identifier) is already in the snapshot at section index \(index)"
        case let .sectionRepeated(identifier, first, second):
            "section \(identifier) is repeated in the argument at positions \(first) and \(second)"
        case let .itemAlreadyPresent(identifier, path):
            "item \(identifier) is already in the snapshot at \(path)"
        case let .itemRepeated(identifier, first, second):
            "item \(identifier) is repeated in the argument at positions \(first) and \(second)"
        case let .sectionNotFound(identifier):
            "no section \(identifier) in the snapshot"
        case let .itemNotFound(identifier):
            "no item \(identifier) in the snapshot"
        case let .sectionRelativeToItself(identifier):
            "section \(identifier) can't be moved relative to itself"
        case let .itemRelativeToItself(identifier):
            "item \(identifier) can't be moved relative to itself"
        case .noSection:
            "the snapshot has no section to append items to"
        }
    }
}
