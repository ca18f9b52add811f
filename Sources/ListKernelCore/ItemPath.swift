/// The address of one item: its section and its index inside that section.
///
/// `ItemPath` plays the role of UIKit's `IndexPath(item:section:)`, as a type of its own so
/// that an item address can't be confused with a flat position or a section index.
///
/// ```swift
/// let path = ItemPath(section: 2, item: 7)
/// ```
///
/// - Complexity: every member is O(1).
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index, 0-based.
    public var section: Int
    /// The item index inside `section`, 0-based.
    public var item: Int

    /// Creates the address of item `item` in section `section`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders by section, then by item.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[section, item]`, as UIKit prints an index path.
    ///
    /// - Complexity: O(1).
    public var description: String { "[\(section), \(item)]" }
}
