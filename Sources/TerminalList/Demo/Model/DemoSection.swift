/// One row of the demo list: a title and, for an expandable cell (seed 002), a detail
/// shown when the row is expanded.
///
/// ```swift
/// let item = DemoItem(title: "iPhone 15 Pro", detail: "A17 Pro, titanium")
/// ```
///
/// - Complexity: every member is O(1).
public struct DemoItem: Hashable, Sendable {
    /// The text of the row.
    public var title: String
    /// Extra text, or `nil` for a row that doesn't expand.
    public var detail: String?

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - title: The text of the row.
    ///   - detail: Extra text; none when omitted.
    /// - Complexity: O(1).
    public init(title: String, detail: String? = nil) {
        self.title = title
        self.detail = detail
    }
}

/// One section of the demo list: a header title, its items, and whether it starts folded.
///
/// A section may have no items (seed 003's 越): its header still shows and it still folds
/// and unfolds.
///
/// ```swift
/// let wei = DemoSection(title: "魏", items: ["张辽", "李典", "曹洪"].map { DemoItem(title: $0) })
/// ```
///
/// - Complexity: every member is O(1).
public struct DemoSection: Hashable, Sendable {
    /// The header's text.
    public var title: String
    /// The rows, in order.
    public var items: [DemoItem]
    /// Whether the section starts folded (only its header shows).
    public var collapsed: Bool

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - title: The header's text.
    ///   - items: The rows.
    ///   - collapsed: Whether the section starts folded; unfolded when omitted.
    /// - Complexity: O(1).
    public init(title: String, items: [DemoItem], collapsed: Bool = false) {
        self.title = title
        self.items = items
        self.collapsed = collapsed
    }
}
