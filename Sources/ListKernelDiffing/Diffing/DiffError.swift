@_spi(ListKernelTesting) public import ListKernelCore

/// Which input of a diff something was found in: the old collection (the before-state) or
/// the new one (the after-state).
///
/// - Complexity: every member is O(1).
public enum DiffSide: Hashable, Sendable, CustomStringConvertible {
    /// The old collection, whose indexes are before-state indexes.
    case old
    /// The new collection, whose indexes are after-state indexes.
    case new

    /// `old` or `new`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .old: "old"
        case .new: "new"
        }
    }
}

/// Why a diff could not be computed: an identifier occurs twice in one input, so matching
/// elements by identity would be ambiguous.
///
/// ```swift
/// do {
///     _ = try LinearDiff(from: [a, b, a2], to: [b])   // a and a2 share an id
/// } catch {
///     print(error)  // duplicate identifier 7 in the old elements at indexes 0 and 2
/// }
/// ```
///
/// Identifiers are checked where the diff has to match them by hash: outside the common
/// prefix and suffix of the two inputs (see ``LinearDiff``). Inside those runs elements are
/// paired by position, which is an exact answer even when identifiers repeat.
///
/// The identifier is stored as `String(describing:)` of the identifier value, so the error
/// is `Sendable` whatever the identifier type.
///
/// - Complexity: every member is O(1).
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two elements of a linear input share `identifier`.
    case duplicateElement(identifier: String, side: DiffSide, firstIndex: Int, secondIndex: Int)
    /// Two sections of a sectioned input share `identifier`; the indexes are section indexes.
    case duplicateSection(identifier: String, side: DiffSide, firstIndex: Int, secondIndex: Int)
    /// Two items of a sectioned input share `identifier` (item identifiers must be unique
    /// across all sections).
    case duplicateItem(identifier: String, side: DiffSide, firstPath: ItemPath, secondPath: ItemPath)

    /// Names the duplicate identifier, the input and both positions.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case let .duplicateElement(identifier, side, first, second):
            "duplicate identifier \(identifier) in the \(side) elements at indexes \(first) and \(second)"
        case let .duplicateSection(identifier, side, first, second):
            "duplicate section identifier \(identifier) in the \(side) sections at indexes \(first) and \(second)"
        case let .duplicateItem(identifier, side, first, second):
            "duplicate item identifier \(identifier) in the \(side) sections at \(first) and \(second)"
        }
    }
}
