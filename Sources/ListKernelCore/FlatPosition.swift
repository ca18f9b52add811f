/// A flat visible position: the index of an element when the headers, the items of expanded
/// sections and the footers of all sections are laid out in one sequence.
///
/// A collapsed section contributes its header and footer only; a section without a header
/// or footer contributes none for it. Items of an expanded section count whatever their
/// extent (a zero-extent item has a position, like a zero-height row has an index path in
/// UIKit), which keeps positions stable while rows are measured.
///
/// ```swift
/// // sections: [header, 2 items, footer], [header (collapsed, 5 items), footer]
/// // positions:   0      1  2     3         4                          5
/// ```
///
/// - Complexity: every member is O(1).
public struct FlatPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 0-based position.
    public var rawValue: Int

    /// Creates position `rawValue`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Orders positions numerically.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: FlatPosition, rhs: FlatPosition) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `position N`.
    ///
    /// - Complexity: O(1).
    public var description: String { "position \(rawValue)" }
}
