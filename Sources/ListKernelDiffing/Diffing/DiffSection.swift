@_spi(ListKernelTesting) import ListKernelCore

/// A section as the sectioned diff sees it: an identifier and ordered items.
///
/// ```swift
/// let sections = [DiffSection(id: "fruit", items: [apple, pear]), DiffSection(id: "veg", items: [leek])]
/// let diff = try SectionedDiff(from: sections, to: updatedSections)
/// ```
///
/// - Complexity: every member is O(1).
public struct DiffSection<ID: Hashable, Item>: Identifiable {
    /// The section's identity: sections with equal ids are the same section.
    public var id: ID
    /// The section's items, in order.
    public var items: [Item]

    /// Creates section `id` holding `items`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(id: ID, items: [Item]) {
        self.id = id
        self.items = items
    }
}

extension DiffSection: Equatable where Item: Equatable {}
extension DiffSection: Hashable where Item: Hashable {}
extension DiffSection: Sendable where ID: Sendable, Item: Sendable {}

extension DiffSection: CustomStringConvertible {
    /// `id: [items]`.
    ///
    /// - Complexity: O(items).
    public var description: String { "\(id): \(items)" }
}
