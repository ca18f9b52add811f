/// One element that changed position: its index before an update and its index after it.
///
/// The one move type of the kernel: a linear diff's moves are `Move<Int>` (element
/// indexes), a sectioned diff's and a batch update's are `Move<Int>` for sections and
/// `Move<ItemPath>` for items.
///
/// ```swift
/// let move = Move(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 0))
/// print(move)   // [0, 3] → [1, 0]
/// ```
///
/// `from` addresses the state before the update, `to` the state after it (UIKit's
/// `moveItem(at:to:)` and `moveSection(_:toSection:)` spaces). A move is a delete at `from`
/// plus an insert at `to` of the same element, which keeps its identity (and its view).
///
/// - Complexity: every member is O(1).
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The element's index before the update.
    public var from: Index
    /// The element's index after the update.
    public var to: Index

    /// Creates a move from before-update index `from` to after-update index `to`.
    ///
    /// - Parameters:
    ///   - from: the element's index before the update.
    ///   - to: the element's index after the update.
    /// - Complexity: O(1).
    @inlinable
    public init(from: Index, to: Index) {
        self.from = from
        self.to = to
    }

    /// `from → to`.
    ///
    /// - Complexity: O(1).
    public var description: String { "\(from) → \(to)" }
}

extension Move: Comparable where Index: Comparable {
    /// Orders by source, then by destination.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: Move, rhs: Move) -> Bool {
        (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }
}
